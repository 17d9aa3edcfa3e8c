import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_TEXT as T } from '@store/domain/admin-dashboard';
import { startE2E, type E2E } from './harness.ts';
import { signInAsOperator } from './admin-harness.ts';
import { axeProblems } from './harness-a11y.ts';

/** Issue 37: the console opens on a dashboard of today's enrollments and what needs the operator, on a phone too. */
describe('the console dashboard', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('opens on the dashboard; a failed mail is listed under what needs the operator and leads to the mail', async () => {
    const id = await e2e.store.app.mailer.enqueue(e2e.store.db, {
      kind: 'test',
      to: 'pat@example.com',
      subject: 'Bounced receipt',
      html: '',
      text: '',
    });
    await e2e.store.db.updateTable('outbox').set({ status: 'failed' }).where('id', '=', id).execute();
    const page = await e2e.newPage({ mobile: true, width: 375 });
    await signInAsOperator(page, e2e);
    await page.goto(e2e.url('/admin'));
    await page.getByRole('heading', { level: 1, name: T.TITLE }).waitFor();
    for (const title of [T.TODAY, T.UNACKNOWLEDGED, T.FAILED_FILES, T.FAILED_MAIL])
      await page.getByRole('region', { name: new RegExp(`^${title}`) }).waitFor();
    const needs = page.getByRole('region', { name: T.NEEDS_YOU });
    await needs.getByRole('link', { name: `${T.FAILED_MAIL}: 1` }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await axeProblems(page)).toEqual([]);
    await page
      .getByRole('region', { name: new RegExp(`^${T.FAILED_MAIL}`) })
      .getByRole('link', { name: 'Bounced receipt' })
      .click();
    await page.waitForURL((u) => u.pathname === `/admin/outbox/${id}`);
  });
});
