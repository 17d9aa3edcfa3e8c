import { describe, expect, it } from 'vitest';
import { collectCardPayments } from '../../src/modules/billing/collect-service.ts';
import { ledgerOf, paymentsOf } from '../../src/modules/billing/repository.ts';
import { createDuePayments } from '../../src/modules/billing/run-service.ts';
import { LocalOfflineProvider, type PaymentProvider } from '../../src/modules/enrollment/payment/payment-provider.ts';
import { payingMember } from './members.ts';
import { describeEachDb, TEST_DATABASE_URL, twoStoresSharingPostgres, type TestStore } from '../helpers/store.ts';

const offline = new LocalOfflineProvider();

/** A member who enrolled on 11/28 with coverage from 12/01 and bill day 28, paying $31.99 a month with this card. */
const cardMember = (ts: TestStore, card: string) => payingMember({ db: ts.db, sealer: ts.app.sealer }, { card }, { billDay: 28 });

const state = async (ts: Pick<TestStore, 'db'>, id: string) =>
  (await paymentsOf(ts.db, id)).map((p) => [
    p.period,
    p.status,
    p.attempts,
    p.next_try_on ? String(p.next_try_on).slice(0, 10) : null,
    p.failure_code,
  ]);
const ledger = async (ts: Pick<TestStore, 'db'>, id: string) =>
  (await ledgerOf(ts.db, id)).map((r) => [r.kind, r.period, r.amount_cents, r.reason]);

/** A provider that never answers (a timeout), then answers as the offline one. */
class HangingProvider implements Pick<PaymentProvider, 'charge'> {
  hang = true;
  calls: string[] = [];
  charge(token: string, cents: number, key: string) {
    this.calls.push(key);
    return this.hang ? new Promise<never>(() => {}) : offline.charge(token, cents, key);
  }
}

describeEachDb('the billing run: card payments', (ts) => {
  it('charges a good card on its bill day, retries a declined one on days 3, 5 and 7, then ends it failed', async () => {
    const good = await cardMember(ts(), '4242424242424242');
    const cancelled = await cardMember(ts(), '4000000000000341');
    const run = async (day: string) => {
      await createDuePayments(ts().db, day);
      return collectCardPayments(ts().db, offline, day);
    };
    await run('2026-12-27');
    expect(await state(ts(), good.id)).toEqual([]);
    await run('2026-12-28');
    await run('2026-12-28');
    expect(await state(ts(), good.id)).toEqual([['2027-01', 'succeeded', 1, null, null]]);
    expect(await ledger(ts(), good.id)).toEqual([
      ['charge', '2027-01', 3199, null],
      ['payment', '2027-01', 3199, null],
    ]);
    expect(await state(ts(), cancelled.id)).toEqual([['2027-01', 'declined', 1, '2026-12-31', 'card_declined']]);
    for (const day of ['2026-12-29', '2026-12-30']) await run(day);
    expect((await state(ts(), cancelled.id))[0][2]).toBe(1);
    for (const day of ['2026-12-31', '2027-01-02', '2027-01-04']) await run(day);
    expect(await state(ts(), cancelled.id)).toEqual([['2027-01', 'failed', 4, null, 'card_declined']]);
    expect((await ledger(ts(), cancelled.id)).map((r) => r[0])).toEqual(['charge', 'decline', 'decline', 'decline', 'decline']);
  });

  it('a catch-up after downtime tries a declined card once a run, not four times at once', async () => {
    const cancelled = await cardMember(ts(), '4000000000000341');
    await createDuePayments(ts().db, '2027-02-10');
    await collectCardPayments(ts().db, offline, '2027-02-10');
    // January's payment was due 12/28 and February's 1/28: their retry days (3, 5 and 7 after) are past, so each is
    // tried once in this run and has failed; the grace period decides what follows.
    expect((await state(ts(), cancelled.id)).map((r) => [r[0], r[1], r[2]])).toEqual([
      ['2027-01', 'failed', 1],
      ['2027-02', 'failed', 1],
    ]);
  });

  it('a provider that does not answer leaves the charge unknown; the next run settles it with the same key, once', async () => {
    const m = await cardMember(ts(), '4242424242424242');
    const hanging = new HangingProvider();
    await createDuePayments(ts().db, '2026-12-28');
    await collectCardPayments(ts().db, hanging, '2026-12-28', { timeoutMs: 50 });
    expect(await state(ts(), m.id)).toEqual([['2027-01', 'unknown', 1, '2026-12-29', null]]);
    expect((await ledger(ts(), m.id)).map((r) => r[0])).toEqual(['charge']);
    hanging.hang = false;
    await collectCardPayments(ts().db, hanging, '2026-12-29');
    expect(await state(ts(), m.id)).toEqual([['2027-01', 'succeeded', 2, null, null]]);
    const keys = hanging.calls.filter((k) => k.includes(m.id));
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(1);
    expect((await ledger(ts(), m.id)).map((r) => r[0])).toEqual(['charge', 'payment']);
  });
});

describe.skipIf(!TEST_DATABASE_URL)('the card step in two store processes on one PostgreSQL database', () => {
  const stores = twoStoresSharingPostgres();
  it('charges each payment once when both run the same day at the same time', async () => {
    const { one, two } = stores();
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) ids.push((await cardMember(one, '4242424242424242')).id);
    await createDuePayments(one.db, '2026-12-28');
    const calls: string[] = [];
    const counting = { charge: (t: string, c: number, k: string) => (calls.push(k), offline.charge(t, c, k)) };
    const [a, b] = await Promise.all([
      collectCardPayments(one.db, counting, '2026-12-28', { batch: 4 }),
      collectCardPayments(two.db, counting, '2026-12-28', { batch: 3 }),
    ]);
    const mine = calls.filter((k) => ids.some((id) => k.includes(id)));
    expect(mine).toHaveLength(30);
    expect(new Set(mine).size).toBe(30);
    expect(a.succeeded + b.succeeded).toBeGreaterThanOrEqual(30);
    const payments = await one.db
      .selectFrom('ledger_entries')
      .select('kind')
      .where('enrollment_id', 'in', ids)
      .where('kind', '=', 'payment')
      .execute();
    expect(payments).toHaveLength(30);
  });
});
