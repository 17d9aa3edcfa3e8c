import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMINDER_DAYS_TEXT } from '@store/domain/renewals';
import { startE2E, type E2E } from './harness.ts';
import { signInAsOperator } from './admin-harness.ts';
import { axeProblems, refusedSummary } from './harness-a11y.ts';

/** Decision 2722: the operator edits a group's open enrollment reminder days on the group's page. */
describe("a group's open enrollment reminder days in the console", () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('refuses days outside 1 to 60 in the error summary and beside the field, and saves 10', async () => {
    const page = await e2e.newPage();
    await signInAsOperator(page, e2e);
    await page.goto(e2e.url('/admin/groups/3001'));
    const field = page.getByLabel('Open enrollment reminder days', { exact: true });
    await field.waitFor();
    expect(await field.inputValue()).toBe('7');

    await field.fill('61');
    await page.getByRole('button', { name: 'Save group' }).click();
    const summary = await refusedSummary(page);
    await summary.getByText(REMINDER_DAYS_TEXT).waitFor();
    const described = await field.evaluate((el) =>
      (el.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    );
    expect(described).toContain(REMINDER_DAYS_TEXT);
    expect(await axeProblems(page)).toEqual([]);

    await field.fill('10');
    await page.getByRole('button', { name: 'Save group' }).click();
    await page.getByText('Group saved.').waitFor();
    const g = await e2e.store.db
      .selectFrom('groups')
      .select('open_enrollment_reminder_days')
      .where('group_id', '=', 3001)
      .executeTakeFirstOrThrow();
    expect(g.open_enrollment_reminder_days).toBe(10);
    await page.reload();
    await expect.poll(() => page.getByLabel('Open enrollment reminder days', { exact: true }).inputValue()).toBe('10');
  }, 120_000);
});
