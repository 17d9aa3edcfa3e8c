import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { TEXT } from '@store/domain/texts';

/** Accessibility in the browser tests: axe-core's checks of what the page shows, and moving with the keyboard alone. */

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** The WCAG 2.1 A and AA rules of axe-core. */
export const WCAG21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Accessibility problems (axe-core) on what the page shows now, as 'rule: targets' lines: by default the serious
 * and critical ones under WCAG 2 A and AA, in the whole page or under `selector`.
 */
export async function axeProblems(page: Page, opts: { selector?: string; tags?: string[]; allImpacts?: boolean } = {}): Promise<string[]> {
  // evaluated through the debugging protocol: the store's CSP (script-src 'self') stays on
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(
    async ({ selector, tags, allImpacts }) => {
      const axe = (
        window as unknown as {
          axe: {
            run: (ctx: unknown, opts: unknown) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
          };
        }
      ).axe;
      const r = await axe.run(selector ? { include: [selector] } : document, { runOnly: { type: 'tag', values: tags } });
      return r.violations
        .filter((v) => allImpacts || v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    },
    { selector: opts.selector, tags: opts.tags ?? ['wcag2a', 'wcag2aa'], allImpacts: !!opts.allImpacts },
  );
}

/** Whether an element of `target` has the keyboard focus now. */
const hasFocus = (target: Locator) => target.evaluateAll((els) => els.some((el) => el === document.activeElement));

/**
 * Presses Tab (Shift+Tab when `back`) until `target` has the focus, as a keyboard user does, at most `max` times;
 * fails if the element cannot be reached that way.
 */
export async function tabTo(page: Page, target: Locator, opts: { back?: boolean; max?: number } = {}) {
  await target.first().waitFor();
  if (await hasFocus(target)) return;
  const max = opts.max ?? 60;
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(opts.back ? 'Shift+Tab' : 'Tab');
    if (await hasFocus(target)) return;
  }
  const focused = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el ? `${el.tagName} ${el.getAttribute('name') ?? ''} ${el.textContent?.slice(0, 40) ?? ''}` : 'nothing';
  });
  throw new Error(`${target} not reached with ${max} ${opts.back ? 'Shift+Tab' : 'Tab'} presses; focus is on ${focused}`);
}

/** Tabs to a field and types into it (what was there is selected first and replaced, as Ctrl+A then typing does). */
export async function typeInto(page: Page, target: Locator, text: string, opts: { back?: boolean } = {}) {
  await tabTo(page, target, opts);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
}

/**
 * The error summary of a refused form in `scope` (a page or a dialog): 'There is a problem' in an alert, and the
 * summary holding the focus. Returns the alert, whose links lead to the fields.
 */
export async function refusedSummary(scope: Page | Locator): Promise<Locator> {
  const page = 'page' in scope ? scope.page() : scope;
  const summary = scope.getByRole('alert').filter({ has: page.getByRole('heading', { name: TEXT.ERROR_SUMMARY_TITLE }) });
  await summary.waitFor();
  await expect.poll(() => summary.evaluate((el) => el.parentElement === document.activeElement)).toBe(true);
  return summary;
}

/** Activates the summary's link named exactly `name` (field name and message); `field` then has the focus. */
export async function followSummaryLink(summary: Locator, name: string, field: Locator) {
  await summary.getByRole('link', { name, exact: true }).click();
  await expect.poll(() => hasFocus(field)).toBe(true);
}
