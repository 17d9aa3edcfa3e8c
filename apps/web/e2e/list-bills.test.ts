import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signIn, startE2E, type E2E } from './harness.ts';
import { axeProblems } from './harness-a11y.ts';

/**
 * Issue 39, list bills: in the demo data Acme Manufacturing pays by list bill and has two invoices, last month's paid
 * and this month's open. Its administrator sees them on the group home on a 375 px phone (axe clean, nothing wider
 * than the screen), opens an invoice's lines and payments, and downloads its PDF.
 */
const overflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

describe("the group home's invoices", () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E({ SEED_DEMO_BILLING: true });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('lists the invoices with their status, lines and payments, and downloads the PDF, at 375 px', async () => {
    const page = await e2e.newPage({ mobile: true, width: 375 });
    await signIn(page, e2e, 'hr@acme.example.com', 'Demo-Group-2026');
    await page.goto(e2e.url('/group-home'));
    const section = page.getByRole('region', { name: 'Invoices' });
    const invoices = section.getByRole('article');
    await expect.poll(() => invoices.count()).toBe(2);
    const [open, paid] = [invoices.nth(0), invoices.nth(1)];
    await open.getByText('Open, not yet due').waitFor();
    await paid.getByText('Paid in full').waitFor();
    expect(await open.getByRole('heading', { level: 3 }).textContent()).toMatch(/^Invoice ACME01-\d{6}-\d+, \w+ \d{4}$/);

    await paid.getByText('Lines and payments').click();
    const lines = paid.getByRole('region', { name: /^Lines of invoice ACME01-/ });
    for (const name of [/^Drew Williams \(BS-DEMO-1006\)/, /^Morgan Patel \(BS-DEMO-1002\)/])
      await lines.getByRole('rowheader', { name }).waitFor();
    await lines.getByRole('rowheader', { name: 'Amount due' }).waitFor();
    await paid.getByText(/^Check 10452: \$[\d,]+\.\d\d received \d\d\/\d\d\/\d{4}$/).waitFor();
    expect(await axeProblems(page)).toEqual([]);
    expect(await overflows(page)).toBe(false);

    const link = paid.getByRole('link', { name: /^Download invoice ACME01-\d{6}-\d+ \(PDF\)$/ });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^invoice-ACME01-\d{6}-\d+\.pdf$/);
    const bytes = await (await download.createReadStream()).toArray();
    expect(Buffer.concat(bytes).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
