import { expect, it } from 'vitest';
import { ADMIN_TEXT } from '@store/domain/admin';
import { DEMO, type TestClient } from '../helpers/client.ts';
import { describeEachDb, type TestStore } from '../helpers/store.ts';
import { onceHeard } from '../helpers/until.ts';

/**
 * Decision 2640 (amended 2026-11-29 by 2810): a plan created in the console names its carrier (`plans.carrier_id`), so
 * the carrier's appointments decide which reps offer it. A missing or unknown carrier is refused beside its field.
 */
type Card = { plan_id: number };
const ids = (r: { body: { data: { result: Card[] } } }) => r.body.data.result.map((p) => p.plan_id);
const NEW_PLAN = 9901;

async function repQuote(c: TestClient, agentId: number): Promise<string> {
  const r = await c.post('/api/v1/add-filter-for-new-user', {
    zip: '10001',
    dob: '04/12/1985',
    gender: '1',
    tier: 'IO',
    eprocess: 'applicant',
    agent_id: agentId,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.temp_enrollment_id as string;
}

/** A carrier that appoints nobody (the console's new-carrier form, "Appoint every current rep" unticked). */
async function quietCarrier(op: TestClient): Promise<number> {
  const carrier = (await op.get('/api/admin/carriers')).body.data.items.find((c: any) => c.name === 'National Dental Carrier');
  const { id: _id, plan_count: _p, sftp_secret_set: _s, ...settings } = carrier;
  const r = await op.post('/api/admin/carriers', {
    ...settings,
    name: 'Quiet Vision Carrier',
    isa_receiver_id: 'QUIET',
    logo: '',
    appoint_all_reps: false,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.id as number;
}

const newPlan = (extra: Record<string, unknown>) => ({
  plan_id: NEW_PLAN,
  plan_name: 'Console Vision Plus',
  category: 'vision',
  active: true,
  plan_short_text: '<p>Eye exams</p>',
  rules: {},
  ...extra,
});
const planRow = (ts: TestStore) =>
  ts.db.selectFrom('plans').select(['carrier_id', 'carrier']).where('plan_id', '=', NEW_PLAN).executeTakeFirst();

describeEachDb("a plan created in the console is its carrier's", (ctx) => {
  it('refuses a missing or unknown carrier beside the field, and creates nothing', async () => {
    const ts = ctx();
    const op = ts.client();
    await op.signIn(DEMO.operator.email, DEMO.operator.password);
    for (const [extra, message] of [
      [{}, ADMIN_TEXT.PLAN_CARRIER],
      [{ carrier_id: '' }, ADMIN_TEXT.PLAN_CARRIER],
      [{ carrier_id: 'abc' }, ADMIN_TEXT.PLAN_CARRIER],
      [{ carrier_id: 987654 }, ADMIN_TEXT.PLAN_CARRIER_UNKNOWN],
    ] as const) {
      const r = await op.post('/api/admin/plans', newPlan(extra));
      expect(r.status, JSON.stringify(extra)).toBe(422);
      expect(r.body.data).toEqual([{ target_element: 'carrier_id', error_message: message }]);
    }
    expect(await planRow(ts)).toBeUndefined();
  });

  it('links the plan to its carrier, and a rep the carrier did not appoint does not offer it until appointed', async () => {
    const ts = ctx();
    const op = ts.client();
    await op.signIn(DEMO.operator.email, DEMO.operator.password);
    const carrierId = await quietCarrier(op);
    const r = await op.post('/api/admin/plans', newPlan({ carrier_id: String(carrierId) }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ plan_id: NEW_PLAN, carrier_id: carrierId, carrier: 'Quiet Vision Carrier' });
    expect(await planRow(ts)).toEqual({ carrier_id: carrierId, carrier: 'Quiet Vision Carrier' });
    const rates = await op.put(`/api/admin/plans/${NEW_PLAN}/rates`, {
      rows: [{ tier: 'IO', age_min: 18, age_max: 64, state: '', smoker: '', price: '12.00' }],
    });
    expect(rates.status, JSON.stringify(rates.body)).toBe(200);

    // Casey Morgan (20002) is appointed by every demo carrier, not by this one: the rep’s quote does not offer the plan.
    const rep = ts.client();
    const quote = await repQuote(rep, 20002);
    const list = () => rep.get('/api/v1/get-filtered-plans', { enrollment_id: quote, category: 'vision' });
    expect((await list()).status).toBe(200);
    expect(ids(await list())).not.toContain(NEW_PLAN);

    // Appointed, the rep offers it.
    await ts.db.insertInto('rep_appointments').values({ agent_id: 20002, carrier_id: carrierId }).execute();
    expect(ids(await onceHeard(list, (x) => ids(x).includes(NEW_PLAN)))).toContain(NEW_PLAN);
  });
});
