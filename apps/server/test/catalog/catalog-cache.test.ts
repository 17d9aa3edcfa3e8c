import { describe, expect, it } from 'vitest';
import { PLAN_IDS } from '../../src/db/seed/demo-catalog.ts';
import { describeEachDb, TEST_DATABASE_URL, twoStoresSharingPostgres, type TestStore } from '../helpers/store.ts';
import { DEMO, type TestClient } from '../helpers/client.ts';
import { onceHeard } from '../helpers/until.ts';

/** Plans, prices and the menu come from in-process caches: a change in the console shows at once, never a stale price. */

const PET = PLAN_IDS.petCompanion;
type Rate = { tier: string; age_min: number; age_max: number; state: string | null; smoker: string | null; price: number };

async function shopperWithQuote(ts: TestStore): Promise<{ shopper: TestClient; quote: string }> {
  const shopper = ts.client();
  const r = await shopper.post('/api/v1/add-filter-for-new-user', { zip: '10001', dob: '01/15/1980', gender: '1', tier: 'IO' });
  expect(r.status).toBe(200);
  return { shopper, quote: r.body.data.temp_enrollment_id };
}

async function ioPrice(shopper: TestClient, quote: string): Promise<number> {
  const r = await shopper.get('/api/v1/get-plan-pricing-detail', { pid: PET, enrollment_id: quote });
  expect(r.status).toBe(200);
  expect(r.body.data.errorCode).toBeNull();
  return r.body.data.plans.find((c: { tier: string }) => c.tier === 'IO').price_cents;
}

async function operatorOf(ts: TestStore): Promise<TestClient> {
  const op = ts.client();
  await op.signIn(DEMO.operator.email, DEMO.operator.password);
  return op;
}

/** The console sets every age band of the plan's tier IO (all states) to `price` dollars. */
async function setIoPrice(op: TestClient, price: number) {
  const rates: Rate[] = (await op.get(`/api/admin/plans/${PET}/rates`)).body.data;
  const rows = rates.map((r) => ({
    ...r,
    state: r.state ?? '',
    smoker: r.smoker ?? '',
    price: r.tier === 'IO' && !r.state ? price : r.price,
  }));
  const r = await op.put(`/api/admin/plans/${PET}/rates`, { rows });
  expect(r.status).toBe(200);
}

describeEachDb('catalog caches', (ctx) => {
  it('prices a plan at the rate the console has just saved', async () => {
    const { shopper, quote } = await shopperWithQuote(ctx());
    const op = await operatorOf(ctx());
    const before = await ioPrice(shopper, quote);
    expect(await ioPrice(shopper, quote)).toBe(before); // now cached
    await setIoPrice(op, before / 100 + 3.25);
    expect(await ioPrice(shopper, quote)).toBe(before + 325);
    await setIoPrice(op, 17.4);
    expect(await ioPrice(shopper, quote)).toBe(1740);
  });

  it('shows a renamed or withdrawn plan at once in the plan list, the plan page and the menu', async () => {
    const { shopper, quote } = await shopperWithQuote(ctx());
    const op = await operatorOf(ctx());
    const names = async () =>
      (await shopper.get('/api/v1/get-filtered-plans', { enrollment_id: quote })).body.data.result.map(
        (p: { plan_name: string }) => p.plan_name,
      );
    expect(await names()).toContain('Pet Companion');
    expect((await shopper.get('/api/v1/get-common-menu')).body.data).toContain('pet');

    const { updated_at: _u, plan_id: _id, ...form } = (await op.get(`/api/admin/plans/${PET}`)).body.data;
    expect((await op.put(`/api/admin/plans/${PET}`, { ...form, plan_name: 'Pet Companion Plus' })).status).toBe(200);
    expect(await names()).toContain('Pet Companion Plus');
    expect((await shopper.get(`/api/v1/get-plan-detail/${PET}`)).body.data.result.plan_name).toBe('Pet Companion Plus');

    expect((await op.put(`/api/admin/plans/${PET}`, { ...form, active: false })).status).toBe(200);
    expect(await names()).not.toContain('Pet Companion Plus');
    expect((await shopper.get(`/api/v1/get-plan-detail/${PET}`)).status).toBe(404);
    expect((await shopper.get('/api/v1/get-common-menu')).body.data).not.toContain('pet');

    expect((await op.put(`/api/admin/plans/${PET}`, { ...form, active: true })).status).toBe(200);
    expect(await names()).toContain('Pet Companion');
  });

  it('sees a change written straight to the database too', async () => {
    const { shopper, quote } = await shopperWithQuote(ctx());
    await ioPrice(shopper, quote);
    await ctx()
      .db.updateTable('plan_rates')
      .set({ price_cents: 4321 })
      .where('plan_id', '=', PET)
      .where('tier', '=', 'IO')
      .where('state', 'is', null)
      .execute();
    expect(await ioPrice(shopper, quote)).toBe(4321);
  });
});

describe.skipIf(!TEST_DATABASE_URL)('catalog caches of two store processes sharing one PostgreSQL', () => {
  const stores = twoStoresSharingPostgres();

  // The other store hears the change when PostgreSQL delivers its notice (decision 1100): on a loaded machine that can
  // be after the writer has answered, so the other store is asked until it has heard it (it never would without).
  it('a rate saved through one store prices in the other once its notice is heard', async () => {
    const { one, two } = stores();
    const { shopper, quote } = await shopperWithQuote(two);
    const op = await operatorOf(one);
    const before = await ioPrice(shopper, quote);
    expect(await ioPrice(shopper, quote)).toBe(before); // cached in store two
    await setIoPrice(op, before / 100 + 1.5);
    expect(
      await onceHeard(
        () => ioPrice(shopper, quote),
        (p) => p === before + 150,
      ),
    ).toBe(before + 150);
    await setIoPrice(op, 9.99);
    expect(
      await onceHeard(
        () => ioPrice(shopper, quote),
        (p) => p === 999,
      ),
    ).toBe(999);
  });
});
