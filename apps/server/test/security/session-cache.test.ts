import { expect, it } from 'vitest';
import { describeEachDb, type TestStore } from '../helpers/store.ts';
import { DEMO, TestClient } from '../helpers/client.ts';

/**
 * Session look-ups may come from an in-process cache (embedded database): a session that ends, expires or whose
 * account is deactivated opens nothing from the next request on, also for a copy of its cookie.
 */
async function signedInWithCopy(ts: TestStore, who: { email: string; password: string }): Promise<[TestClient, TestClient]> {
  const c = ts.client();
  await c.signIn(who.email, who.password);
  expect((await c.get('/api/auth/me')).body.data.signed_in).toBe(true);
  const copy = ts.client();
  for (const [k, v] of c.cookies) copy.cookies.set(k, v);
  expect((await copy.get('/api/auth/me')).body.data.signed_in).toBe(true); // now cached
  return [c, copy];
}

describeEachDb('session look-ups', (ctx) => {
  it('a signed-out session opens nothing at once, even with a copy of its cookie', async () => {
    const [c, copy] = await signedInWithCopy(ctx(), DEMO.rep);
    await c.post('/api/auth/sign-out');
    expect((await copy.get('/api/auth/me')).body.data.signed_in).toBe(false);
  });

  it('an expired session opens nothing at once', async () => {
    const [, copy] = await signedInWithCopy(ctx(), DEMO.member);
    await ctx()
      .db.updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('account_id', 'is not', null)
      .execute();
    expect((await copy.get('/api/auth/me')).body.data.signed_in).toBe(false);
  });

  it('a deactivated account is signed out at once', async () => {
    const [, copy] = await signedInWithCopy(ctx(), DEMO.group);
    const op = ctx().client();
    await op.signIn(DEMO.operator.email, DEMO.operator.password);
    const account = await ctx().db.selectFrom('accounts').select('id').where('email', '=', DEMO.group.email).executeTakeFirstOrThrow();
    expect((await op.put(`/api/admin/accounts/${account.id}/active`, { active: false })).status).toBe(200);
    expect((await copy.get('/api/auth/me')).body.data.signed_in).toBe(false);
    expect((await copy.get('/api/v1/get-agent-groups')).status).toBe(401);
  });
});
