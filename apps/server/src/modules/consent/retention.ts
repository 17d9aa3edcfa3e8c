import type { Transaction } from 'kysely';
import { AUTHORIZATION_KEEP_YEARS } from '@store/domain/consent';
import { todayIso } from '@store/domain/dates';
import type { Database } from '../../db/schema.ts';
import type { Job } from '../../plugins/jobs.ts';
import { tabsOf } from '@store/domain/enrollment-record';
import { openSealed } from '../../lib/sealed-tabs.ts';
import type { Db } from './repository.ts';
import { deletePrivateDocuments, findEnrollment, issuedDocumentMedia, purgeExpiredAuthorizations, setLastDebit } from './repository.ts';
import type { Deps } from '../../lib/deps.ts';

/**
 * How long payment authorizations are kept (NACHA: at least two years after the last debit; issue 22). Open-ended while
 * the payment runs; when the enrollment ends its last debit is marked and a purge job is scheduled (plugins/jobs.ts)
 * for the day after the keeping time. The job deletes only authorizations whose keeping time is over.
 */
export const PURGE_KIND = 'payment-authorization-purge';

/** The last day an authorization must be kept: the last debit plus two years (29 February gives 1 March). */
export function keepUntil(lastDebitOn: string): string {
  const d = new Date(`${lastDebitOn}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + AUTHORIZATION_KEEP_YEARS);
  return d.toISOString().slice(0, 10);
}

// Noon UTC of the next day: that day in US Eastern time too (todayIso).
const dayAfter = (iso: string) => new Date(Date.parse(`${iso}T12:00:00Z`) + 86_400_000);

/** Marks the last debit of an enrollment's authorizations and schedules their purge after the keeping time. */
export async function markLastDebit(app: Pick<Deps, 'jobs'>, db: Db, enrollmentId: string, lastDebitOn: string): Promise<string> {
  const until = keepUntil(lastDebitOn);
  await setLastDebit(db, enrollmentId, lastDebitOn, until);
  await app.jobs.schedule(db, { kind: PURGE_KIND, enrollmentId, dueAt: dayAfter(until), payload: { keep_until: until } });
  return until;
}

/**
 * The enrollment ends (cancelled with its last day of coverage): no debit after the later of today and that day, so the
 * authorizations are kept two years after it.
 */
export async function endPaymentAuthorizations(app: Pick<Deps, 'jobs'>, db: Db, enrollmentId: string, lastDay: string): Promise<string> {
  const today = todayIso(app.jobs.now());
  return markLastDebit(app, db, enrollmentId, lastDay > today ? lastDay : today);
}

/**
 * The purge job: deletes the authorizations whose keeping time is over (never one without a last debit), and the
 * ended enrollment's signed application, signature image and receipt, kept as long (issue 34, decision 2300).
 */
export async function purgeJob(app: Pick<Deps, 'jobs' | 'sealer'>, trx: Transaction<Database>, job: Job): Promise<'done' | 'skipped'> {
  const today = todayIso(app.jobs.now());
  const n = await purgeExpiredAuthorizations(trx, today);
  const until = typeof job.payload?.keep_until === 'string' ? job.payload.keep_until : null;
  const files = job.enrollment_id && until && until < today ? await purgeDocuments(app, trx, job.enrollment_id) : 0;
  return n + files > 0 ? 'done' : 'skipped';
}

/** An enrollment's private files: its issued documents, its receipt and its signature image. */
async function purgeDocuments(app: Pick<Deps, 'sealer'>, trx: Transaction<Database>, enrollmentId: string): Promise<number> {
  const e = await findEnrollment(trx, enrollmentId);
  if (!e) return 0;
  const tabs = tabsOf(e);
  const receipt = (tabs.receipt as { media_id?: string } | undefined)?.media_id;
  const agreement = (tabs.aggrement_info ?? {}) as { _sealed?: unknown };
  const signature = openSealed<{ signature_media_id?: string }>(app, e.id, agreement._sealed, {}).signature_media_id;
  const ids = [...(await issuedDocumentMedia(trx, e.id)), ...(receipt ? [receipt] : []), ...(signature ? [signature] : [])];
  return deletePrivateDocuments(trx, e.id, ids);
}
