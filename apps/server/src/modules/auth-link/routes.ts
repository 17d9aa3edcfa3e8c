import crypto from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { signInLink } from '@store/domain/contract/auth';
import { signInLinkPreview, signInWithLink } from '@store/domain/contract/auth-link';
import { maskEmail, SIGN_IN_LINK_TEXT } from '@store/domain/sign-in-link';
import { startSignedInSession } from '../../plugins/session.ts';
import { timingSafeEqualText } from '../../lib/crypto.ts';
import { route } from '../../lib/route.ts';
import { HttpError } from '../../lib/errors.ts';
import { ok } from '../../lib/http.ts';
import { findLinkAccount, insertAudit, nonceUsed, purgeUsedNonces, useNonce } from './repository.ts';
import { clientAddress } from '../../lib/client-address.ts';
import type { FeatureOptions } from '../../lib/deps.ts';

/**
 * Arriving from an outside dashboard: a signed, expiring, single-use sign-in link
 *   /api/auth/link?token=v1.<accountId>.<exp unix s>.<nonce>.<hmac>   (HMAC-SHA256 with SIGN_IN_LINK_SECRET)
 * signs the browser in as that account (a new session), once the person confirms it (below), and goes to `next` (a
 * path of this store) or home.
 * A link lives at most 15 minutes and signs in once; anything else goes to the sign-in page. Without
 * SIGN_IN_LINK_SECRET the route answers 404.
 */
export const LINK_MAX_SECONDS = 15 * 60;

const mac = (secret: string, payload: string) => crypto.createHmac('sha256', secret).update(payload).digest('base64url');

/** A sign-in link token (what an outside dashboard makes). */
export function signInLinkToken(secret: string, accountId: number, ttlSeconds = 300, now = Date.now()): string {
  const payload = `v1.${accountId}.${Math.floor(now / 1000) + ttlSeconds}.${crypto.randomBytes(16).toString('base64url')}`;
  return `${payload}.${mac(secret, payload)}`;
}

function verify(secret: string, token: string): { accountId: number; exp: number; nonce: string } | null {
  const parts = token.split('.');
  if (parts.length !== 5 || parts[0] !== 'v1') return null;
  const [, id, expText, nonce, sig] = parts;
  if (!/^\d{1,10}$/.test(id) || !/^\d{1,12}$/.test(expText) || !/^[A-Za-z0-9_-]{16,64}$/.test(nonce)) return null;
  if (!timingSafeEqualText(mac(secret, parts.slice(0, 4).join('.')), sig)) return null;
  const exp = Number(expText);
  const now = Date.now() / 1000;
  if (exp < now || exp > now + LINK_MAX_SECONDS) return null;
  return { accountId: Number(id), exp, nonce };
}

const safeNext = (next: string | undefined) => (next && /^\/(?![/\\])[^\s]*$/.test(next) ? next : '/');

/**
 * Opening the link (GET) signs nothing in: it checks the link and leads to the page that asks (/sign-in/link, "Continue
 * as j•••@example.com"), the token in the fragment (not sent to the server again, not in its logs); the page's button
 * POSTs it with the CSRF token, which signs in once (decision 2330: a GET that signed in let another site sign a
 * visitor's browser into the attacker's account).
 */
const authLinkRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { deps }) => {
  /** The link's account, or why not: the same checks for the GET, the page's look and the POST. */
  async function check(token: string) {
    const secret = deps.config.SIGN_IN_LINK_SECRET!;
    const link = verify(secret, token);
    const account = link ? await findLinkAccount(deps.db, link.accountId) : undefined;
    if (!link || !account) return { problem: 'invalid' as const };
    if (await nonceUsed(deps.db, link.nonce)) return { problem: 'used' as const };
    return { link, account };
  }
  const invalid = () =>
    new HttpError(422, SIGN_IN_LINK_TEXT.INVALID, [{ target_element: 'token', error_message: SIGN_IN_LINK_TEXT.INVALID }]);
  const limit = (request: FastifyRequest) =>
    deps.rateLimiter.enforce(`signin-link:ip:${clientAddress(request)}`, deps.config.SIGN_IN_LINKS_PER_ADDRESS_15_MIN, 15 * 60_000);
  const notFound = (reply: FastifyReply) => reply.code(404).send({ status: 'error', message: 'Not found' });

  route(app, signInLink, async (request, reply) => {
    if (!deps.config.SIGN_IN_LINK_SECRET) return notFound(reply);
    await limit(request);
    const c = await check(request.query.token);
    if (c.problem) return reply.redirect(`/sign-in?link=${c.problem}`, 303);
    const fragment = new URLSearchParams({ token: request.query.token, next: safeNext(request.query.next) });
    return reply.header('cache-control', 'no-store').redirect(`/sign-in/link#${fragment}`, 303);
  });

  route(app, signInLinkPreview, async (request, reply) => {
    if (!deps.config.SIGN_IN_LINK_SECRET) return notFound(reply);
    await limit(request);
    const c = await check(request.query.token);
    if (c.problem) throw invalid();
    return ok({ email: maskEmail(c.account.email) });
  });

  route(app, signInWithLink, async (request, reply) => {
    if (!deps.config.SIGN_IN_LINK_SECRET) return notFound(reply);
    await limit(request);
    const c = await check(request.body.token);
    if (c.problem || !(await useNonce(deps.db, c.link.nonce, c.account.id, new Date(c.link.exp * 1000)))) throw invalid();
    await startSignedInSession(request, reply, c.account.id);
    await insertAudit(deps.db, c.account.id);
    await purgeUsedNonces(deps.db);
    return ok({ next: safeNext(request.body.next) });
  });
};
export default authLinkRoutes;
