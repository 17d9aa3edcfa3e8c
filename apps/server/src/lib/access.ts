import type { FastifyRequest } from 'fastify';
import type { Actor } from './actor.ts';
import type { Kysely, Transaction } from 'kysely';
import type { Database, Enrollment } from '../db/schema.ts';
import { SECOND_FACTOR_FRESH_MS, SECOND_FACTOR_NEEDED } from '@store/domain/auth';
import { ALREADY_COMPLETED, CLOSED_ENROLLMENT } from '@store/domain/enrollment';
import { findEnrollment, findEnrollmentOwner } from './access-repository.ts';
import { HttpError, notFound } from './errors.ts';

/**
 * Whether this request may read or change the enrollment: the session that created it, the signed-in
 * account that created it (rep, group administrator, member), or a session that resumed it with code and
 * e-mail. Anything else answers as if the enrollment did not exist.
 */
export function canAccessEnrollment(who: FastifyRequest | Actor, e: Pick<Enrollment, 'id' | 'session_id' | 'account_id'>): boolean {
  // A request is read directly: the hottest reads (ownsEnrollmentNow, assertOwnsEnrollment) check ownership on every
  // call and make no actor for it.
  const [sessionId, account, resumed] =
    'server' in who ? [who.session.id, who.session.account, who.session.data.resumed] : [who.sessionId, who.account, who.resumed];
  if (sessionId && e.session_id === sessionId) return true;
  if (account && e.account_id === account.id) return true;
  return !!resumed?.includes(e.id);
}

/**
 * A rep or a group administrator: signed in to enroll other people. They see what is entered in the enrollment they
 * are making, never another enrollment's answers, documents or payment methods, and after completion only statuses
 * (decision 2320).
 */
export function actsForOthers(actor: Actor): boolean {
  const role = actor.account?.role;
  return role === 'rep' || role === 'group';
}

/**
 * The member themself, signed in: the only session in which their earlier health answers are prefilled and their
 * saved cards and accounts offered (decision 2320).
 */
export function isMembersOwnSession(actor: Actor, userId: number | null | undefined): boolean {
  const a = actor.account;
  return !!a && a.role === 'member' && userId !== null && userId !== undefined && a.user_id === userId;
}

export { ALREADY_COMPLETED };

/**
 * The caller's enrollment (404 when not the caller's). Once completed, a rep or group administrator who made it gets
 * 409 unless the route answers only its status (`statusOnly`: the receipt), decision 2320.
 */
export async function loadOwnedEnrollment(
  actor: Actor,
  enrollmentId: string | undefined | null,
  db: Kysely<Database> | Transaction<Database>,
  opts: { forUpdate?: boolean; statusOnly?: boolean } = {},
): Promise<Enrollment> {
  if (!enrollmentId || enrollmentId.length > 64) throw notFound('Enrollment not found');
  const e = await findEnrollment(db, enrollmentId, opts);
  if (!e || !canAccessEnrollment(actor, e)) throw notFound('Enrollment not found');
  if (e.status === 'completed' && !opts.statusOnly && actsForOthers(actor)) throw new HttpError(409, ALREADY_COMPLETED);
  return e;
}

/**
 * The caller's enrollment for a change: refused with 409 once the wizard is closed (completed, or ended or cancelled:
 * CLOSED_ENROLLMENT), for every change alike. The wizard's steps use the enrollment's own loader on top of it
 * (modules/enrollment/loader.ts, decision 2360).
 */
export async function loadOpenEnrollment(
  actor: Actor,
  enrollmentId: string | undefined | null,
  db: Kysely<Database> | Transaction<Database>,
  opts: { forUpdate?: boolean } = {},
): Promise<Enrollment> {
  const e = await loadOwnedEnrollment(actor, enrollmentId, db, opts);
  const closed = CLOSED_ENROLLMENT[e.status];
  if (closed) throw new HttpError(409, closed);
  return e;
}

/**
 * The ownership check when it can be answered at once: the owner when it is in the settled owner cache and this
 * request may read the enrollment; undefined otherwise (then assertOwnsEnrollment decides, and refuses). For the
 * hottest read, which then answers without a promise.
 */
export function ownsEnrollmentNow(request: FastifyRequest, enrollmentId: string | undefined | null): EnrollmentOwner | undefined {
  if (!enrollmentId || enrollmentId.length > 64) return undefined;
  // Only for a quote without a portal: a portal may narrow the plan list (modules/catalog/portal-categories.ts),
  // which the answer made at once does not know.
  const now = request.server.ownerCache.settled<EnrollmentOwner | undefined>(enrollmentId);
  return now?.value && now.value.portal_id === null && canAccessEnrollment(request, now.value) ? now.value : undefined;
}

/**
 * What the ownership check reads of an enrollment: its owner, its portal (which narrows the plan list) and its rep
 * (whose appointments narrow it too, decision 2640).
 */
export type EnrollmentOwner = Pick<Enrollment, 'id' | 'session_id' | 'account_id' | 'portal_id' | 'agent_id'>;

/**
 * The ownership check alone, for read routes that need nothing else from the enrollment: only the three columns
 * canAccessEnrollment reads, from the owner cache (app.ownerCache, lib/cache.ts), which every store process drops
 * for an enrollment when its id, session_id or account_id changes (a sign-in moving a session's enrollments counts
 * at once); the check itself runs on every request against this request's session. Never inside a transaction.
 */
export async function assertOwnsEnrollment(request: FastifyRequest, enrollmentId: string | undefined | null): Promise<EnrollmentOwner> {
  if (!enrollmentId || enrollmentId.length > 64) throw notFound('Enrollment not found');
  const app = request.server;
  const load = (): Promise<EnrollmentOwner | undefined> => findEnrollmentOwner(app.db, enrollmentId);
  type Owner = Awaited<ReturnType<typeof load>>;
  // A cached owner is checked without waiting; otherwise it is read or loaded.
  const now = app.ownerCache.settled<Owner>(enrollmentId);
  const e = now ? now.value : await app.ownerCache.get(enrollmentId, load);
  if (!e || !canAccessEnrollment(request, e)) throw notFound('Enrollment not found');
  return e;
}

/** The signed-in account, or 401. */
export function requireAccount(request: FastifyRequest, roles?: string[]) {
  const a = request.session.account;
  if (!a || (roles && !roles.includes(a.role))) {
    const err = new Error('Please sign in') as Error & { statusCode: number };
    err.statusCode = 401;
    throw err;
  }
  return a;
}

/**
 * Personal data in the operator console (an enrollment, its screenshots and documents) and every change of a sign-in
 * account need a second-factor check of this session within SECOND_FACTOR_FRESH_MS (the sign-in's code counts);
 * otherwise 403 naming the field `second_factor` with `message`, and the console asks for a code (POST
 * /api/auth/second-factor/check).
 */
export function requireFreshSecondFactor(request: FastifyRequest, message: string = SECOND_FACTOR_NEEDED): void {
  const at = request.session.data.second_factor_at;
  if (typeof at === 'number' && Date.now() - at <= SECOND_FACTOR_FRESH_MS) return;
  throw new HttpError(403, message, [{ target_element: 'second_factor', error_message: message }]);
}
