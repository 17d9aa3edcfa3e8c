import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { createMemberAccount, getMemberAccountState, mailMemberSignInLink } from '@store/domain/contract/member-account';
import { MEMBER_ACCOUNT_TEXT } from '@store/domain/member-account';
import { actorOf } from '../../lib/actor.ts';
import { clientAddress } from '../../lib/client-address.ts';
import type { FeatureOptions } from '../../lib/deps.ts';
import { ok } from '../../lib/http.ts';
import { route } from '../../lib/route.ts';
import { startSignedInSession } from '../../plugins/session.ts';
import { createMemberAccount as create, mailMemberLink, memberAccountState } from './service.ts';

/** Tries of the receipt's way back per client address in 15 minutes (each makes a hash or a mail). */
const TRIES_PER_15_MIN = 10;

/**
 * The receipt's way back (issue 37, decision 2460): make the member's account with a password and sign in, or mail a
 * one-time sign-in link. Only the browser that completed or resumed the enrollment; limited per client address.
 */
const memberAccountRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { deps }) => {
  const limit = (request: FastifyRequest) =>
    deps.rateLimiter.enforce(`member-account:ip:${clientAddress(request)}`, TRIES_PER_15_MIN, 15 * 60_000);

  route(app, getMemberAccountState, async (request) => ok(await memberAccountState(deps, actorOf(request), request.query.enrollment_id)));

  route(app, createMemberAccount, async (request, reply) => {
    await limit(request);
    const made = await create(deps, actorOf(request), request.body.enrollment_id, request.body.password);
    await startSignedInSession(request, reply, made.accountId);
    return ok({ next: made.next }, MEMBER_ACCOUNT_TEXT.CREATED);
  });

  route(app, mailMemberSignInLink, async (request) => {
    await limit(request);
    const actor = actorOf(request);
    const origin = await deps.origins.linkOriginFor(actor.host);
    const sent = await mailMemberLink(deps, actor, request.body.enrollment_id, origin);
    deps.mailer.flushSoon();
    return ok(sent);
  });
};
export default memberAccountRoutes;
