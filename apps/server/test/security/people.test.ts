import { expect, it } from 'vitest';
import { describeEachDb } from '../helpers/store.ts';
import { DEMO, type TestClient } from '../helpers/client.ts';

/**
 * Member lists, a rep's groups and portals and existing-member quotes need the signed-in owner: the agent_id,
 * group_id and uid values of the documents (query, headers, basic authorization) open nothing.
 */
const LISTS = [
  '/api/v1/get-agent-members',
  '/api/v1/get-group-users',
  '/api/v1/get-agent-groups',
  '/api/v1/get-enrollment-platforms',
  '/api/v1/get-member-info',
];
const DOC_HEADERS = {
  authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}`,
  agent_id: '20001',
  group_id: '3001',
  uid: '1001',
};
const MEMBER_NAMES = ['Riley', 'Morgan', 'Avery', 'Taylor', 'Jamie', 'Drew', 'Cameron', 'Quinn'];

async function signedIn(c: TestClient, who: keyof typeof DEMO) {
  await c.signIn(DEMO[who].email, DEMO[who].password);
  return c;
}

describeEachDb('security: people data needs the signed-in owner', (ctx) => {
  it('shows no member list, group, portal or member to an anonymous browser, whatever ids it sends', async () => {
    const c = ctx().client();
    for (const path of LISTS) {
      const r = await c.request('GET', path, {
        query: { agent_id: 20001, group_id: 3001, uid: 1001, user_id: 1001 },
        headers: DOC_HEADERS,
      });
      expect(r.status, path).toBe(401);
      expect(r.body).toEqual({ status: 'error', message: 'Please sign in' });
    }
    for (const [path, body] of [
      ['/api/v1/add-filter-for-existing-user', { user_id: 1001, tier: 'IO', agent_id: 20001, group_id: 3001 }],
      ['/api/v1/add-filter-for-member', { user_id: 1001, tier: 'IO' }],
    ] as const) {
      const r = await c.request('POST', path, { body, headers: DOC_HEADERS });
      expect([401, 403, 404], path).toContain(r.status);
      expect(JSON.stringify(r.body)).not.toMatch(/Riley|Chen|04\/12\/1988/);
    }
    expect(await ctx().db.selectFrom('enrollments').select('id').where('user_id', '=', 1001).execute()).toEqual([]);
  });

  it('gives a rep and a group administrator their own people only, with masked SSNs', async () => {
    const rep = await signedIn(ctx().client(), 'rep');
    const mine = await rep.get('/api/v1/get-agent-members', { agent_id: 99999 });
    expect(mine.status).toBe(200);
    expect(mine.body.data.result.length).toBeGreaterThan(0);
    for (const m of mine.body.data.result) expect(m.ssn).toMatch(/^(XXX-XX-\d{4}|)$/);
    // The group list is not the rep's, the rep's list is not the group's.
    expect((await rep.get('/api/v1/get-group-users', { group_id: 3001 })).status).toBe(404);
    const group = await signedIn(ctx().client(), 'group');
    expect((await group.get('/api/v1/get-agent-members', { agent_id: 20001 })).status).toBe(404);
    const users = await group.get('/api/v1/get-group-users', { group_id: 3003 });
    expect(users.status).toBe(200);
    for (const m of users.body.data.result) expect(m.group_info.group_id).toBe(3001);
    // A member sees none of the lists and only themself.
    const member = await signedIn(ctx().client(), 'member');
    for (const path of LISTS.slice(0, 4)) expect((await member.get(path, { agent_id: 20001, group_id: 3001 })).status, path).not.toBe(200);
    const me = await member.get('/api/v1/get-member-info', { uid: 1002 });
    expect(me.body.data).toMatchObject({ user_id: 1001, first_name: 'Riley' });
    expect(JSON.stringify(me.body)).not.toMatch(/Morgan|Patel/);
  });

  it('lets the operator console answer only operators', async () => {
    for (const who of [null, 'rep', 'group', 'member'] as const) {
      const c = who ? await signedIn(ctx().client(), who) : ctx().client();
      const r = await c.request('GET', '/api/admin/enrollments', { headers: DOC_HEADERS });
      expect([401, 403], String(who)).toContain(r.status);
      expect(JSON.stringify(r.body)).not.toMatch(new RegExp(MEMBER_NAMES.join('|')));
    }
    const op = await signedIn(ctx().client(), 'operator');
    expect((await op.get('/api/admin/enrollments')).status).toBe(200);
  });

  it('ends the session on sign-out: the old cookie opens nothing', async () => {
    const rep = await signedIn(ctx().client(), 'rep');
    const stolen = new Map(rep.cookies);
    await rep.post('/api/auth/sign-out');
    const replay = ctx().client();
    for (const [k, v] of stolen) replay.cookies.set(k, v);
    expect((await replay.get('/api/v1/get-agent-members')).status).toBe(401);
    expect((await replay.get('/api/auth/me')).body.data.signed_in).toBe(false);
  });

  it('gives a new session token on sign-in (no fixation)', async () => {
    const c = ctx().client();
    await c.post('/api/v1/add-filter-for-new-user', { zip: '10001', dob: '01/15/1985', gender: '1', tier: 'IO' });
    const before = c.cookies.get('sid');
    expect(before).toBeTruthy();
    await c.signIn(DEMO.rep.email, DEMO.rep.password);
    expect(c.cookies.get('sid')).not.toBe(before);
    const fixed = ctx().client();
    fixed.cookies.set('sid', before!);
    expect((await fixed.get('/api/auth/me')).body.data.signed_in).toBe(false);
  });
});
