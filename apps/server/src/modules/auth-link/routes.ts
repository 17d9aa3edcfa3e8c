import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { signInLink } from '@store/domain/contract/auth';
import { signInLinkPreview, signInWithLink } from '@store/domain/contract/auth-link';
import { maskEmail, SIGN_IN_LINK_TEXT } from '@store/domain/sign-in-link';
import { startSignedInSession } from '../../plugins/session.ts';
import { route } from '../../lib/route.ts';
import { HttpError } from '../../lib/errors.ts';
import { ok } from '../../lib/http.ts';
import { checkLink, linkSignedIn, safeNext, useLink } from './service.ts';
import { clientAddress } from '../../lib/client-address.ts';
import type { FeatureOptions } from '../../lib/deps.ts';

/** How an outside dashboard makes a link (service.ts; tests use it from here). */
export { LINK_MAX_SECONDS, signInLinkToken } from './service.ts';

/**
 * The sign-in link (service.ts says what it is). Opening the link (GET) signs nothing in: it checks the link and leads to the page that asks (/sign-in/link, "Continue
 * as j•••@example.com"), the token in the fragment (not sent to the server again, not in its logs); the page's button
 * POSTs it with the CSRF token, which signs in once (decision 2330: a GET that signed in let another site sign a
 * visitor's browser into the attacker's account).
 */
const authLinkRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { deps }) => {
  const invalid = () =>
    new HttpError(422, SIGN_IN_LINK_TEXT.INVALID, [{ target_element: 'token', error_message: SIGN_IN_LINK_TEXT.INVALID }]);
  const limit = (request: FastifyRequest) =>
    deps.rateLimiter.enforce(`signin-link:ip:${clientAddress(request)}`, deps.config.SIGN_IN_LINKS_PER_ADDRESS_15_MIN, 15 * 60_000);
  const notFound = (reply: FastifyReply) => reply.code(404).send({ status: 'error', message: 'Not found' });

  route(app, signInLink, async (request, reply) => {
    if (!deps.config.SIGN_IN_LINK_SECRET) return notFound(reply);
    await limit(request);
    const c = await checkLink(deps, request.query.token);
    if (c.problem) return reply.redirect(`/sign-in?link=${c.problem}`, 303);
    const fragment = new URLSearchParams({ token: request.query.token, next: safeNext(request.query.next) });
    return reply.header('cache-control', 'no-store').redirect(`/sign-in/link#${fragment}`, 303);
  });

  route(app, signInLinkPreview, async (request, reply) => {
    if (!deps.config.SIGN_IN_LINK_SECRET) return notFound(reply);
    await limit(request);
    const c = await checkLink(deps, request.query.token);
    if (c.problem) throw invalid();
    return ok({ email: maskEmail(c.account.email) });
  });

  route(app, signInWithLink, async (request, reply) => {
    if (!deps.config.SIGN_IN_LINK_SECRET) return notFound(reply);
    await limit(request);
    const account = await useLink(deps, request.body.token);
    if (!account) throw invalid();
    await startSignedInSession(request, reply, account.id);
    await linkSignedIn(deps.db, account.id);
    return ok({ next: safeNext(request.body.next) });
  });
};
export default authLinkRoutes;
