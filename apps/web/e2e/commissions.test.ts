import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { DEMO_OPERATOR_TOTP_SECRET } from '../../server/src/db/seed/demo-people.ts';
import { addMonths } from '@store/domain/billing-schedule';
import { todayIso } from '@store/domain/dates';
import { COMMISSION_TEXTS } from '@store/domain/commissions';
import { makeStatements } from '../../server/src/modules/commissions/index.ts';
import { runCards } from '../../server/test/billing/ledger-fixtures.ts';
import { commissionedMember, PLAN } from '../../server/test/commissions/fixtures.ts';
import { signIn, startE2E, type E2E } from './harness.ts';
import { signInAsOperator } from './admin-harness.ts';
import { axeProblems, refusedSummary } from './harness-a11y.ts';

/** Issue 39: the rep's commission statements on a phone, and the operator's agency and upline form. */
describe('commissions in the rep home and the console', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
    const db = e2e.store.db;
    const plan = await db.selectFrom('plans').select('carrier_id').where('plan_id', '=', PLAN).executeTakeFirstOrThrow();
    await db
      .insertInto('commission_schedules')
      .values({ carrier_id: plan.carrier_id!, plan_id: PLAN, first_year_bp: 2000, renewal_bp: 500, flat_cents: 2500 })
      .execute();
    // Last month's statement (made as the job makes it on the first), then a payment of this month so far.
    await commissionedMember(e2e.store, 20001, 'Statementclient');
    await runCards(e2e.store, '2026-12-05');
    await makeStatements(db, addMonths(`${todayIso().slice(0, 7)}-01`, 1));
    await commissionedMember(e2e.store, 20001, 'Sofarclient');
    await runCards(e2e.store, '2026-12-05');
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('shows the rep the statements with their PDF and CSV and this month so far, on a 375 px phone, without axe problems', async () => {
    const page = await e2e.newPage({ mobile: true, width: 375 });
    await signIn(page, e2e, 'jordan.avery@example.com', 'Demo-Rep-2026');
    await page.goto(e2e.url('/agent-home'));
    const section = page.getByRole('region', { name: 'Commissions', exact: true });
    const statements = section.getByRole('table', { name: 'Commission statements' });
    const row = statements.getByRole('row').filter({ hasText: todayIso().slice(0, 7) });
    await row.getByText('$30.40').waitFor(); // 20% of $26.99 and the flat $25.00
    await section.getByText('Earned on premium collected and not yet on a statement: $30.40').waitFor();
    await section.getByRole('table', { name: 'This month so far' }).getByText('Sofarclient Ledger').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await axeProblems(page, { selector: '.rep-home-commissions' })).toEqual([]);

    const pdf = row.getByRole('link', { name: /PDF/ });
    const pdfAnswer = await page.request.get(new URL((await pdf.getAttribute('href'))!, page.url()).href);
    expect(pdfAnswer.headers()['content-type']).toContain('application/pdf');
    const csv = row.getByRole('link', { name: /CSV/ });
    const csvText = await (await page.request.get(new URL((await csv.getAttribute('href'))!, page.url()).href)).text();
    expect(csvText).toContain('First-year commission');
    expect(csvText).toContain('5.40');
  });

  it("refuses an override beside its field and saves a rep's agency and upline, on a phone", async () => {
    const page = await e2e.newPage({ mobile: true, width: 375 });
    await signInAsOperator(page, e2e);
    await page.goto(e2e.url('/admin/agents/20002'));
    const form = page.getByRole('form', { name: 'Agency and upline' });
    await form.getByLabel('Agency', { exact: true }).fill('Harbor Point Agency');
    await form.getByLabel('Upline').selectOption('20001');
    await form.getByLabel("Override on this rep's downline (%)").fill('150');
    await form.getByRole('button', { name: 'Save agency and upline' }).click();
    const summary = await refusedSummary(form);
    await summary.getByText(COMMISSION_TEXTS.percent).waitFor();
    await form.getByLabel("Override on this rep's downline (%)").fill('12.5');
    await form.getByRole('button', { name: 'Save agency and upline' }).click();
    await form.getByText('Agency and upline saved.').waitFor();
    const casey = await e2e.store.db
      .selectFrom('agents')
      .select(['agency', 'upline_agent_id', 'override_bp'])
      .where('agent_id', '=', 20002)
      .executeTakeFirstOrThrow();
    // 12.5 % typed is 1,250 basis points stored (converted once, by the server).
    expect(casey).toEqual({ agency: 'Harbor Point Agency', upline_agent_id: 20001, override_bp: 1250 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await axeProblems(page, { selector: 'form[aria-labelledby="rep-hierarchy-title"]' })).toEqual([]);
  });

  it('lists the schedules within a 375 px phone once one is set', async () => {
    const page = await e2e.newPage({ mobile: true, width: 375 });
    await signInAsOperator(page, e2e);
    await page.goto(e2e.url('/admin/commissions'));
    await page.getByLabel('Carrier', { exact: true }).selectOption({ label: 'National Dental and Vision Carrier' });
    await page.getByLabel('First-year commission (%)').fill('20');
    await page.getByLabel('Renewal commission (%)').fill('5');
    await page.getByRole('button', { name: 'Save commission schedule' }).click();
    // A money setting: the console asks for the second factor again unless it was given moments ago.
    const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
    const saved = page.getByText('Commission schedule saved.');
    await Promise.race([dialog.waitFor(), saved.waitFor()]);
    if (await dialog.isVisible()) {
      const epoch = Math.floor(Date.now() / 1000) + 30;
      await dialog.getByLabel('Authenticator code').fill(await generate({ secret: DEMO_OPERATOR_TOTP_SECRET, epoch }));
      await dialog.getByRole('button', { name: 'Confirm and save' }).click();
    }
    await saved.waitFor();
    const table = page.getByRole('table', { name: 'Commission schedules' });
    await table.getByRole('row').filter({ hasText: 'National Dental and Vision Carrier' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await axeProblems(page, { selector: '.admin-content' })).toEqual([]);
  });
});
