import { expect, it } from 'vitest';
import { describeEachDb } from '../helpers/store.ts';
import { createDuePayments } from '../../src/modules/billing/run-service.ts';
import { collectCardPayments } from '../../src/modules/billing/collect-service.ts';
import { ledgerOf, paymentsOf } from '../../src/modules/billing/repository.ts';
import { LocalOfflineProvider } from '../../src/modules/enrollment/payment/payment-provider.ts';
import { enrollInPlans, memberClient, PLAN_IDS } from './helpers.ts';

const offline = new LocalOfflineProvider();
const day = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v)).slice(0, 10);

type Line = { plan_id: number | null; monthly_cents: number };

/**
 * Issue 38 (decision 2560): a payment the billing run created for a period after the cancelled plan's end, and has not
 * charged yet, loses that plan's cents or is voided; the next charge does not happen.
 */
describeEachDb('a cancellation stops the payments already created for later periods', (ctx) => {
  async function cancel(ts: ReturnType<typeof ctx>, id: string, planId: number) {
    const member = await memberClient(ts, id);
    const home = await member.get('/api/v1/member-home');
    const c = home.body.data.coverage.find((x: { plan_id: number }) => x.plan_id === planId);
    const r = await member.post(`/api/v1/member-home/plans/${c.policy_id}/cancel`, {});
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data as { ends_on: string };
  }

  it('voids the next payment of the only plan: the bill day charges nothing', async () => {
    const ts = ctx();
    const id = await enrollInPlans(ts, [PLAN_IDS.dentalEssentials]);
    const b = await ts.db.selectFrom('billing_records').selectAll().where('enrollment_id', '=', id).executeTakeFirstOrThrow();
    const first = day(b.recurring_from);
    // The run created the first bill day's payment (due that day) and has not charged it yet.
    await createDuePayments(ts.db, first);
    expect((await paymentsOf(ts.db, id)).map((p) => p.status)).toEqual(['succeeded', 'pending']);
    await cancel(ts, id, PLAN_IDS.dentalEssentials);

    await collectCardPayments(ts.db, offline, first);
    const after = await paymentsOf(ts.db, id);
    expect(after.map((p) => p.status)).toEqual(['succeeded', 'void']);
    const ledger = await ledgerOf(ts.db, id);
    const adjust = ledger.filter((l) => l.reason === 'plan_cancelled');
    expect(adjust.map((l) => [l.kind, l.amount_cents])).toEqual([['adjustment', -after[1].amount_cents]]);
    expect(ledger.filter((l) => l.kind === 'payment').length).toBe(1);
  });

  it("takes one plan's cents off the next payment when another plan stays", async () => {
    const ts = ctx();
    const id = await enrollInPlans(ts, [PLAN_IDS.dentalEssentials, PLAN_IDS.visionClear]);
    const b = await ts.db.selectFrom('billing_records').selectAll().where('enrollment_id', '=', id).executeTakeFirstOrThrow();
    const lines = (typeof b.lines === 'string' ? JSON.parse(b.lines) : b.lines) as Line[];
    const dental = lines.find((l) => l.plan_id === PLAN_IDS.dentalEssentials)!.monthly_cents;
    const first = day(b.recurring_from);
    await createDuePayments(ts.db, first);
    const before = (await paymentsOf(ts.db, id))[1].amount_cents;
    await cancel(ts, id, PLAN_IDS.dentalEssentials);

    await collectCardPayments(ts.db, offline, first);
    const [, next] = await paymentsOf(ts.db, id);
    expect(next).toMatchObject({ status: 'succeeded', amount_cents: before - dental });
  });
});
