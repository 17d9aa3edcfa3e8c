import type { Transaction } from 'kysely';
import { CARRIER_TEXTS } from '@store/domain/carriers';
import type { Database } from '../../db/schema.ts';
import { carrierFileContext } from '../../db/sealed-columns.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import type { Job } from '../../plugins/jobs.ts';
import { removeArchived } from './delivery.ts';
import * as repo from './repository.ts';
import type { CarrierDeps } from './carrier-deps.ts';

/**
 * How long the carriers' files stay (issue 34, decision 2310): a file is deleted (its sealed text blanked, its archive
 * copy removed; the row, its items and acknowledgment stay) the carrier's `file_retention_days` (30 unless its
 * operator sets another) after a 999 accepted it, or after an operator resolved it when no 999 accepted it (rejected,
 * never acknowledged, errored). Each deletion is a scheduled job (plugins/jobs.ts: claimed FOR UPDATE SKIP LOCKED,
 * the file row locked too), so two store processes delete a file once.
 */
export const PURGE_KIND = 'carrier-file-purge';
const DAY_MS = 86_400_000;
const ACCEPTED = new Set<repo.CarrierFileStatus>(['accepted', 'accepted_with_errors']);

type FileState = Pick<repo.CarrierFile, 'status' | 'acknowledged_at' | 'resolved_at'>;

/** When a file's retention starts: a 999 accepted it, or the operator resolved it; null while it is kept. */
export const retentionStart = (f: FileState): Date | null =>
  ACCEPTED.has(f.status) && f.acknowledged_at ? new Date(f.acknowledged_at) : f.resolved_at ? new Date(f.resolved_at) : null;

const purgeAt = (f: FileState, days: number) => {
  const start = retentionStart(f);
  return start && new Date(start.getTime() + days * DAY_MS);
};

/** Schedules the deletion of files whose retention has started (after a 999 or a resolution), in the caller's transaction. */
export async function scheduleRetention(deps: CarrierDeps, trx: repo.Db, fileIds: number[]) {
  for (const id of fileIds) {
    const file = await repo.findFile(trx, id);
    if (!file || file.purged_at) continue;
    const carrier = (await repo.findCarrier(trx, file.carrier_id))!;
    const dueAt = purgeAt(file, carrier.file_retention_days);
    if (dueAt) await deps.jobs.schedule(trx, { kind: PURGE_KIND, enrollmentId: null, dueAt, payload: { file_id: id } });
  }
}

/**
 * Deletes a file whose retention is over. The retention is read again: a longer one set meanwhile moves the job on, a
 * file no longer accepted (a later 999 rejected it) and not resolved stays.
 */
export async function purgeJob(deps: CarrierDeps, trx: Transaction<Database>, job: Job): Promise<'done' | 'skipped'> {
  const file = await repo.lockFile(trx, Number(job.payload.file_id));
  if (!file || file.purged_at) return 'skipped';
  const carrier = (await repo.findCarrier(trx, file.carrier_id))!;
  const dueAt = purgeAt(file, carrier.file_retention_days);
  if (!dueAt) return 'skipped';
  const now = deps.jobs.now();
  if (now < dueAt) {
    await deps.jobs.schedule(trx, { kind: PURGE_KIND, enrollmentId: null, dueAt, payload: { file_id: file.id } });
    return 'done';
  }
  await removeArchived(deps.config.CARRIER_DROP_DIR, carrier, file.file_name);
  await repo.markPurged(trx, file.id, deps.sealer.seal('', carrierFileContext(file.id)), now);
  await repo.writeAudit(trx, null, 'carrier-file.purge', `carrier_file:${file.id}`, {
    file_name: file.file_name,
    retention_days: carrier.file_retention_days,
  });
  return 'done';
}

/**
 * An operator resolves a file no 999 accepted (rejected, never acknowledged, errored): audited; its retention starts.
 * A file accepted, waiting for delivery, already resolved or deleted answers 409.
 */
export async function resolveFile(deps: CarrierDeps, accountId: number | null, id: number) {
  return deps.db.transaction().execute(async (trx) => {
    const file = await repo.lockFile(trx, id);
    if (!file) throw notFound();
    if (file.purged_at || file.resolved_at || ACCEPTED.has(file.status) || file.status === 'generated')
      throw new HttpError(409, CARRIER_TEXTS.FILE_NOT_RESOLVABLE);
    const at = deps.jobs.now();
    await repo.markResolved(trx, id, accountId, at);
    await repo.writeAudit(trx, accountId, 'carrier-file.resolve', `carrier_file:${id}`, { file_name: file.file_name, status: file.status });
    await scheduleRetention(deps, trx, [id]);
    return { id, resolved_at: at.toISOString() };
  });
}

/** A carrier's retention shortened: its files whose retention has started get a deletion job at their new day. */
export async function rescheduleRetention(deps: CarrierDeps, trx: repo.Db, carrierId: number) {
  await scheduleRetention(deps, trx, await repo.filesInRetention(trx, carrierId));
}
