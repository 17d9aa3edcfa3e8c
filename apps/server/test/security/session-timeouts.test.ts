import { expect, it } from 'vitest';
import { sql } from 'kysely';
import { describeEachDb, type TestStore } from '../helpers/store.ts';
import { DEMO, type TestClient } from '../helpers/client.ts';
import { sha256 } from '../../src/lib/crypto.ts';
import { buildRequest, ENROLLMENT_PARAM, loadOperations } from './openapi.ts';
import { makeEnrollment } from './fixtures.ts';

/**
 * Sessions end on the server: signed in, after 30 minutes without a request (sliding) and 12 hours in all;
 * anonymous (a cart), after a day without a request and 14 days in all. The tests move the stored times back.
 */
const sessionRow = (ts: TestStore, c: TestClient) =>
  ts.db
    .selectFrom('sessions')
    .selectAll()
    .where('id', '=', sha256(c.cookies.get('sid')!))
    .executeTakeFirstOrThrow();
const idleFor = (ts: TestStore, c: TestClient, minutes: number) =>
  sql`update sessions set last_seen_at = now() - make_interval(mins => ${minutes}) where id = ${sha256(c.cookies.get('sid')!)}`.execute(
    ts.db,
  );
const signedIn = async (c: TestClient) => (await c.get('/api/auth/me')).body.data.signed_in as boolean;

describeEachDb('security: session idle and absolute timeouts', (ctx) => {
  it('signs a person out after 30 idle minutes, and each request slides the window', async () => {
    const ts = ctx();
    const c = ts.client();
    await c.signIn(DEMO.member.email, DEMO.member.password);
    await idleFor(ts, c, 29);
    expect(await signedIn(c)).toBe(true);
    // That request moved last_seen_at: another 29 minutes later the person is still signed in.
    expect(Date.now() - new Date((await sessionRow(ts, c)).last_seen_at).getTime()).toBeLessThan(60_000);
    await idleFor(ts, c, 29);
    expect(await signedIn(c)).toBe(true);
    await idleFor(ts, c, 31);
    expect(await signedIn(c)).toBe(false);
    expect((await c.get('/api/v1/get-member-info')).status).toBe(401);
  });

  it('ends a signed-in session 12 hours after sign-in however busy it is', async () => {
    const ts = ctx();
    const c = ts.client();
    await c.signIn(DEMO.rep.email, DEMO.rep.password);
    const row = await sessionRow(ts, c);
    const lifetime = new Date(row.expires_at).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(12 * 3600_000 - 60_000);
    expect(lifetime).toBeLessThanOrEqual(12 * 3600_000);
    await sql`update sessions set expires_at = now() - interval '1 second' where id = ${row.id}`.execute(ts.db);
    expect(await signedIn(c)).toBe(false);
  });

  it('keeps an anonymous cart a day without requests, not longer', async () => {
    const ts = ctx();
    const c = ts.client();
    const id = await makeEnrollment(ts, c);
    const row = await sessionRow(ts, c);
    expect(new Date(row.expires_at).getTime() - Date.now()).toBeGreaterThan(13 * 86400_000);
    await idleFor(ts, c, 23 * 60);
    expect((await c.get('/api/v1/get-plan-cart', { enrollment_id: id })).status).toBe(200);
    await idleFor(ts, c, 25 * 60);
    expect((await c.get('/api/v1/get-plan-cart', { enrollment_id: id })).status).toBe(404);
  });

  it('drops expired and idle sessions in the hourly purge', async () => {
    const ts = ctx();
    const { purgeExpiredSessions } = await import('../../src/plugins/session.ts');
    const member = ts.client();
    await member.signIn(DEMO.member.email, DEMO.member.password);
    const shopper = ts.client();
    await makeEnrollment(ts, shopper);
    await idleFor(ts, member, 31);
    await idleFor(ts, shopper, 31);
    await purgeExpiredSessions(ts.db);
    const ids = (await ts.db.selectFrom('sessions').select('id').execute()).map((r) => r.id);
    expect(ids).not.toContain(sha256(member.cookies.get('sid')!));
    expect(ids).toContain(sha256(shopper.cookies.get('sid')!));
  });
});

describeEachDb('security: no API answer is kept by a browser or proxy', (ctx) => {
  it('sends Cache-Control: no-store on every API answer, errors included', async () => {
    const ts = ctx();
    const c = ts.client();
    await c.signIn(DEMO.member.email, DEMO.member.password);
    const id = await makeEnrollment(ts, c);
    const ops = (await loadOperations(c)).filter((o) => o.method === 'GET' && o.path.startsWith('/api/'));
    expect(ops.length).toBeGreaterThan(50);
    const missing: string[] = [];
    for (const op of ops) {
      const req = buildRequest(op, (name) =>
        ENROLLMENT_PARAM.test(name) ? id : /^(pid|planId|plan_id|plan_ids)$/i.test(name) ? 101 : undefined,
      );
      const r = await c.request('GET', req.path, { query: req.query });
      if (!/no-store/.test(r.headers.get('cache-control') ?? ''))
        missing.push(`${op.path} (${r.status}): ${r.headers.get('cache-control')}`);
    }
    expect(missing).toEqual([]);
    for (const r of [
      await c.post('/api/auth/sign-in', DEMO.member),
      await c.get('/api/v1/no-such-call'),
      await ts.client().post('/api/v1/continue-enrollment', { code: '', email: '' }),
    ]) {
      expect(r.headers.get('cache-control')).toBe('no-store');
    }
  });
});
