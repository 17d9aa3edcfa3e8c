import type { Transaction } from 'kysely';
import { nextEasternMidnight } from '@store/domain/dates';
import type { Database } from '../../db/schema.ts';
import type { Deps } from '../../lib/deps.ts';
import type { Job } from '../../plugins/jobs.ts';
import { purgeEventDocuments } from './service.ts';

/** The daily purge of life events' proof past its retention (decision 2660). */
export const DOCUMENT_PURGE_KIND = 'life-event-document-purge';

type PurgeDeps = Pick<Deps, 'jobs' | 'log'>;

/** One pending purge at a time, due at the next midnight in US Eastern time (as the billing day's job). */
export async function ensureDocumentPurgeJob(deps: PurgeDeps, trx?: Transaction<Database>, running?: Job): Promise<void> {
  await deps.jobs.ensureOne(trx, { kind: DOCUMENT_PURGE_KIND, dueAt: nextEasternMidnight(deps.jobs.now()), exceptId: running?.id });
}

/** Deletes the documents past their retention in the job's transaction, then schedules the next day's purge. */
export async function documentPurgeJob(deps: PurgeDeps, trx: Transaction<Database>, job: Job): Promise<'done'> {
  const purged = await purgeEventDocuments(trx, deps.jobs.now());
  if (purged) deps.log.info({ purged }, `Life events: ${purged} proof document(s) past their retention deleted.`);
  await ensureDocumentPurgeJob(deps, trx, job);
  return 'done';
}
