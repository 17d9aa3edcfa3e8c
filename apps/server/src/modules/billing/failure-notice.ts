import crypto from 'node:crypto';
import { coverageEndsOn, graceEndsOn, GRACE_DAYS } from '@store/domain/billing-schedule';
import { addDaysIso, todayIso } from '@store/domain/dates';
import { timingSafeEqualText, type Sealer } from '../../lib/crypto.ts';
import { storedLanguage } from '../../lib/mail-i18n.ts';
import { enqueueOutbox } from '../../plugins/mailer.ts';
import { renderFailureMail, type FailureMail } from './failure-mail.ts';
import { failureDetails, insertChangeLink, takeUnmailedFailures, type FailureDetails } from './failure-repository.ts';
import { tellDisputeLost } from './dispute-notice.ts';
import { inTransaction, type Db } from './repository.ts';

/** How long a one-time change-payment link works (it is used once). */
export const CHANGE_LINK_DAYS = 14;
/** Failures mailed per transaction. */
const NOTICE_BATCH = 100;

export interface NoticeDeps {
  db: Db;
  sealer: Sealer;
  /** A configured origin of the store (plugins/origins.ts): links are never built from a request's Host. */
  origin: () => Promise<string>;
  now?: () => Date;
  graceDays?: number;
}

/**
 * Mails every failure of the ledger not mailed yet (a declined card, a blocked account, a returned debit, a dispute
 * lost: then the operators too) to the payer,
 * through the outbox, in the transaction that marks it mailed: each failure is mailed once, whichever process runs the
 * billing day. A payer without an e-mail address gets nothing (the failure is marked all the same). Returns how many
 * mails were queued.
 */
export async function mailPaymentFailures(deps: NoticeDeps): Promise<number> {
  const now = deps.now ?? (() => new Date());
  let mailed = 0;
  for (;;) {
    const taken = await inTransaction(deps.db, async (trx) => {
      const ids = await takeUnmailedFailures(trx, NOTICE_BATCH);
      if (ids.length === 0) return 0;
      const origin = await deps.origin();
      const failures = await failureDetails(trx, ids);
      for (const f of failures) {
        if (!f.email) continue;
        const lang = storedLanguage(f.mail_lang);
        const mail = renderFailureMail(lang, await failureMail(trx, deps, f, origin, now()));
        await enqueueOutbox(deps.sealer, trx, {
          kind: 'payment-failed',
          to: f.email,
          ...mail,
          enrollmentId: f.enrollment_id,
          holdsSecret: !f.has_account,
        });
        mailed++;
      }
      for (const f of failures) if (f.kind === 'adjustment') await tellDisputeLost(trx, deps, f);
      return ids.length;
    });
    if (taken === 0) return mailed;
  }
}

async function failureMail(trx: Db, deps: NoticeDeps, f: FailureDetails, origin: string, at: Date): Promise<FailureMail> {
  const schedule = { first_charge_on: f.first_charge_on, starts_on: f.starts_on, recurring_from: f.recurring_from, bill_day: f.bill_day };
  const retrying = (f.payment_status === 'declined' || f.payment_status === 'pending') && f.next_try_on !== null;
  let change: FailureMail['change'];
  if (f.has_account || f.user_id === null) change = { kind: 'member-home', link: `${origin}/member-home` };
  else {
    const link = await issueChangeLink(trx, deps.sealer, { userId: f.user_id, enrollmentId: f.enrollment_id }, at);
    change = { kind: 'one-time-link', link: `${origin}/change-payment/${link.token}`, expiresOn: link.expiresOn };
  }
  return {
    name: f.first_name ?? '',
    kind: f.kind === 'adjustment' ? 'dispute' : f.kind === 'return' ? 'bank' : f.method === 'cc' ? 'card' : 'blocked',
    cents: f.kind === 'adjustment' ? f.payment_cents : f.amount_cents,
    period: f.period,
    last4: f.last4,
    reason: f.reason,
    nextTryOn: retrying ? f.next_try_on : null,
    payBy: graceEndsOn(f.due_on, deps.graceDays ?? GRACE_DAYS),
    coverageEndsOn: coverageEndsOn(schedule, f.payment_index),
    change,
    confirm: change.kind === 'member-home' && f.kind !== 'return' && f.reason === 'authentication_required',
  };
}

// ---- the one-time link to the change-payment form ------------------------------------------------------------

const mac = (sealer: Sealer, nonce: string, exp: number) => sealer.digest(`payment-change:${nonce}:${exp}`).slice(0, 22);

/**
 * A signed, expiring, single-use link for a payer without an account: `<nonce>.<expiry, base 36 s>.<hmac>`; the nonce is
 * kept (payment_change_links) so that the link is used once; the signature refuses a made-up or altered token before
 * any look-up.
 */
export async function issueChangeLink(trx: Db, sealer: Sealer, to: { userId: number; enrollmentId: string }, at: Date) {
  const nonce = crypto.randomBytes(18).toString('base64url');
  const expiresOn = addDaysIso(todayIso(at), CHANGE_LINK_DAYS);
  const expiresAt = new Date(at.getTime() + CHANGE_LINK_DAYS * 86400_000);
  const exp = Math.floor(expiresAt.getTime() / 1000);
  await insertChangeLink(trx, { nonce, user_id: to.userId, enrollment_id: to.enrollmentId, expires_at: expiresAt });
  return { token: `${nonce}.${exp.toString(36)}.${mac(sealer, nonce, exp)}`, expiresOn };
}

/** The nonce of a token whose signature holds and which has not expired; null otherwise (then nothing is looked up). */
export function verifyChangeLink(sealer: Sealer, token: string, at: Date): string | null {
  const [nonce, expText, sig, ...rest] = token.split('.');
  if (rest.length || !nonce || !/^[A-Za-z0-9_-]{24}$/.test(nonce) || !/^[0-9a-z]{1,10}$/.test(expText ?? '') || !sig) return null;
  const exp = parseInt(expText, 36);
  if (exp * 1000 <= at.getTime()) return null;
  const ok = sealer.digestAll(`payment-change:${nonce}:${exp}`).some((d) => timingSafeEqualText(d.slice(0, 22), sig));
  return ok ? nonce : null;
}
