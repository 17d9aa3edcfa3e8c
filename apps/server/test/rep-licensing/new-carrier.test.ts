import { expect, it } from 'vitest';
import { CARRIER_TEXTS } from '@store/domain/carriers';
import { PID } from '../catalog/helpers.ts';
import { DEMO, type TestClient } from '../helpers/client.ts';
import { describeEachDb, type TestStore } from '../helpers/store.ts';
import { onceHeard } from '../helpers/until.ts';

/**
 * Decision 2640 (amended): a carrier created in the console appoints every active rep and agency (the house agency
 * included) in the same transaction, unless the operator unticks "Appoint every current rep"; its plans are then
 * offered by a rep's quote at once.
 */
type Card = { plan_id: number };
const ids = (r: { body: { data: { result: Card[] } } }) => r.body.data.result.map((p) => p.plan_id);

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

/** A demo carrier's settings under another name and receiver id (what the console's new-carrier form sends). */
async function settingsLike(op: TestClient, name: string) {
  const carrier = (await op.get('/api/admin/carriers')).body.data.items.find((c: any) => c.name === 'National Dental Carrier');
  const { id: _id, plan_count: _p, sftp_secret_set: _s, ...settings } = carrier;
  return { ...settings, name, isa_receiver_id: 'NEWCARRIER', logo: '' };
}

/** Gives the new carrier a demo plan (as its plans would be). */
const movePlan = (ts: TestStore, planId: number, carrierId: number) =>
  ts.db.updateTable('plans').set({ carrier_id: carrierId }).where('plan_id', '=', planId).execute();

const appointedReps = async (ts: TestStore, carrierId: number) =>
  (await ts.db.selectFrom('rep_appointments').select('agent_id').where('carrier_id', '=', carrierId).orderBy('agent_id').execute()).map(
    (r) => r.agent_id,
  );

describeEachDb('a carrier created in the console', (ctx) => {
  it('appoints every active rep and agency by default, so a rep offers its plans at once', async () => {
    const ts = ctx();
    const op = ts.client();
    await op.signIn(DEMO.operator.email, DEMO.operator.password);
    const rep = ts.client();
    const quote = await repQuote(rep, 20002);
    const list = () => rep.get('/api/v1/get-filtered-plans', { enrollment_id: quote });
    expect(ids(await list())).toContain(PID.visionClear);

    const r = await op.post('/api/admin/carriers', await settingsLike(op, 'Summit Vision Carrier'));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ name: 'Summit Vision Carrier', isa_receiver_id: 'NEWCARRIER', plan_count: 0 });
    const id = r.body.data.id as number;
    const active = (await ts.db.selectFrom('agents').select('agent_id').where('active', '=', true).orderBy('agent_id').execute()).map(
      (a) => a.agent_id,
    );
    expect(active).toEqual(expect.arrayContaining([10109, 20001, 20002]));
    expect(await appointedReps(ts, id)).toEqual(active);
    const audit = await ts.db.selectFrom('audit_log').select('detail').where('action', '=', 'carrier.create').executeTakeFirstOrThrow();
    expect(JSON.parse(JSON.stringify(audit.detail))).toMatchObject({ appointed_reps: active.length });

    // Its plan is offered by the rep's quote and by the house's.
    await movePlan(ts, PID.visionClear, id);
    expect(ids(await onceHeard(list, (x) => ids(x).includes(PID.visionClear)))).toContain(PID.visionClear);
    const house = ts.client();
    const houseQuote = await repQuote(house, 10109);
    expect(ids(await house.get('/api/v1/get-filtered-plans', { enrollment_id: houseQuote }))).toContain(PID.visionClear);

    // The same name again is refused beside the name.
    const again = await op.post('/api/admin/carriers', await settingsLike(op, 'summit vision carrier'));
    expect(again.status).toBe(422);
    expect(again.body.data).toEqual([{ target_element: 'name', error_message: CARRIER_TEXTS.NAME_TAKEN }]);
  });

  it('unticked, appoints nobody: its plans stay hidden from every rep until they are appointed', async () => {
    const ts = ctx();
    const op = ts.client();
    await op.signIn(DEMO.operator.email, DEMO.operator.password);
    const r = await op.post('/api/admin/carriers', { ...(await settingsLike(op, 'Quiet Carrier')), appoint_all_reps: false });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const id = r.body.data.id as number;
    expect(await appointedReps(ts, id)).toEqual([]);
    await movePlan(ts, PID.visionSelect, id);
    const rep = ts.client();
    const quote = await repQuote(rep, 20002);
    const list = () => rep.get('/api/v1/get-filtered-plans', { enrollment_id: quote });
    expect(ids(await onceHeard(list, (x) => !ids(x).includes(PID.visionSelect)))).not.toContain(PID.visionSelect);
  });

  it('is for operators only', async () => {
    const c = ctx().client();
    expect((await c.post('/api/admin/carriers', { name: 'Mine' })).status).toBe(401);
  });
});
