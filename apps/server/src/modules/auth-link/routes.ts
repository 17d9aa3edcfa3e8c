import crypto from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signInLink } from '@store/domain/contract/auth';
import { startSignedInSession } from '../../plugins/session.ts';
import { timingSafeEqualText } from '../../lib/crypto.ts';
import { route } from '../../lib/route.ts';
import { findLinkAccount, insertAudit, purgeUsedNonces, useNonce } from './repository.ts';
import { clientAddress } from '../../lib/client-address.ts';

/**
 * Arriving from an outside dashboard: a signed, expiring, single-use sign-in link
 *   /api/auth/link?token=v1.<accountId>.<exp unix s>.<nonce>.<hmac>   (HMAC-SHA256 with SIGN_IN_LINK_SECRET)
 * signs the browser in as that account (a new session) and goes to `next` (a path of this store) or home.
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

const authLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, signInLink, async (request, reply) => {
    const secret = app.config.SIGN_IN_LINK_SECRET;
    if (!secret) return reply.code(404).send({ status: 'error', message: 'Not found' });
    await app.rateLimiter.enforce(`signin-link:ip:${clientAddress(request)}`, 30, 15 * 60_000);
    const link = verify(secret, request.query.token);
    const account = link ? await findLinkAccount(app.db, link.accountId) : undefined;
    if (!link || !account) return reply.redirect('/sign-in?link=invalid', 303);
    if (!(await useNonce(app.db, link.nonce, account.id, new Date(link.exp * 1000)))) return reply.redirect('/sign-in?link=used', 303);
    await startSignedInSession(request, reply, account.id);
    await insertAudit(app.db, account.id);
    await purgeUsedNonces(app.db);
    return reply.header('cache-control', 'no-store').redirect(safeNext(request.query.next), 303);
  });
};
export default authLinkRoutes;
