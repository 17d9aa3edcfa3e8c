import { describe, expect, it } from 'vitest';
import { repNotAppointed } from '@store/domain/rep-licensing';
import { PID } from '../catalog/helpers.ts';
import type { TestClient } from '../helpers/client.ts';
import { describeEachDb, TEST_DATABASE_URL, twoStoresSharingPostgres, type TestStore } from '../helpers/store.ts';
import { onceHeard } from '../helpers/until.ts';

/**
 * Decision 2640: a rep's quote offers only the plans of carriers that appointed the rep (plan list whole and by page,
 * the plans page, the categories, related plans), and a plan of another carrier cannot be added to the cart by its id.
 */
type Card = { plan_id: number };
const ids = (r: { body: { data: { result: Card[] } } }) => r.body.data.result.map((p) => p.plan_id);

async function quoteOf(c: TestClient, agentId?: number): Promise<string> {
  const r = await c.post('/api/v1/add-filter-for-new-user', {
    zip: '10001',
    dob: '04/12/1985',
    gender: '1',
    tier: 'IO',
    eprocess: 'applicant',
    ...(agentId ? { agent_id: agentId } : {}),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.temp_enrollment_id as string;
}

/** The carrier of Dental Essentials, and every shoppable plan of it. */
async function dentalCarrier(ts: TestStore) {
  const { carrier_id } = await ts.db
    .selectFrom('plans')
    .select('carrier_id')
    .where('plan_id', '=', PID.dentalEssentials)
    .executeTakeFirstOrThrow();
  const plans = await ts.db.selectFrom('plans').select('plan_id').where('carrier_id', '=', carrier_id!).execute();
  return { carrierId: carrier_id!, planIds: plans.map((p) => p.plan_id) };
}

const unappoint = (ts: TestStore, agentId: number, carrierId: number) =>
  ts.db.deleteFrom('rep_appointments').where('agent_id', '=', agentId).where('carrier_id', '=', carrierId).execute();
const appoint = (ts: TestStore, agentId: number, carrierId: number) =>
  ts.db
    .insertInto('rep_appointments')
    .values({ agent_id: agentId, carrier_id: carrierId })
    .onConflict((oc) => oc.doNothing())
    .execute();

describeEachDb('appointments narrow the plans a rep offers', (ctx) => {
  it("a rep the dental carrier did not appoint never sees its plans and cannot add one by id; the house's quote still can", async () => {
    const ts = ctx();
    const { carrierId, planIds } = await dentalCarrier(ts);
    const rep = ts.client();
    const quote = await quoteOf(rep, 20002);
    const list = () => rep.get('/api/v1/get-filtered-plans', { enrollment_id: quote });
    // Appointed by every demo carrier: the plan is offered (and the answer is now the cached one).
    expect(ids(await list())).toContain(PID.dentalEssentials);
    expect(ids(await list())).toContain(PID.dentalEssentials);

    await unappoint(ts, 20002, carrierId);
    try {
      const narrowed = await onceHeard(list, (r) => !ids(r).includes(PID.dentalEssentials));
      expect(ids(narrowed).filter((id) => planIds.includes(id))).toEqual([]);
      expect(ids(narrowed).length).toBeGreaterThan(0);
      const page = await rep.get('/api/v1/get-filtered-plans', { enrollment_id: quote, limit: 100, offset: 0 });
      expect(ids(page)).toEqual(ids(narrowed));
      expect(page.body.data.total).toBe(ids(narrowed).length);
      const plansPage = await rep.get('/api/v1/get-quote-plans', { enrollment_id: quote });
      expect(plansPage.status).toBe(200);
      expect(ids(plansPage).filter((id) => planIds.includes(id))).toEqual([]);
      expect(plansPage.body.data.facts.map((f: Card) => f.plan_id).filter((id: number) => planIds.includes(id))).toEqual([]);
      const related = await rep.get('/api/v1/get-related-plans', { enrollment_id: quote, plan_id: PID.dentalEssentials2024 });
      expect(ids(related).filter((id) => planIds.includes(id))).toEqual([]);

      const add = await rep.post('/api/v1/add-plan-to-cart', { enrollment_id: quote, plan_id: PID.dentalEssentials, plan_pricing_id: 1 });
      expect(add.status).toBe(422);
      expect(add.body.data).toEqual([{ target_element: 'plan_id', error_message: repNotAppointed() }]);
      expect(repNotAppointed()).toBe('Your representative does not offer this plan. Call 1-800-555-0142 for help choosing another.');

      // Another rep's (the house's) quote offers the plan and adds it.
      const house = ts.client();
      const houseQuote = await quoteOf(house);
      expect(ids(await house.get('/api/v1/get-filtered-plans', { enrollment_id: houseQuote }))).toContain(PID.dentalEssentials);
      const price = await house.get('/api/v1/get-plan-pricing-detail', { pid: PID.dentalEssentials, enrollment_id: houseQuote });
      const added = await house.post('/api/v1/add-plan-to-cart', {
        enrollment_id: houseQuote,
        plan_id: PID.dentalEssentials,
        plan_pricing_id: price.body.data.plans[0].plan_pricing_id,
      });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
    } finally {
      await appoint(ts, 20002, carrierId);
    }
    // Appointed again: offered again.
    expect(ids(await onceHeard(list, (r) => ids(r).includes(PID.dentalEssentials)))).toContain(PID.dentalEssentials);
  });
});

describe.skipIf(!TEST_DATABASE_URL)('appointments in two store processes sharing one PostgreSQL', () => {
  const stores = twoStoresSharingPostgres();
  it("a rep's appointment withdrawn through one process narrows the other's cached plan list", async () => {
    const { one, two } = stores();
    const { carrierId } = await dentalCarrier(one);
    const rep = one.client();
    const quote = await quoteOf(rep, 20002);
    const list = () => rep.get('/api/v1/get-filtered-plans', { enrollment_id: quote });
    expect(ids(await list())).toContain(PID.dentalEssentials);
    expect(ids(await list())).toContain(PID.dentalEssentials);
    await unappoint(two, 20002, carrierId);
    try {
      expect(ids(await onceHeard(list, (r) => !ids(r).includes(PID.dentalEssentials)))).not.toContain(PID.dentalEssentials);
    } finally {
      await appoint(two, 20002, carrierId);
    }
    expect(ids(await onceHeard(list, (r) => ids(r).includes(PID.dentalEssentials)))).toContain(PID.dentalEssentials);
  });
});
