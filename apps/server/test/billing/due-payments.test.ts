import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { chargeSummary } from '@store/domain/charges';
import { appendLedger, ledgerOf, paymentsOf } from '../../src/modules/billing/repository.ts';
import { createDuePayments, premiumKey } from '../../src/modules/billing/run-service.ts';
import { describeEachDb, TEST_DATABASE_URL, twoStoresSharingPostgres, type TestStore } from '../helpers/store.ts';

/** A completed enrollment enrolled on `today` with coverage from `effective`, paid by `method`, and its billing record. */
async function enrolled(
  ts: Pick<TestStore, 'db'>,
  o: { today: string; effective: string; billDay: number; method: string; cents?: number },
) {
  const id = crypto.randomUUID();
  await ts.db
    .insertInto('enrollments')
    .values({ id, type: 'new-member', eprocess: 'member', status: 'completed', filter_info: '{}', tabs: '{}', completed_at: new Date() })
    .execute();
  const s = chargeSummary([{ plan_id: 1, plan_name: 'Dental', price_cents: (o.cents ?? 3199) - 500 }], {
    billDay: o.billDay,
    today: o.today,
    effectiveDate: o.effective,
  });
  await ts.db
    .insertInto('billing_records')
    .values({
      enrollment_id: id,
      payment_method: o.method,
      payment_label: 'Visa card ending 4242',
      lines: JSON.stringify(s.lines),
      admin_fee_cents: s.admin_fee_cents,
      initial_cents: s.initial_cents,
      recurring_cents: s.recurring_cents,
      bill_day: s.bill_day,
      first_charge_on: s.first_charge_on,
      starts_on: s.starts_on,
      recurring_from: s.recurring_from,
    })
    .execute();
  return id;
}

const periods = async (ts: Pick<TestStore, 'db'>, id: string) =>
  (await paymentsOf(ts.db, id)).map((p) => [p.period, String(p.due_on).slice(0, 10), p.amount_cents, p.method, p.status]);

describeEachDb('the billing run: payments due', (ts) => {
  it('adds one payment per period due, none twice when the day is run again, and catches up missed periods once', async () => {
    const card = await enrolled(ts(), { today: '2026-11-28', effective: '2026-12-01', billDay: 28, method: 'cc' });
    const bank = await enrolled(ts(), { today: '2026-11-28', effective: '2026-12-01', billDay: 5, method: 'eft' });
    const listBill = await enrolled(ts(), { today: '2026-11-28', effective: '2026-12-01', billDay: 28, method: 'list' });

    expect((await createDuePayments(ts().db, '2026-12-27')).added).toBe(1); // the bank's 12/05
    expect(await periods(ts(), card)).toEqual([]);
    expect(await periods(ts(), bank)).toEqual([['2027-01', '2026-12-05', 3199, 'eft', 'pending']]);

    await createDuePayments(ts().db, '2026-12-28');
    await createDuePayments(ts().db, '2026-12-28');
    expect(await periods(ts(), card)).toEqual([['2027-01', '2026-12-28', 3199, 'cc', 'pending']]);

    // The store was down from 12/29 to 3/1: the run of 3/1 adds January, February's payments once each, not more.
    const { added } = await createDuePayments(ts().db, '2027-03-01', 2);
    expect(await periods(ts(), card)).toEqual([
      ['2027-01', '2026-12-28', 3199, 'cc', 'pending'],
      ['2027-02', '2027-01-28', 3199, 'cc', 'pending'],
      ['2027-03', '2027-02-28', 3199, 'cc', 'pending'],
    ]);
    expect((await periods(ts(), bank)).map((p) => p[1])).toEqual(['2026-12-05', '2027-01-05', '2027-02-05']);
    expect(added).toBe(4);
    // A list bill is collected through the group's invoice, not one by one.
    expect(await periods(ts(), listBill)).toEqual([]);
  });

  it('keeps every ledger row as written: an update or a delete is refused, and a key is written once', async () => {
    const id = await enrolled(ts(), { today: '2026-11-28', effective: '2026-12-01', billDay: 28, method: 'cc' });
    const row = { enrollment_id: id, period: '2026-12', kind: 'payment' as const, amount_cents: 3199, idempotency_key: `t:${id}` };
    expect(await appendLedger(ts().db, [row])).toBe(1);
    expect(await appendLedger(ts().db, [row])).toBe(0);
    await expect(ts().db.updateTable('ledger_entries').set({ amount_cents: 1 }).where('enrollment_id', '=', id).execute()).rejects.toThrow(
      'ledger rows are never changed',
    );
    await expect(ts().db.deleteFrom('ledger_entries').where('enrollment_id', '=', id).execute()).rejects.toThrow(
      'ledger rows are never changed',
    );
    expect((await ledgerOf(ts().db, id)).map((r) => r.amount_cents)).toEqual([3199]);
  });
});

describe.skipIf(!TEST_DATABASE_URL)('the billing run in two store processes on one PostgreSQL database', () => {
  const stores = twoStoresSharingPostgres();
  it('adds each payment once when both run the same day at the same time', async () => {
    const { one, two } = stores();
    const ids = [];
    for (let i = 0; i < 40; i++)
      ids.push(await enrolled(one, { today: '2026-10-15', effective: '2026-11-01', billDay: 1 + (i % 28), method: i % 3 ? 'cc' : 'eft' }));
    const [a, b] = await Promise.all([createDuePayments(one.db, '2027-01-31', 7), createDuePayments(two.db, '2027-01-31', 5)]);
    const rows = await one.db
      .selectFrom('premium_payments')
      .select(['enrollment_id', 'period', 'payment_index', 'idempotency_key'])
      .where('enrollment_id', 'in', ids)
      .execute();
    expect(a.added + b.added).toBe(rows.length);
    expect(new Set(rows.map((r) => `${r.enrollment_id}/${r.period}`)).size).toBe(rows.length);
    for (const r of rows) expect(r.idempotency_key).toBe(premiumKey(r.enrollment_id, r.period, r.payment_index));
    // From a start on 11/01: bill day 1 pays on 12/01 and 1/01 (two payments by 1/31), bill days 2 to 28 on 11/d,
    // 12/d and 1/d (three).
    expect(rows.length).toBe(2 * 2 + 38 * 3);
  });
});
