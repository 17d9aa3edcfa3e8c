import { maskEmail } from '@store/domain/sign-in-link';
import { MEMBER_ACCOUNT_TEXT, type TMemberAccountState } from '@store/domain/member-account';
import type { Actor } from '../../lib/actor.ts';
import { actsForOthers, loadOwnedEnrollment } from '../../lib/access.ts';
import type { Deps } from '../../lib/deps.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import { assertPasswordNotCommon, hashPassword } from '../../lib/passwords.ts';
import { signInLinkToken } from '../auth-link/index.ts';
import { renderSignInLinkMail } from './link-mail.ts';
import * as repo from './repository.ts';

/** Where the member lands once signed in. */
export const MEMBER_HOME_PATH = '/member-home';
/** A link made for a member lives this long (the most a sign-in link may). */
const LINK_SECONDS = 15 * 60;
/** The hash of an account made for a sign-in link: no password verifies against it. */
const NO_PASSWORD = '';

/**
 * The completed enrollment this browser made or resumed, and its member's e-mail. A rep or group administrator
 * enrolling someone else never makes the member's account (decision 2320), and answers as if it did not exist.
 */
async function ownMember(deps: Pick<Deps, 'db'>, actor: Actor, enrollmentId: string) {
  const e = await loadOwnedEnrollment(actor, enrollmentId, deps.db, { statusOnly: true });
  if (actsForOthers(actor)) throw notFound('Enrollment not found');
  if (e.status !== 'completed' || e.user_id === null) throw new HttpError(409, MEMBER_ACCOUNT_TEXT.NOT_COMPLETED);
  const email = (await repo.memberEmail(deps.db, e.user_id))?.trim().toLowerCase() || null;
  return { e, userId: e.user_id, email };
}

/** What the receipt offers: make an account, sign in (one exists), nothing (no e-mail), or it is this session's. */
export async function memberAccountState(
  deps: Pick<Deps, 'db' | 'config'>,
  actor: Actor,
  enrollmentId: string,
): Promise<TMemberAccountState> {
  const { userId, email } = await ownMember(deps, actor, enrollmentId);
  const link = !!deps.config.SIGN_IN_LINK_SECRET;
  if (actor.account?.role === 'member' && actor.account.user_id === userId) return { state: 'signed-in', email: null, link };
  if (!email) return { state: 'no-email', email: null, link };
  const existing = await repo.accountByEmail(deps.db, email);
  const open = !existing || (existing.role === 'member' && existing.user_id === userId && existing.password_hash === NO_PASSWORD);
  return { state: open ? 'available' : 'exists', email: maskEmail(email), link };
}

/**
 * Makes the member's account with this password (or gives one made for a sign-in link its password), makes the
 * member's completed enrollments the account's, and answers the account to sign in. An e-mail that already signs in
 * (with a password, or as someone else) answers 409: sign in instead.
 */
export async function createMemberAccount(deps: Pick<Deps, 'db'>, actor: Actor, enrollmentId: string, password: string) {
  const { e, userId, email } = await ownMember(deps, actor, enrollmentId);
  if (!email) throw new HttpError(409, MEMBER_ACCOUNT_TEXT.NO_EMAIL);
  assertPasswordNotCommon(password, [email]);
  const passwordHash = await hashPassword(password);
  return deps.db.transaction().execute(async (trx) => {
    const existing = await repo.accountByEmail(trx, email);
    let accountId: number;
    if (!existing) accountId = await repo.insertMemberAccount(trx, email, passwordHash, userId);
    else if (existing.role === 'member' && existing.user_id === userId && existing.password_hash === NO_PASSWORD) {
      accountId = existing.id;
      await repo.setMemberPassword(trx, accountId, passwordHash);
    } else throw new HttpError(409, MEMBER_ACCOUNT_TEXT.EXISTS);
    await repo.claimEnrollments(trx, userId, accountId);
    await repo.insertAudit(trx, accountId, 'member-account-created', e.id);
    return { accountId, next: MEMBER_HOME_PATH };
  });
}

/**
 * Mails the member a one-time sign-in link to the member home (the e-mail given in the enrollment; the link proves
 * it), making a member account without a password when none signs in with that e-mail. The link goes to a
 * configured origin only (deps.origins), never the request's Host. 404 without SIGN_IN_LINK_SECRET.
 */
export async function mailMemberLink(deps: Pick<Deps, 'db' | 'config' | 'mailer'>, actor: Actor, enrollmentId: string, origin: string) {
  const secret = deps.config.SIGN_IN_LINK_SECRET;
  if (!secret) throw notFound('Not found');
  const { e, userId, email } = await ownMember(deps, actor, enrollmentId);
  if (!email) throw new HttpError(409, MEMBER_ACCOUNT_TEXT.NO_EMAIL);
  return deps.db.transaction().execute(async (trx) => {
    const existing = await repo.accountByEmail(trx, email);
    if (existing && (existing.role !== 'member' || existing.user_id !== userId)) throw new HttpError(409, MEMBER_ACCOUNT_TEXT.EXISTS);
    const accountId = existing?.id ?? (await repo.insertMemberAccount(trx, email, NO_PASSWORD, userId));
    await repo.claimEnrollments(trx, userId, accountId);
    const token = signInLinkToken(secret, accountId, LINK_SECONDS);
    const link = `${origin}/api/auth/link?${new URLSearchParams({ token, next: MEMBER_HOME_PATH })}`;
    await deps.mailer.enqueue(trx, {
      kind: 'member-sign-in-link',
      enrollmentId: e.id,
      to: email,
      ...renderSignInLinkMail(actor.lang, link),
      holdsSecret: true,
    });
    await repo.insertAudit(trx, accountId, 'member-sign-in-link-mailed', e.id);
    return { email: maskEmail(email) };
  });
}
