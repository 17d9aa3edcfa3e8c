import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZMe, ZSignInRequest, SIGN_IN_FAILED } from '@store/domain/auth';
import { ok, responses } from '../../lib/http.ts';
import { endSession, startSignedInSession } from '../../plugins/session.ts';
import { verifyPassword, hashPassword } from '../../lib/passwords.ts';
import { fieldError } from '../../lib/errors.ts';
import { describeAccount } from './service.ts';

/** Sign-in for reps, group administrators, members and operators; sign-out; who am I. */
const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // A fixed hash to compare against when the account does not exist (same time either way).
  const dummyHash = await hashPassword('not-a-real-password');

  app.post('/api/auth/sign-in', { schema: { tags: ['auth'], body: ZSignInRequest, response: responses(ZMe) } }, async (request, reply) => {
    const email = request.body.email.toLowerCase();
    await app.rateLimiter.enforce(`signin:ip:${request.ip}`, 20, 15 * 60_000);
    await app.rateLimiter.enforce(`signin:email:${email}`, 10, 15 * 60_000);
    const account = await app.db.selectFrom('accounts').selectAll().where('email', '=', email).where('active', '=', true).executeTakeFirst();
    const valid = await verifyPassword(account?.password_hash ?? dummyHash, request.body.password);
    if (!account || !valid) throw fieldError('password', SIGN_IN_FAILED);
    await startSignedInSession(request, reply, account.id);
    await app.db.insertInto('audit_log').values({ account_id: account.id, action: 'sign-in', target: `account:${account.id}` }).execute();
    return ok(await describeAccount(app.db, account));
  });

  app.post('/api/auth/sign-out', { schema: { tags: ['auth'] } }, async (request, reply) => {
    await endSession(request, reply);
    return ok(null);
  });

  app.get('/api/auth/me', { schema: { tags: ['auth'], response: responses(ZMe) } }, async (request) => {
    const a = request.session.account;
    if (!a) return ok({ signed_in: false, role: null, email: null, agent_id: null, group_id: null, user_id: null, name: null });
    return ok(await describeAccount(app.db, a));
  });
};
export default authRoutes;
