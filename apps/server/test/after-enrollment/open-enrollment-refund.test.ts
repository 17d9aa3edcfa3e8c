import { afterAll, beforeAll, expect, it } from 'vitest';
import { addDaysIso } from '@store/domain/dates';
import { mergeRefundKey, mergeRefundMailText } from '@store/domain/open-enrollment-refund';
import { describeEachDb, type TestStore } from '../helpers/store.ts';
import { testPayments } from '../helpers/payments.ts';
import { runRenewalDay } from '../../src/modules/renewals/index.ts';
import { MERGE_REFUND_KIND, MERGE_REFUND_MAIL_KIND, settleMergeRefund } from '../../src/modules/renewals/merge-refund.ts';
import { runListBills } from '../../src/modules/billing/invoice-service.ts';
import { LocalOfflineProvider } from '../../src/modules/enrollment/payment/payment-provider.ts';
import type { RefundResult } from '../../src/lib/payment-provider.ts';
import { BY_BANK, BY_LIST_BILL, mailsOf, memberClient, PLAN_IDS, policiesOf } from './helpers.ts';
import { ACME, choose, closesOn, employee, opensOn, planYearEnd, planYearStart } from './open-enrollment-helpers.ts';

/** The offline provider, counting the refunds asked of it; it can refuse them or not answer. */
class CountingRefunds extends LocalOfflineProvider {
  asked: { cents: number; key: string }[] = [];
  mode: 'ok' | 'refuse' | 'no_answer' = 'ok';
  override async refund(chargeId: string, cents: number, key: string): Promise<RefundResult> {
    this.asked.push({ cents, key });
    if (this.mode === 'refuse') return { status: 'failed', message: 'The charge is disputed.' };
    if (this.mode === 'no_answer') throw new Error('timeout');
    return super.refund(chargeId, cents, key);
  }
}
const provider = new CountingRefunds();
beforeAll(() => testPayments.use(provider));
afterAll(() => testPayments.use(new LocalOfflineProvider()));

const firstPayment = (ts: TestStore, id: string) =>
  ts.db.selectFrom('premium_payments').selectAll().where('enrollment_id', '=', id).where('payment_index', '=', 0).executeTakeFirst();
const ledgerOf = (ts: TestStore, id: string, kind: 'refund' | 'adjustment') =>
  ts.db
    .selectFrom('ledger_entries')
    .select(['amount_cents', 'reason', 'payment_id', 'idempotency_key', 'period'])
    .where('enrollment_id', '=', id)
    .where('kind', '=', kind)
    .orderBy('id')
    .execute();
/** A plan's monthly cents on the enrollment's billing record. */
async function lineCents(ts: TestStore, id: string, planId: number) {
  const b = await ts.db.selectFrom('billing_records').select('lines').where('enrollment_id', '=', id).executeTakeFirstOrThrow();
  const lines = (typeof b.lines === 'string' ? JSON.parse(b.lines) : b.lines) as { plan_id: number | null; monthly_cents: number }[];
  return lines.filter((l) => l.plan_id === planId).reduce((a, l) => a + l.monthly_cents, 0);
}
const trailKinds = async (ts: TestStore, id: string) =>
  (await ts.db.selectFrom('enrollment_events').select('detail').where('enrollment_id', '=', id).orderBy('id').execute()).map(
    (e) => (typeof e.detail === 'string' ? JSON.parse(e.detail) : e.detail)?.kind as string | undefined,
  );
const auditOf = (ts: TestStore, policyId: number, action: string) =>
  ts.db.selectFrom('audit_log').select('detail').where('target', '=', `policy:${policyId}`).where('action', '=', action).execute();
const mergedPolicy = async (ts: TestStore, chose: string) =>
  (await policiesOf(ts, chose)).find((p) => p.plan_id === PLAN_IDS.dentalEssentials)!;

/** Kim holds Dental Essentials and chooses it again with Vision Clear in Acme's active open enrollment. */
async function keeper(ts: TestStore, name: string, how?: Parameters<typeof choose>[3]) {
  await ts.db
    .updateTable('groups')
    .set({ open_enrollment: 'active', enrollment_opens_on: opensOn, enrollment_closes_on: closesOn })
    .where('group_id', '=', ACME)
    .execute();
  const earlier = await employee(ts, name, how);
  const chose = await choose(ts, earlier, [PLAN_IDS.dentalEssentials, PLAN_IDS.visionClear], how);
  // The cart within an active open enrollment starts the choice and its schedule at the plan year (decision 2800);
  // the helper's choice was made outside it, so its record is moved there.
  await ts.db.updateTable('billing_records').set({ starts_on: planYearStart }).where('enrollment_id', '=', chose).execute();
  return { earlier, chose, dental: await lineCents(ts, chose, PLAN_IDS.dentalEssentials) };
}

/**
 * Issue 38 (decision 2870): a choice of a plan the member already holds is merged into the earlier enrollment at the
 * plan year's start (decision 2720); the plan's month the choice's first payment paid is given back once, through the
 * ledger's refund path, the member told; a refusal leaves the merge done and the refund to the operator.
 */
describeEachDb("the first month of an open enrollment's merged choice", (ctx) => {
  it('is refunded to the card once, however often or concurrently the merge and its refund run', async () => {
    const ts = ctx();
    const { chose, dental } = await keeper(ts, 'Kim Keeper');
    await ts.db.updateTable('enrollments').set({ mail_lang: 'es' }).where('id', '=', chose).execute();
    const first = (await firstPayment(ts, chose))!;
    expect(first).toMatchObject({ method: 'cc', status: 'succeeded' });
    expect(dental).toBeGreaterThan(0);
    expect(first.amount_cents).toBeGreaterThan(dental);
    provider.asked = [];

    expect((await runRenewalDay(ts.app, ts.db, planYearStart)).openEnrollment.merged).toBeGreaterThanOrEqual(1);
    expect((await runRenewalDay(ts.app, ts.db, planYearStart)).openEnrollment.merged).toBe(0);
    const policy = await mergedPolicy(ts, chose);
    expect(policy.ends_on).toBe(planYearEnd);
    // Two processes refund it at once before the merge's job runs, then the job and a retry of it: the payment's
    // lock and the key's row (unique in the database) make one refund of them all.
    const m = { enrollmentId: chose, policyId: policy.policy_id, planId: PLAN_IDS.dentalEssentials };
    await Promise.all([1, 2].map(() => ts.db.transaction().execute((trx) => settleMergeRefund(ts.app, trx, m))));
    await ts.app.jobs.runDue();
    await ts.db.transaction().execute((trx) => settleMergeRefund(ts.app, trx, m));

    const key = mergeRefundKey(first.id, policy.policy_id);
    expect(await ledgerOf(ts, chose, 'refund')).toEqual([
      { amount_cents: dental, reason: 'open_enrollment_merged', payment_id: first.id, idempotency_key: key, period: first.period },
    ]);
    expect(provider.asked).toEqual([{ cents: dental, key }]);
    // The merge stays as it was; the rest of the first payment (Vision Clear, the membership) is kept.
    expect((await firstPayment(ts, chose))!.amount_cents).toBe(first.amount_cents);

    // The member's Payments list the refund beside the payment.
    const member = await memberClient(ts, chose);
    const pays = (await member.get('/api/v1/member-home/payments')).body.data.enrollments as {
      enrollment_id: string;
      paid: { period: string; amount_cents: number }[];
      refunded: { period: string; amount_cents: number }[];
    }[];
    const mine = pays.find((e) => e.enrollment_id === chose)!;
    expect(mine.paid).toEqual([expect.objectContaining({ period: first.period, amount_cents: first.amount_cents })]);
    expect(mine.refunded).toEqual([expect.objectContaining({ period: first.period, amount_cents: dental })]);

    // Told once, in the member's language; the trail and the audit log say so.
    const mails = await mailsOf(ts, chose, MERGE_REFUND_MAIL_KIND);
    expect(mails).toHaveLength(1);
    const dollars = `$${(dental / 100).toFixed(2)}`;
    expect(mails[0].subject).toBe(`Le reembolsamos ${dollars} a su tarjeta`);
    expect(mails[0].text).toContain(`Usted eligió de nuevo Dental Essentials para el año del plan, y ya lo tiene.`);
    const said = mergeRefundMailText('es', { name: 'Dana Whitfield', plan: 'Dental Essentials', cents: dental, period: first.period });
    expect(mails[0].text).toBe(said.lines.join('\n\n'));
    expect(mails[0].text).toContain(`le reembolsamos los ${dollars} que su primer pago incluía por `);
    expect((await trailKinds(ts, chose)).filter((k) => k === 'open_enrollment_refund')).toHaveLength(1);
    expect(await auditOf(ts, policy.policy_id, 'renewal.merge_refunded')).toHaveLength(1);
  });

  it('leaves the merge done and the refund to the operator when the provider refuses; tries again when it does not answer, and leaves it after the last try', async () => {
    const ts = ctx();
    const refused = await keeper(ts, 'Ray Refused');
    provider.mode = 'refuse';
    provider.asked = [];
    await runRenewalDay(ts.app, ts.db, planYearStart);
    await ts.app.jobs.runDue();
    const policy = await mergedPolicy(ts, refused.chose);
    expect(policy.ends_on).toBe(planYearEnd);
    expect((await policiesOf(ts, refused.earlier.id)).map((p) => p.ends_on)).toEqual([null]);
    expect(await ledgerOf(ts, refused.chose, 'refund')).toEqual([]);
    expect(provider.asked).toHaveLength(1);
    const due = await auditOf(ts, policy.policy_id, 'renewal.merge_refund_due');
    expect(due.map((d) => (typeof d.detail === 'string' ? JSON.parse(d.detail) : d.detail))).toEqual([
      {
        kind: 'open_enrollment_refund_due',
        policy_id: policy.policy_id,
        plan_id: PLAN_IDS.dentalEssentials,
        why: 'refused',
        message: 'The charge is disputed.',
        payment_id: (await firstPayment(ts, refused.chose))!.id,
        period: (await firstPayment(ts, refused.chose))!.period,
        amount_cents: refused.dental,
      },
    ]);
    expect(await trailKinds(ts, refused.chose)).toContain('open_enrollment_refund_due');
    expect(await mailsOf(ts, refused.chose, MERGE_REFUND_MAIL_KIND)).toHaveLength(0);

    // No answer: the job fails, nothing written, and its next try (same key) refunds once.
    const late = await keeper(ts, 'Lee Late');
    provider.mode = 'no_answer';
    await runRenewalDay(ts.app, ts.db, planYearStart);
    await ts.app.jobs.runDue();
    expect(await ledgerOf(ts, late.chose, 'refund')).toEqual([]);
    const job = await ts.db
      .selectFrom('scheduled_jobs')
      .select(['id', 'status', 'attempts', 'last_error'])
      .where('kind', '=', MERGE_REFUND_KIND)
      .where('enrollment_id', '=', late.chose)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'pending', attempts: 1, last_error: 'timeout' });
    provider.mode = 'ok';
    await ts.db
      .updateTable('scheduled_jobs')
      .set({ due_at: new Date(Date.now() - 1000) })
      .where('id', '=', job.id)
      .execute();
    await ts.app.jobs.runDue();
    expect((await ledgerOf(ts, late.chose, 'refund')).map((r) => r.amount_cents)).toEqual([late.dental]);
    expect(await mailsOf(ts, late.chose, MERGE_REFUND_MAIL_KIND)).toHaveLength(1);

    // No answer at the job's last try: left to the operator, the job done.
    const lost = await keeper(ts, 'Nia Noanswer');
    provider.mode = 'no_answer';
    await runRenewalDay(ts.app, ts.db, planYearStart);
    await ts.db
      .updateTable('scheduled_jobs')
      .set({ attempts: 4 })
      .where('kind', '=', MERGE_REFUND_KIND)
      .where('enrollment_id', '=', lost.chose)
      .execute();
    await ts.app.jobs.runDue();
    provider.mode = 'ok';
    const lostPolicy = await mergedPolicy(ts, lost.chose);
    const lostDue = await auditOf(ts, lostPolicy.policy_id, 'renewal.merge_refund_due');
    expect(lostDue.map((d) => (typeof d.detail === 'string' ? JSON.parse(d.detail) : d.detail))).toEqual([
      expect.objectContaining({ why: 'no_answer', message: 'timeout' }),
    ]);
    const lostJob = ts.db
      .selectFrom('scheduled_jobs')
      .select('status')
      .where('kind', '=', MERGE_REFUND_KIND)
      .where('enrollment_id', '=', lost.chose);
    expect(await lostJob.executeTakeFirstOrThrow()).toEqual({ status: 'done' });
    expect(await ledgerOf(ts, lost.chose, 'refund')).toEqual([]);
  });

  it('takes a bank debit not yet sent down by the plan, and leaves a sent one to the operator', async () => {
    const ts = ctx();
    provider.mode = 'ok';
    const waiting = await keeper(ts, 'Wes Waiting', BY_BANK);
    const sent = await keeper(ts, 'Sue Sent', BY_BANK);
    // A debit not yet sent is for the plan year's first month, as the cart within the open enrollment makes it
    // (decision 2800; the helper's choice was made outside it).
    await ts.db
      .updateTable('premium_payments')
      .set({ period: planYearStart.slice(0, 7) })
      .where('enrollment_id', '=', waiting.chose)
      .where('payment_index', '=', 0)
      .execute();
    const before = (await firstPayment(ts, waiting.chose))!;
    expect(before).toMatchObject({ method: 'eft', status: 'pending' });
    await ts.db
      .updateTable('premium_payments')
      .set({ status: 'submitted' })
      .where('id', '=', (await firstPayment(ts, sent.chose))!.id)
      .execute();
    provider.asked = [];
    await runRenewalDay(ts.app, ts.db, planYearStart);
    await ts.app.jobs.runDue();

    // Not sent: the debit goes to the bank without the plan's month (an adjustment row), nothing to refund.
    expect((await firstPayment(ts, waiting.chose))!.amount_cents).toBe(before.amount_cents - waiting.dental);
    expect((await ledgerOf(ts, waiting.chose, 'adjustment')).map((r) => [r.amount_cents, r.reason])).toEqual([
      [-waiting.dental, 'plan_cancelled'],
    ]);
    expect(await ledgerOf(ts, waiting.chose, 'refund')).toEqual([]);
    expect(await auditOf(ts, (await mergedPolicy(ts, waiting.chose)).policy_id, 'renewal.merge_refund_due')).toEqual([]);
    // Sent: the store sends no credits; the operator returns it by the bank.
    const sentPolicy = await mergedPolicy(ts, sent.chose);
    const due = await auditOf(ts, sentPolicy.policy_id, 'renewal.merge_refund_due');
    expect(due.map((d) => (typeof d.detail === 'string' ? JSON.parse(d.detail) : d.detail))).toEqual([
      expect.objectContaining({ why: 'bank_debit', amount_cents: sent.dental }),
    ]);
    expect(await ledgerOf(ts, sent.chose, 'refund')).toEqual([]);
    expect(provider.asked).toEqual([]);
  });

  it("bills a list-billed member's month once on the group's invoices", async () => {
    const ts = ctx();
    await ts.db.updateTable('groups').set({ bill_day: 20 }).where('group_id', '=', ACME).execute();
    const { earlier, chose, dental } = await keeper(ts, 'Lia Listed', BY_LIST_BILL);
    expect(await firstPayment(ts, chose)).toBeUndefined();
    const month = planYearStart.slice(0, 7);
    const billedFor = async (id: string) =>
      (
        await ts.db
          .selectFrom('invoice_lines as l')
          .innerJoin('invoices as i', 'i.id', 'l.invoice_id')
          .select(['l.kind', 'l.amount_cents'])
          .where('i.group_id', '=', ACME)
          .where('l.enrollment_id', '=', id)
          .where('l.covers_period', '=', month)
          .orderBy('l.id')
          .execute()
      ).map((l) => [l.kind, l.amount_cents]);
    const deps = { db: ts.db, sealer: ts.app.sealer, mail: false as const };
    const choiceMonthly = (
      await ts.db.selectFrom('billing_records').select('recurring_cents').where('enrollment_id', '=', chose).executeTakeFirstOrThrow()
    ).recurring_cents;
    const earlierMonthly = (
      await ts.db.selectFrom('billing_records').select('recurring_cents').where('enrollment_id', '=', earlier.id).executeTakeFirstOrThrow()
    ).recurring_cents;

    // The plan year's first month is invoiced before its start: both enrollments carry it (nothing is merged yet).
    await runListBills(deps, addDaysIso(planYearStart, -12));
    expect(await billedFor(chose)).toEqual([['premium', choiceMonthly]]);
    // The merge at its start: the next invoice takes the merged plan's month back, and bills the choice without it.
    await runRenewalDay(ts.app, ts.db, planYearStart);
    await ts.app.jobs.runDue();
    await runListBills(deps, addDaysIso(planYearStart, 19));
    expect(await billedFor(chose)).toEqual([
      ['premium', choiceMonthly],
      ['ended', -dental],
    ]);
    expect((await billedFor(earlier.id)).reduce((a, l) => a + Number(l[1]), 0)).toBe(earlierMonthly);
    const february = await ts.db
      .selectFrom('invoice_lines as l')
      .innerJoin('invoices as i', 'i.id', 'l.invoice_id')
      .select('l.amount_cents')
      .where('l.enrollment_id', '=', chose)
      .where('l.kind', '=', 'premium')
      .where('l.covers_period', '>', month)
      .execute();
    expect(february.map((l) => l.amount_cents)).toEqual([choiceMonthly - dental]);
  });
});
