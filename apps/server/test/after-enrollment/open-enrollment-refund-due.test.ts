import { afterAll, beforeAll, expect, it } from 'vitest';
import { mergeMembershipRefundKey, mergeRefundKey, mergeRefundMailText } from '@store/domain/open-enrollment-refund';
import { describeEachDb, type TestStore } from '../helpers/store.ts';
import { DEMO } from '../helpers/client.ts';
import { testPayments } from '../helpers/payments.ts';
import { runRenewalDay } from '../../src/modules/renewals/index.ts';
import { MERGE_REFUND_MAIL_KIND, settleMergeRefund } from '../../src/modules/renewals/merge-refund.ts';
import { refundPayment } from '../../src/modules/billing/index.ts';
import { LocalOfflineProvider } from '../../src/modules/enrollment/payment/payment-provider.ts';
import type { RefundResult } from '../../src/lib/payment-provider.ts';
import { mailsOf, operatorClient, PLAN_IDS, policiesOf } from './helpers.ts';
import { ACME, choose, closesOn, employee, opensOn, planYearStart } from './open-enrollment-helpers.ts';

/** The offline provider, counting the refunds asked of it; it can refuse them. */
class CountingRefunds extends LocalOfflineProvider {
  asked: { cents: number; key: string }[] = [];
  refuse = false;
  override async refund(chargeId: string, cents: number, key: string): Promise<RefundResult> {
    this.asked.push({ cents, key });
    if (this.refuse) return { status: 'failed', message: 'The charge is disputed.' };
    return super.refund(chargeId, cents, key);
  }
}
const provider = new CountingRefunds();
beforeAll(() => testPayments.use(provider));
afterAll(() => testPayments.use(new LocalOfflineProvider()));

const { dentalEssentials: DENTAL, visionClear: VISION } = PLAN_IDS;
const firstPayment = (ts: TestStore, id: string) =>
  ts.db.selectFrom('premium_payments').selectAll().where('enrollment_id', '=', id).where('payment_index', '=', 0).executeTakeFirstOrThrow();
const refundsOf = (ts: TestStore, id: string) =>
  ts.db
    .selectFrom('ledger_entries')
    .select(['amount_cents', 'idempotency_key'])
    .where('enrollment_id', '=', id)
    .where('kind', '=', 'refund')
    .orderBy('id')
    .execute();
/** The enrollment's billing record's monthly cents by line: a plan's, or the membership's. */
async function cents(ts: TestStore, id: string, of: number | 'membership') {
  const b = await ts.db.selectFrom('billing_records').select('lines').where('enrollment_id', '=', id).executeTakeFirstOrThrow();
  const lines = (typeof b.lines === 'string' ? JSON.parse(b.lines) : b.lines) as {
    kind: string;
    plan_id: number | null;
    monthly_cents: number;
  }[];
  return lines.filter((l) => (of === 'membership' ? l.kind === 'membership' : l.plan_id === of)).reduce((a, l) => a + l.monthly_cents, 0);
}

/** `name` holds `holds` and chooses `chooses` in Acme's active open enrollment (by card). */
async function keeper(ts: TestStore, name: string, holds: number[], chooses: number[]) {
  await ts.db
    .updateTable('groups')
    .set({ open_enrollment: 'active', enrollment_opens_on: opensOn, enrollment_closes_on: closesOn })
    .where('group_id', '=', ACME)
    .execute();
  const earlier = await employee(ts, name, undefined, holds);
  const chose = await choose(ts, earlier, chooses);
  await ts.db.updateTable('billing_records').set({ starts_on: planYearStart }).where('enrollment_id', '=', chose).execute();
  const policy = async (planId: number) => (await policiesOf(ts, chose)).find((p) => p.plan_id === planId)!.policy_id;
  return { earlier, chose, policy };
}

/**
 * Decision 2871: a choice all of whose plans are merged gives back its first month's membership fee too, once; an
 * operator's refund by hand counts; what is left to the operator is listed on the console's dashboard until settled.
 */
describeEachDb("the merged choice's membership fee and the refunds left to the operator", (ctx) => {
  it('refunds the fee once when every plan of the choice is merged, whatever job comes last; none when a plan goes on', async () => {
    const ts = ctx();
    provider.refuse = false;
    const both = await keeper(ts, 'Bo Both', [DENTAL, VISION], [DENTAL, VISION]);
    const mixed = await keeper(ts, 'Mia Mixed', [DENTAL], [DENTAL, VISION]);
    await ts.db.updateTable('enrollments').set({ mail_lang: 'es' }).where('id', '=', both.chose).execute();
    const [dental, vision, fee] = [
      await cents(ts, both.chose, DENTAL),
      await cents(ts, both.chose, VISION),
      await cents(ts, both.chose, 'membership'),
    ];
    expect(fee).toBeGreaterThan(0);
    provider.asked = [];
    await runRenewalDay(ts.app, ts.db, planYearStart);
    // The two merged plans' refunds run at once in two processes, then the merge's two jobs, then again.
    const run = (planId: number) => async () => {
      const m = { enrollmentId: both.chose, policyId: await both.policy(planId), planId };
      await ts.db.transaction().execute((trx) => settleMergeRefund(ts.app, trx, m));
    };
    await Promise.all([run(DENTAL)(), run(VISION)()]);
    await ts.app.jobs.runDue();
    await run(VISION)();

    const p = await firstPayment(ts, both.chose);
    const rows = await refundsOf(ts, both.chose);
    expect(rows.filter((r) => r.idempotency_key === mergeMembershipRefundKey(p.id))).toEqual([
      { amount_cents: fee, idempotency_key: mergeMembershipRefundKey(p.id) },
    ]);
    expect(rows.map((r) => r.amount_cents).sort()).toEqual([dental, vision, fee].sort());
    expect(rows.reduce((a, r) => a + r.amount_cents, 0)).toBe(p.amount_cents);
    expect(provider.asked.filter((a) => a.key === mergeMembershipRefundKey(p.id))).toHaveLength(1);
    const mails = await mailsOf(ts, both.chose, MERGE_REFUND_MAIL_KIND);
    expect(mails).toHaveLength(3);
    const said = mergeRefundMailText('es', { name: '', plan: '', cents: fee, period: p.period, part: 'membership' });
    expect(mails.map((m) => m.text)).toContainEqual(expect.stringContaining(said.lines[1]));

    // A plan of the choice goes on: its month's fee is the choice's own, nothing of it is refunded.
    const q = await firstPayment(ts, mixed.chose);
    expect((await refundsOf(ts, mixed.chose)).map((r) => r.idempotency_key)).toEqual([mergeRefundKey(q.id, await mixed.policy(DENTAL))]);
  });

  it("refunds nothing more of a plan's month an operator already refunded by hand through the console", async () => {
    const ts = ctx();
    provider.refuse = false;
    const k = await keeper(ts, 'Hal Hand', [DENTAL], [DENTAL, VISION]);
    const dental = await cents(ts, k.chose, DENTAL);
    const p = await firstPayment(ts, k.chose);
    await refundPayment({ db: ts.db, provider: testPayments }, 1, {
      payment_id: p.id,
      amount: (dental / 100).toFixed(2),
      reason: 'Dental Essentials chosen again, refunded by hand',
      key: 'by-hand-0001',
    });
    provider.asked = [];
    await runRenewalDay(ts.app, ts.db, planYearStart);
    await ts.app.jobs.runDue();
    expect((await refundsOf(ts, k.chose)).map((r) => r.amount_cents)).toEqual([dental]);
    expect(provider.asked).toEqual([]);
    expect(await mailsOf(ts, k.chose, MERGE_REFUND_MAIL_KIND)).toHaveLength(0);

    // A refund of another plan its carrier rejected (issue 39) is not the merged month: that one is refunded in full.
    const c = await keeper(ts, 'Cy Carrier', [DENTAL], [DENTAL, VISION]);
    const [cDental, cVision] = [await cents(ts, c.chose, DENTAL), await cents(ts, c.chose, VISION)];
    const cp = await firstPayment(ts, c.chose);
    await refundPayment({ db: ts.db, provider: testPayments }, 1, {
      payment_id: cp.id,
      amount: (cVision / 100).toFixed(2),
      reason: 'The carrier rejected the coverage',
      key: `carrier-rejected-${await c.policy(VISION)}`,
    });
    await runRenewalDay(ts.app, ts.db, planYearStart);
    await ts.app.jobs.runDue();
    expect((await refundsOf(ts, c.chose)).map((r) => r.amount_cents)).toEqual([cVision, cDental]);
  });

  it("lists a refund left to the operator on the console's dashboard until an operator marks it settled, once", async () => {
    const ts = ctx();
    provider.refuse = true;
    const k = await keeper(ts, 'Rae Refused', [DENTAL], [DENTAL, VISION]);
    const dental = await cents(ts, k.chose, DENTAL);
    await runRenewalDay(ts.app, ts.db, planYearStart);
    await ts.app.jobs.runDue();
    // A second run of the job adds nothing to the list.
    const m = { enrollmentId: k.chose, policyId: await k.policy(DENTAL), planId: DENTAL };
    await ts.db.transaction().execute((trx) => settleMergeRefund(ts.app, trx, m));
    provider.refuse = false;

    const op = await operatorClient(ts);
    const listed = async () =>
      ((await op.get('/api/admin/dashboard')).body.data.refunds_due.items as { enrollment_id: string }[]).filter(
        (i) => i.enrollment_id === k.chose,
      );
    const items = await listed();
    expect(items).toEqual([
      expect.objectContaining({
        enrollment_id: k.chose,
        member: expect.any(String),
        plan_name: 'Dental Essentials',
        part: 'plan',
        amount_cents: dental,
        why: 'refused',
        message: 'The charge is disputed.',
        since: expect.any(String),
      }),
    ]);
    const id = (items[0] as unknown as { id: number }).id;

    // Only operators see or settle it: anyone else gets 401, as every console route answers.
    for (const who of [DEMO.rep, DEMO.group, DEMO.member]) {
      const c = ts.client();
      await c.signIn(who.email, who.password);
      expect((await c.get('/api/admin/dashboard')).status).toBe(401);
      expect((await c.post(`/api/admin/refunds-due/${id}/settle`, { note: 'no' })).status).toBe(401);
    }
    expect((await ts.client().post(`/api/admin/refunds-due/${id}/settle`, { note: 'no' })).status).toBe(401);
    expect((await op.post(`/api/admin/refunds-due/${id}/settle`, { note: ' ' })).status).toBe(422);

    const settled = await op.post(`/api/admin/refunds-due/${id}/settle`, { note: 'Refunded by hand on the ledger page' });
    expect(settled.status).toBe(200);
    expect(settled.body.data).toMatchObject({ id, settled_by: DEMO.operator.email, note: 'Refunded by hand on the ledger page' });
    expect(await listed()).toEqual([]);
    const again = await op.post(`/api/admin/refunds-due/${id}/settle`, { note: 'again' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This refund was marked settled already.');
    expect((await op.post('/api/admin/refunds-due/999999/settle', { note: 'x' })).status).toBe(404);
    const audit = await ts.db.selectFrom('audit_log').select(['action', 'detail']).where('target', '=', `refund_due:${id}`).execute();
    expect(audit.map((a) => a.action)).toEqual(['refund_due.settled']);
  });
});
