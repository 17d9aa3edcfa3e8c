import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { PLAN_IDS } from '../../src/db/seed/demo-catalog.ts';
import { DEMO, TestClient } from '../helpers/client.ts';
import { TEST_DATABASE_URL } from '../helpers/store.ts';
import { onceHeard } from '../helpers/until.ts';
import { spawnStore, type StoreProcess } from '../security/process.ts';

/**
 * Two store processes on one PostgreSQL schema, as behind a load balancer: each caches the catalog, sessions and who
 * owns a quote in its own memory, and drops them when the database tells it of a change (LISTEN/NOTIFY, migration
 * 1100). What one process changes, the other answers as soon as it has heard the notice: on a loaded machine that can
 * be a little after the writer has answered, so the other process is asked again until then (`onceHeard`, at most 5 s;
 * a process that ignored notices would answer the old value forever).
 */
const PET = PLAN_IDS.petCompanion;

describe.skipIf(!TEST_DATABASE_URL)('two store processes sharing one PostgreSQL', () => {
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  let a: StoreProcess | undefined;
  let b: StoreProcess | undefined;
  beforeAll(async () => {
    const url = new URL(TEST_DATABASE_URL!);
    url.searchParams.set('options', `-c search_path=${schema}`);
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create schema "${schema}"`);
    await admin.end();
    const env = { DATABASE_URL: url.toString(), NODE_ENV: 'development', JOBS_POLL_MS: '0' };
    a = await spawnStore(env);
    b = await spawnStore(env);
  }, 120_000);
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`drop schema if exists "${schema}" cascade`);
    await admin.end();
  });

  /** The same browser (its cookies) talking to the other process. */
  function sameBrowserOn(store: StoreProcess, c: TestClient): TestClient {
    const other = new TestClient(store.baseUrl);
    for (const [k, v] of c.cookies) other.cookies.set(k, v);
    return other;
  }

  it("shows a plan renamed in one process in the other's plan list", async () => {
    const shopperB = new TestClient(b!.baseUrl);
    const quote = await shopperB.post('/api/v1/add-filter-for-new-user', { zip: '10001', dob: '01/15/1980', gender: '1', tier: 'IO' });
    expect(quote.status).toBe(200);
    const list = async () =>
      (await shopperB.get('/api/v1/get-filtered-plans', { enrollment_id: quote.body.data.temp_enrollment_id })).body.data.result.map(
        (p: { plan_name: string }) => p.plan_name,
      );
    expect(await list()).toContain('Pet Companion');
    expect(await list()).toContain('Pet Companion'); // now from process B's memory

    const op = new TestClient(a!.baseUrl);
    await op.signIn(DEMO.operator.email, DEMO.operator.password);
    const { updated_at: _u, plan_id: _id, ...form } = (await op.get(`/api/admin/plans/${PET}`)).body.data;
    expect((await op.put(`/api/admin/plans/${PET}`, { ...form, plan_name: 'Pet Companion Plus' })).status).toBe(200);
    expect(await onceHeard(list, (l) => l.includes('Pet Companion Plus'))).toContain('Pet Companion Plus');
    expect((await op.put(`/api/admin/plans/${PET}`, { ...form })).status).toBe(200);
    expect(await onceHeard(list, (l) => !l.includes('Pet Companion Plus'))).not.toContain('Pet Companion Plus');
  });

  it('prices a plan at the rate saved through the other process', async () => {
    const shopperB = new TestClient(b!.baseUrl);
    const quote = (await shopperB.post('/api/v1/add-filter-for-new-user', { zip: '10001', dob: '01/15/1980', gender: '1', tier: 'IO' }))
      .body.data.temp_enrollment_id;
    const price = async () =>
      (await shopperB.get('/api/v1/get-plan-pricing-detail', { pid: PET, enrollment_id: quote })).body.data.plans.find(
        (c: { tier: string }) => c.tier === 'IO',
      ).price_cents;
    const before = await price();
    expect(await price()).toBe(before);
    const op = new TestClient(a!.baseUrl);
    await op.signIn(DEMO.operator.email, DEMO.operator.password);
    const rates: { tier: string; state: string | null; smoker: string | null; price: number }[] = (
      await op.get(`/api/admin/plans/${PET}/rates`)
    ).body.data;
    const rows = rates.map((r) => ({
      ...r,
      state: r.state ?? '',
      smoker: r.smoker ?? '',
      price: r.tier === 'IO' && !r.state ? 12.34 : r.price,
    }));
    expect((await op.put(`/api/admin/plans/${PET}/rates`, { rows })).status).toBe(200);
    expect(await onceHeard(price, (p) => p === 1234)).toBe(1234);
  });

  it('ends in the other process a session signed out in one', async () => {
    const inA = new TestClient(a!.baseUrl);
    await inA.signIn(DEMO.rep.email, DEMO.rep.password);
    const inB = sameBrowserOn(b!, inA);
    expect((await inB.get('/api/auth/me')).body.data.signed_in).toBe(true);
    expect((await inB.get('/api/auth/me')).body.data.signed_in).toBe(true); // now from process B's memory
    expect((await inA.post('/api/auth/sign-out')).status).toBe(200);
    const signedIn = async (): Promise<boolean> => (await inB.get('/api/auth/me')).body.data.signed_in;
    expect(await onceHeard(signedIn, (s) => !s)).toBe(false);
  });
});
