import crypto from 'node:crypto';
import { timingSafeEqualText } from '../../lib/crypto.ts';
import type { Deps } from '../../lib/deps.ts';
import { findLinkAccount, insertAudit, nonceUsed, purgeUsedNonces, useNonce } from './repository.ts';

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

export function verify(secret: string, token: string): { accountId: number; exp: number; nonce: string } | null {
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

export const safeNext = (next: string | undefined) => (next && /^\/(?![/\\])[^\s]*$/.test(next) ? next : '/');

/** The link's account, or why not: the same checks for the GET, the page's look and the POST (a secret is configured). */
export async function checkLink(deps: Pick<Deps, 'db' | 'config'>, token: string) {
  const link = verify(deps.config.SIGN_IN_LINK_SECRET!, token);
  const account = link ? await findLinkAccount(deps.db, link.accountId) : undefined;
  if (!link || !account) return { problem: 'invalid' as const };
  if (await nonceUsed(deps.db, link.nonce)) return { problem: 'used' as const };
  return { link, account };
}

/** Uses the link up (once: false when it was not valid or was used meanwhile); the account to sign in, or null. */
export async function useLink(deps: Pick<Deps, 'db' | 'config'>, token: string) {
  const c = await checkLink(deps, token);
  if (c.problem || !(await useNonce(deps.db, c.link.nonce, c.account.id, new Date(c.link.exp * 1000)))) return null;
  return c.account;
}

/** After the session is signed in: the audit row, and the used links past their expiry forgotten. */
export async function linkSignedIn(db: Deps['db'], accountId: number) {
  await insertAudit(db, accountId);
  await purgeUsedNonces(db);
}
