import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { loadConfig } from '../../src/config/env.ts';
import { startTestStore, TEST_DATABASE_URL, type TestStore } from '../helpers/store.ts';
import { DEMO } from '../helpers/client.ts';

/** What NODE_ENV=production changes: required settings, no demo data unless asked, HTTPS-only headers and cookies. */
const KEY = crypto.randomBytes(32).toString('base64');
const production = (env: Record<string, string> = {}) =>
  loadConfig({ NODE_ENV: 'production', DATA_KEY: KEY, LOG_LEVEL: 'silent', ...env } as NodeJS.ProcessEnv);

describe('production settings', () => {
  it('refuses to start without PUBLIC_URL, saying what is missing', () => {
    expect(() => production()).toThrow(/NODE_ENV=production needs these settings:\n {2}PUBLIC_URL: /);
    expect(production({ PUBLIC_URL: 'https://store.example' }).PUBLIC_URL).toBe('https://store.example');
    // Development and tests start without it, as before.
    expect(() => loadConfig({ NODE_ENV: 'development' } as NodeJS.ProcessEnv)).not.toThrow();
  });

  it('validates the PostgreSQL pool size and statement timeout once, at start', () => {
    expect(() => loadConfig({ PG_POOL_MAX: 'many' } as NodeJS.ProcessEnv)).toThrow(/PG_POOL_MAX/);
    expect(() => loadConfig({ PG_STATEMENT_TIMEOUT_MS: '-1' } as NodeJS.ProcessEnv)).toThrow(/PG_STATEMENT_TIMEOUT_MS/);
    expect(loadConfig({} as NodeJS.ProcessEnv)).toMatchObject({ PG_POOL_MAX: 10, PG_STATEMENT_TIMEOUT_MS: 60_000 });
  });

  it('does not seed the demo data (and its published operator password) unless SEED_DEMO=true is set', async () => {
    expect(production({ PUBLIC_URL: 'https://store.example' }).SEED_DEMO).toBe(false);
    expect(production({ PUBLIC_URL: 'https://store.example', SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' } as NodeJS.ProcessEnv).SEED_DEMO).toBe(true);

    const ts = await startTestStore('pglite', production({ PUBLIC_URL: 'https://store.example' }));
    try {
      const accounts = await ts.db.selectFrom('accounts').select('email').execute();
      expect(accounts).toEqual([]);
      const r = await ts.client().post('/api/auth/sign-in', DEMO.operator);
      expect(r.status).toBe(422);
    } finally {
      await ts.close();
    }
  }, 90_000);
});

describe('production behind a TLS-terminating proxy', () => {
  let ts: (TestStore & { close(): Promise<void> }) | undefined;
  beforeAll(async () => {
    ts = await startTestStore('pglite', { ...production({ PUBLIC_URL: 'https://store.example', TRUST_PROXY: '1' }), SEED_DEMO: true });
  }, 60_000);
  afterAll(async () => ts?.close());

  it('sends HSTS on pages and API answers, and a Permissions-Policy on pages', async () => {
    for (const path of ['/', '/plans', '/api/v1/site', '/api/auth/me']) {
      const r = await ts!.client().request('GET', path, { headers: { 'x-forwarded-proto': 'https' } });
      expect(r.headers.get('strict-transport-security'), path).toMatch(/^max-age=\d{8,}; includeSubDomains/);
      if (path.startsWith('/api/')) continue;
      const policy = r.headers.get('permissions-policy') ?? '';
      for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()']) expect(policy, path).toContain(feature);
    }
  });

  it('marks the session and CSRF cookies Secure, over the proxy and even on a plain http hop', async () => {
    for (const headers of [{ 'x-forwarded-proto': 'https' }, {} as Record<string, string>]) {
      const c = ts!.client();
      const first = await c.request('GET', '/api/v1/site', { headers });
      const r = await c.request('POST', '/api/auth/sign-in', { body: DEMO.member, headers });
      expect(r.status).toBe(200);
      const sid = r.headers.getSetCookie().find((l) => l.startsWith('sid='));
      const csrf = first.headers.getSetCookie().find((l) => l.startsWith('csrf='));
      expect(sid).toMatch(/; Secure/);
      expect(sid).toMatch(/; HttpOnly/);
      expect(csrf).toMatch(/; Secure/);
    }
  });
});

describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL pool size and statement timeout are settings', () => {
  let ts: (TestStore & { close(): Promise<void> }) | undefined;
  beforeAll(async () => {
    ts = await startTestStore(
      'postgres',
      loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_KEY: KEY,
        PG_POOL_MAX: '2',
        PG_STATEMENT_TIMEOUT_MS: '300',
      } as NodeJS.ProcessEnv),
    );
  }, 60_000);
  afterAll(async () => ts?.close());

  it('opens at most PG_POOL_MAX connections', async () => {
    const pids = await Promise.all(
      Array.from({ length: 6 }, () => sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.1)`.execute(ts!.db)),
    );
    expect(new Set(pids.map((r) => r.rows[0].pid)).size).toBeLessThanOrEqual(2);
  });

  it('cancels a statement running past PG_STATEMENT_TIMEOUT_MS', async () => {
    const { rows } = await sql<{ statement_timeout: string }>`show statement_timeout`.execute(ts!.db);
    expect(rows[0].statement_timeout).toBe('300ms');
    await expect(sql`select pg_sleep(2)`.execute(ts!.db)).rejects.toMatchObject({ code: '57014' });
  });
});
