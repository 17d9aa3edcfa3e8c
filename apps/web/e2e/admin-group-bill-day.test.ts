import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILL_DAY_TEXT } from '@store/domain/list-bill';
import { startE2E, type E2E } from './harness.ts';
import { signInAsOperator } from './admin-harness.ts';
import { axeProblems, refusedSummary } from './harness-a11y.ts';

/** Decision 2642: the operator edits a group's bill day on the group's page, on a phone. */
describe("a group's bill day in the console", () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('refuses a day outside 1 to 31 beside the field, and saves the 15th', async () => {
    const page = await e2e.newPage({ mobile: true, width: 375 });
    await signInAsOperator(page, e2e);
    await page.goto(e2e.url('/admin/groups/3001'));
    const field = page.getByLabel('Bill day', { exact: true });
    await field.waitFor();
    expect(await field.inputValue()).toBe('1');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await axeProblems(page)).toEqual([]);

    await field.fill('32');
    await page.getByRole('button', { name: 'Save group' }).click();
    const summary = await refusedSummary(page);
    await summary.getByText(BILL_DAY_TEXT).waitFor();
    // The message is beside the field, and the field says so to a screen reader.
    const described = await field.evaluate((el) =>
      (el.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    );
    expect(described).toContain(BILL_DAY_TEXT);
    expect(await axeProblems(page)).toEqual([]);

    await field.fill('15');
    await page.getByRole('button', { name: 'Save group' }).click();
    await page.getByText('Group saved.').waitFor();
    const g = await e2e.store.db.selectFrom('groups').select('bill_day').where('group_id', '=', 3001).executeTakeFirstOrThrow();
    expect(g.bill_day).toBe(15);
    await page.reload();
    await expect.poll(() => page.getByLabel('Bill day', { exact: true }).inputValue()).toBe('15');
  }, 120_000);
});
