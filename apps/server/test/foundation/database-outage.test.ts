import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'kysely';
import { loadConfig } from '../../src/config/env.ts';
import { createStore, type Store } from '../../src/bootstrap.ts';
import { PLAN_IDS } from '../../src/db/seed/demo-catalog.ts';
import { isDatabaseUnavailable } from '../../src/db/unavailable.ts';
import { TestClient } from '../helpers/client.ts';
import { TEST_DATABASE_URL } from '../helpers/store.ts';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.ts';

/**
 * Issue 40: PostgreSQL goes away under a running store (every connection ended, none possible) and comes back. The
 * store stays up, answers 503 with Retry-After in under 2 s while the database is away (no 500, no hang), serves
 * again within 5 s of its return without a restart, and its LISTEN connection returns: a plan renamed while the
 * store could not hear the notice shows in the plan list afterwards. A proxy in front of the tests' server is what
 * goes away: the other test files' connections are not touched.
 */
const quote = (c: TestClient) =>
  c.post('/api/v1/add-filter-for-new-user', {
    zip: '10001',
    dob: '04/12/1985',
    gender: '1',
    tier: 'IO',
    eprocess: 'applicant',
    agent_id: 20001,
    group_id: 77,
    platform_group_id: 501,
    type: 'new-member',
    open_type: 'user',
  });

async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, timeoutMs: number): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  for (;;) {
    const value = await fn().catch((err) => err as T);
    if (ok(value) || Date.now() - started > timeoutMs) return { value, ms: Date.now() - started };
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(!TEST_DATABASE_URL)('the database going away and coming back [postgres]', () => {
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  let proxy: TcpProxy;
  let store: Store;
  let base = '';
  const admin = () => new pg.Client({ connectionString: TEST_DATABASE_URL, options: `-c search_path=${schema}` });

  beforeAll(async () => {
    const target = new URL(TEST_DATABASE_URL!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const viaProxy = new URL(TEST_DATABASE_URL!);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_KEY: crypto.randomBytes(32).toString('base64'),
      REQUESTS_PER_MINUTE: '0',
      JOBS_POLL_MS: '0',
    } as NodeJS.ProcessEnv);
    store = await createStore(config, { db: { databaseUrl: viaProxy.toString(), schema }, logger: false });
    await store.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(store.app.server.address() as import('node:net').AddressInfo).port}`;
  }, 60_000);

  afterAll(async () => {
    await store?.close();
    await proxy?.close();
    const c = admin();
    await c.connect();
    await c.query(`drop schema if exists "${schema}" cascade`);
    await c.end();
  });

  it('stays up, answers 503 with Retry-After while it is away, and serves again with fresh caches when it returns', async () => {
    const c = new TestClient(base);
    const first = await quote(c);
    expect(first.status).toBe(200);
    const id = first.body.data.temp_enrollment_id as string;
    const planName = async () => {
      const r = await c.get('/api/v1/get-filtered-plans', { enrollment_id: id });
      return (r.body?.data?.result as { plan_id: number; plan_name: string }[] | undefined)?.find(
        (p) => p.plan_id === PLAN_IDS.dentalEssentials,
      )?.plan_name;
    };
    const before = await planName();
    expect(before).toBeTruthy();

    await proxy.cut();
    // Idle connections of the pool and the listening connection are gone: the process must not die of it.
    await new Promise((r) => setTimeout(r, 300));
    for (const send of [() => quote(c), () => c.get('/api/v1/get-filtered-plans', { enrollment_id: id }), () => c.get('/healthz')]) {
      const started = Date.now();
      const r = await send();
      expect(Date.now() - started).toBeLessThan(2000);
      expect(r.status).toBe(503);
      expect(r.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(JSON.stringify(r.body)).not.toMatch(/ECONN|stack|at /);
    }
    // Alive all the same: the liveness check does not need the database (a supervisor must not restart it).
    const live = await fetch(`${base}/livez`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });
    // The plan is renamed while the store cannot hear the notice.
    const c2 = admin();
    await c2.connect();
    await c2.query('update plans set plan_name = $1 where plan_id = $2', [`${before} renamed`, PLAN_IDS.dentalEssentials]);
    await c2.end();

    await proxy.restore();
    const back = await until(
      () => quote(c),
      (r) => r.status === 200,
      5000,
    );
    expect(back.value.status).toBe(200);
    expect(back.ms).toBeLessThan(5000);
    const renamed = await until(planName, (n) => n === `${before} renamed`, 5000);
    expect(renamed.value).toBe(`${before} renamed`);
  }, 60_000);

  it('stays up when the connection a transaction holds is ended between two statements', async () => {
    const outcome = await store.app.db
      .transaction()
      .execute(async (trx) => {
        await sql`select 1`.execute(trx);
        // The server goes away while the store works between statements (a PDF, a hash): nobody is reading.
        await proxy.cut();
        await new Promise((r) => setTimeout(r, 300));
        await sql`select 1`.execute(trx);
        return 'committed';
      })
      .catch((err: unknown) => (isDatabaseUnavailable(err) ? 'unavailable' : err));
    expect(outcome).toBe('unavailable');
    await proxy.restore();
    const c = new TestClient(base);
    const back = await until(
      () => quote(c),
      (r) => r.status === 200,
      5000,
    );
    expect(back.value.status).toBe(200);
  }, 30_000);
});
