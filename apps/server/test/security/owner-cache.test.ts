import { expect, it } from 'vitest';
import { describeEachDb } from '../helpers/store.ts';
import { DEMO } from '../helpers/client.ts';
import { newQuote } from '../catalog/helpers.ts';
import { sha256 } from '../../src/lib/crypto.ts';

/**
 * The plan list checks ownership from an in-process cache of who owns an enrollment (embedded database): the check
 * runs on every request against the caller's session, and a change of owner counts from the next request on.
 */
describeEachDb('ownership of an enrollment on the plan list', (ctx) => {
  const list = (c: ReturnType<ReturnType<typeof ctx>['client']>, id: string) => c.get('/api/v1/get-filtered-plans', { enrollment_id: id });

  it('answers the owner, and as if it did not exist to anyone else, also once cached', async () => {
    const owner = ctx().client();
    const id = await newQuote(owner);
    expect((await list(owner, id)).status).toBe(200);
    expect((await list(owner, id)).status).toBe(200); // now cached
    const stranger = ctx().client();
    await newQuote(stranger);
    const refused = await list(stranger, id);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('Enrollment not found');
    const anonymous = ctx().client();
    expect((await list(anonymous, id)).status).toBe(404);
    expect((await anonymous.get('/api/v1/get-related-plans', { enrollment_id: id, plan_id: 1 })).status).toBe(404);
  });

  it('follows a change of owner at once', async () => {
    const owner = ctx().client();
    const id = await newQuote(owner);
    const other = ctx().client();
    await newQuote(other);
    expect((await list(owner, id)).status).toBe(200); // cached with the first owner
    expect((await list(other, id)).status).toBe(404);
    const otherSession = sha256(other.cookies.get('sid')!);
    await ctx().db.updateTable('enrollments').set({ session_id: otherSession }).where('id', '=', id).execute();
    expect((await list(owner, id)).status).toBe(404);
    expect((await list(other, id)).status).toBe(200);
  });

  it('follows the enrollment into the account that signs in', async () => {
    const c = ctx().client();
    const id = await newQuote(c);
    const before = ctx().client();
    for (const [k, v] of c.cookies) before.cookies.set(k, v);
    expect((await list(before, id)).status).toBe(200); // cached with the anonymous session
    await c.signIn(DEMO.member.email, DEMO.member.password);
    expect((await list(c, id)).status).toBe(200);
    expect((await list(before, id)).status).toBe(404); // the old session's cookie opens nothing
  });
});
