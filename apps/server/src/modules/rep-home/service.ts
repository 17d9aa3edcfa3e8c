import { isoToUs } from '@store/domain/dates';
import type { TContinueResult } from '@store/domain/enrollment';
import {
  REP_HOME_NOT_FOUND,
  REP_HOME_RESEND_LIMIT,
  RESEND_NO_EMAIL,
  RESEND_SENT,
  maskedSsnOf,
  personName,
  stepReached,
  type TRepCompleted,
  type TRepCompletedPage,
  type TRepHomeQuery,
  type TRepInProgress,
  type TRepInProgressPage,
  type TRepMember,
  type TRepMembersPage,
  type TRepQuote,
  type TRepQuotesPage,
} from '@store/domain/rep-home';
import { fieldError, forbidden, notFound, unauthorized } from '../../lib/errors.ts';
import { storedLanguage } from '../../lib/mail-i18n.ts';
import { continueResult, mailNewResumeCode } from '../enrollment/index.ts';
import * as repo from './repository.ts';
import type { Db, Window } from './repository.ts';
import type { Actor } from '../../lib/actor.ts';
import type { Deps } from '../../lib/deps.ts';

/**
 * The rep's home (book of business): the signed-in rep's members (members.agent_id), and the enrollments and quotes
 * the rep's account made (account_id, the owner lib/access.ts knows), never anyone else's. Pages are offset pages in
 * index order; the CSV export (csv.ts) walks the same rows by keyset.
 */
export interface Rep {
  accountId: number;
  agentId: number;
}

/** The signed-in rep, or 401 (nobody signed in) / 403 (a member, a group administrator, an operator). */
export function requireRep(actor: Actor): Rep {
  const a = actor.account;
  if (!a) throw unauthorized();
  if (a.role !== 'rep' || !a.agent_id) throw forbidden('Only a rep has a book of business.');
  return { accountId: a.id, agentId: a.agent_id };
}

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();
const pageOf = (query: TRepHomeQuery): Window => ({ limit: query.limit, offset: (query.page - 1) * query.limit });

// ---------- rows (shared by the pages and the CSV) ----------

export async function memberItems(db: Db, rep: Rep, q: string, w: Parameters<typeof repo.memberRows>[3]) {
  const rows = await repo.memberRows(db, rep.agentId, q, w);
  const policies = await repo.policiesOf(
    db,
    rows.map((m) => m.user_id),
  );
  const items: TRepMember[] = rows.map((m) => ({
    user_id: m.user_id,
    name: [m.first_name, m.middle_name, m.last_name].filter(Boolean).join(' '),
    dob: isoToUs(m.dob),
    email: m.email,
    ssn: maskedSsnOf(m.ssn_last4),
    group_name: m.gname ?? null,
    plans: policies
      .filter((p) => p.user_id === m.user_id)
      .map((p) => ({ plan_name: p.plan_name, plan_status: p.status, eoi_status: p.eoi_status ?? null })),
  }));
  const last = rows.at(-1);
  return { items, next: last ? ([last.last_name, last.first_name, last.user_id] as const) : null };
}

export async function inProgressItems(db: Db, rep: Rep, q: string, w: Window) {
  const rows = await repo.inProgressRows(db, rep.accountId, q, w);
  const sent = new Map(
    (
      await repo.remindersSent(
        db,
        rows.map((r) => r.id),
      )
    ).map((r) => [r.enrollment_id, r.sent_at]),
  );
  const items: TRepInProgress[] = rows.map((r) => {
    const at = sent.get(r.id);
    return {
      enrollment_id: r.id,
      name: personName(r.first_name, r.last_name),
      step: stepReached((r.saved_keys ?? '').split(','), r.saved_tab),
      last_saved_at: iso(r.updated_at),
      reminder_sent_at: at ? iso(at) : null,
      can_resend: !!r.has_email,
    };
  });
  const last = rows.at(-1);
  return { items, next: last ? ([last.cursor, last.id] as const) : null };
}

export async function completedItems(db: Db, rep: Rep, q: string, w: Window) {
  const rows = await repo.completedRows(db, rep.accountId, q, w);
  const items: TRepCompleted[] = rows.map((r) => ({
    enrollment_id: r.id,
    name: personName(r.first_name, r.last_name),
    confirmation_number: r.confirmation_number,
    completed_at: iso(r.completed_at!),
    premium_cents: r.recurring_cents ?? 0,
  }));
  const last = rows.at(-1);
  return { items, next: last ? ([last.cursor, last.id] as const) : null };
}

export async function quoteItems(db: Db, rep: Rep, q: string, w: Window) {
  const rows = await repo.quoteRows(db, rep.accountId, q, w);
  const items: TRepQuote[] = rows.map((r) => ({
    id: r.id,
    to_name: r.to_name,
    to_email: r.to_email,
    sent_at: iso(r.created_at as unknown as Date),
    enrollment_id: r.enrollment_id,
  }));
  const last = rows.at(-1);
  return { items, next: last ? ([last.cursor, last.id] as const) : null };
}

// ---------- pages ----------

export async function membersPage(db: Db, rep: Rep, query: TRepHomeQuery): Promise<TRepMembersPage> {
  const [{ items }, found] = await Promise.all([memberItems(db, rep, query.q, pageOf(query)), repo.countMembers(db, rep.agentId, query.q)]);
  return { items, ...found, page: query.page, limit: query.limit };
}

export async function inProgressPage(db: Db, rep: Rep, query: TRepHomeQuery): Promise<TRepInProgressPage> {
  const [{ items }, found] = await Promise.all([
    inProgressItems(db, rep, query.q, pageOf(query)),
    repo.countInProgress(db, rep.accountId, query.q),
  ]);
  return { items, ...found, page: query.page, limit: query.limit };
}

export async function completedPage(db: Db, rep: Rep, query: TRepHomeQuery): Promise<TRepCompletedPage> {
  const [{ items }, totals] = await Promise.all([
    completedItems(db, rep, query.q, pageOf(query)),
    repo.completedTotals(db, rep.accountId, query.q),
  ]);
  return {
    items,
    ...totals.found,
    page: query.page,
    limit: query.limit,
    month: totals.month,
    month_count: totals.count,
    month_premium_cents: totals.cents,
  };
}

export async function quotesPage(db: Db, rep: Rep, query: TRepHomeQuery): Promise<TRepQuotesPage> {
  const [{ items }, found] = await Promise.all([quoteItems(db, rep, query.q, pageOf(query)), repo.countQuotes(db, rep.accountId, query.q)]);
  return { items, ...found, page: query.page, limit: query.limit };
}

// ---------- actions ----------

/**
 * Mails a new enrollment code to the address the enrollment was saved with, in the person's language, through the
 * same function as Save & Continue Later; audited. Another rep's enrollment (or a completed one) is not found.
 */
export async function resendCode(
  deps: Pick<Deps, 'db' | 'sealer' | 'mailer' | 'jobs' | 'rateLimiter' | 'config' | 'origins'>,
  host: string | undefined,
  rep: Rep,
  id: string,
): Promise<{ message: string }> {
  const own = await repo.findOwnEnrollment(deps.db, rep.accountId, id);
  if (!own) throw notFound(REP_HOME_NOT_FOUND);
  await deps.rateLimiter.enforce(`rep-home:resend:${id}`, deps.config.REP_RESENDS_PER_ENROLLMENT_DAY, REP_HOME_RESEND_LIMIT.windowMs);
  const origin = await deps.origins.linkOriginFor(host);
  await deps.db.transaction().execute(async (trx) => {
    const e = await repo.lockOwnEnrollment(trx, rep.accountId, id);
    if (!e) throw notFound(REP_HOME_NOT_FOUND);
    if (!e.resume_email) throw fieldError('email', RESEND_NO_EMAIL);
    const tab = e.saved_tab ?? 'primary_info';
    await mailNewResumeCode(deps, trx, e, { email: e.resume_email, tab, lang: storedLanguage(e.mail_lang), origin });
    await repo.insertAudit(trx, { account_id: rep.accountId, action: 'rep-home.resend-code', target: e.id, detail: { tab } });
  });
  deps.mailer.flushSoon();
  return { message: RESEND_SENT };
}

/** What the browser stores to open the rep's own enrollment in the wizard; anyone else's is not found. */
export async function openEnrollment(db: Db, rep: Rep, id: string): Promise<TContinueResult> {
  const e = await repo.findOwnEnrollment(db, rep.accountId, id);
  if (!e) throw notFound(REP_HOME_NOT_FOUND);
  return continueResult(e);
}
