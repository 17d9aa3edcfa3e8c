import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './harness.ts';

/**
 * The Modal component (components/ui/modal.tsx) alone in Chromium: a parent that re-renders on demand and closes
 * the dialog with an inline arrow function, the way most call sites do.
 */
const PAGE = `
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Modal } from './src/components/ui/modal.tsx';

function Parent() {
  const [open, setOpen] = useState(false);
  const [renders, setRenders] = useState(0);
  useEffect(() => {
    window.rerender = () => setRenders((n) => n + 1);
  }, []);
  return (
    <main>
      <button type="button" onClick={() => setOpen(true)}>Edit address</button>
      <p>Parent renders: {renders}</p>
      <Modal open={open} title="Address" onClose={() => setOpen(false)}>
        <label>Street <input /></label>
        <label>City <input /></label>
      </Modal>
    </main>
  );
}
createRoot(document.getElementById('root')).render(<Parent />);
`;

let browser: Browser;
let script: string;

beforeAll(async () => {
  const web = path.resolve(import.meta.dirname, '..');
  const out = await build({
    stdin: { contents: PAGE, loader: 'tsx', resolveDir: web, sourcefile: 'modal-page.tsx' },
    bundle: true,
    write: false,
    format: 'iife',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  script = out.outputFiles[0].text;
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
});

afterAll(async () => {
  await browser?.close();
});

async function openPage(): Promise<Page> {
  const page = await browser.newPage();
  await page.setContent(`<!doctype html><html lang="en"><body><div id="root"></div></body></html>`);
  await page.addScriptTag({ content: script });
  await page.getByRole('button', { name: 'Edit address' }).click();
  await expect.poll(() => page.getByRole('dialog', { name: 'Address' }).isVisible()).toBe(true);
  return page;
}

describe('Modal (native dialog)', () => {
  it('keeps focus where it is when the parent re-renders with a new inline onClose', async () => {
    const page = await openPage();
    const dialog = page.getByRole('dialog', { name: 'Address' });
    await expect.poll(() => dialog.getByLabel('Street').evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.type('Austin');
    for (let i = 0; i < 3; i++) await page.evaluate(() => (window as unknown as { rerender(): void }).rerender());
    await expect.poll(() => page.getByText('Parent renders: 3').isVisible()).toBe(true);
    expect(await dialog.getByLabel('City').evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await dialog.getByLabel('City').inputValue()).toBe('Austin');
    await page.close();
  });

  it('makes the page behind inert, closes on Escape and gives focus back to the button that opened it', async () => {
    const page = await openPage();
    const opener = page.getByRole('button', { name: 'Edit address' });
    // The page behind cannot take focus or clicks while the dialog is open.
    expect(await opener.evaluate((el: HTMLElement) => (el.focus(), el === document.activeElement))).toBe(false);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.close();
  });

  it('keeps Tab inside the dialog and closes from its Close button', async () => {
    const page = await openPage();
    const dialog = page.getByRole('dialog', { name: 'Address' });
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    // Past the last field: back to the first control of the dialog (its Close button), never the page behind.
    expect(await page.evaluate(() => !!document.activeElement?.closest('dialog, [role=dialog]'))).toBe(true);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await page.close();
  });
});
