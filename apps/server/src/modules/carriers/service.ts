import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Job } from '../../plugins/jobs.ts';
import { carrierFileContext } from '../../db/sealed-columns.ts';
import { nextEasternMidnight } from '@store/domain/dates';
import { CARRIER_TEXTS } from '@store/domain/carriers';
import { nextRowId } from '../../lib/row-id-repository.ts';
import { deliveryFor, folderDelivery } from './delivery.ts';
import { CarrierFileProblem, enrollment834 } from './enrollment-834.ts';
import * as repo from './repository.ts';
import { build834, transactionControlNumber } from './x12/build-834.ts';
import type { Deps } from '../../lib/deps.ts';
import type { CarrierDeps } from './carrier-deps.ts';

/** Scheduled-job kinds (plugins/jobs.ts): deliver one file; build a carrier's daily batch. */
export const DELIVER_KIND = 'carrier-file-deliver';
export const DAILY_KIND = 'carrier-file-daily';

/** Why a carrier without its federal tax id gets no 834 (N1*IN's N104 with qualifier FI is nine digits). */
export const MISSING_TAX_ID = "The carrier's federal tax id is not set (Carriers, its settings); the file was not sent.";

/** The sponsor named in N1*P5 when the enrollment has no group. */
const STORE_SPONSOR = { name: 'Benefit Store', qualifier: '94', id: 'BENEFITSTORE' };

/**
 * Called by the enrollment's completion, in its transaction (enrollment/complete.ts): an item per carrier of
 * the enrollment's plans; a per-enrollment carrier gets its 834 now (sealed, with a delivery job), a daily carrier's
 * item waits for the day's batch. With `planId` (issue 38: an approved evidence of insurability, a plan the member
 * cancelled) the item is about that one plan. Answers how many carriers were told.
 */
export async function queueCarrierFiles(
  deps: CarrierDeps,
  trx: repo.Db,
  enrollmentId: string,
  change: { maintenance?: '021' | '024' | '001'; reason?: string | null; effectiveDate?: string | null; planId?: number | null } = {},
) {
  let carriers = 0;
  for (const carrier of await repo.carriersOfEnrollment(trx, enrollmentId, change.planId ?? null)) {
    carriers++;
    const item = await repo.addItem(trx, {
      carrierId: carrier.id,
      enrollmentId,
      maintenance: change.maintenance ?? '021',
      reason: change.reason,
      effectiveDate: change.effectiveDate,
      planId: change.planId,
    });
    if (carrier.batch_mode === 'per_enrollment') await buildFile(deps, trx, carrier, [item], 'enrollment');
    else await ensureDailyJob(deps, trx, carrier.id);
  }
  return carriers;
}

/** Writes one 834 for these items: sealed at rest, its items assigned, its delivery scheduled, in the caller's transaction. */
export async function buildFile(
  deps: CarrierDeps,
  trx: repo.Db,
  carrier: repo.Carrier,
  items: repo.CarrierFileItem[],
  kind: 'enrollment' | 'daily',
) {
  const id = await nextRowId(trx, 'carrier_files');
  const at = deps.jobs.now();
  const fileName = `834-${String(id).padStart(9, '0')}.x12`;
  // A day's changes of one enrollment go together: one transaction set (the data as it is now) for all its 001 items.
  const sets: repo.CarrierFileItem[][] = [];
  for (const item of items) {
    // A renewal's change of plan (replaced_plan_id) is a transaction set of its own: its coverages are not the day's.
    const same =
      item.maintenance === '001' &&
      !item.replaced_plan_id &&
      sets.find(
        (s) =>
          s[0].maintenance === '001' &&
          !s[0].replaced_plan_id &&
          s[0].enrollment_id === item.enrollment_id &&
          s[0].dependent_id === item.dependent_id,
      );
    if (same) same.push(item);
    else sets.push([item]);
  }
  const enrollments = [];
  let problem: CarrierFileProblem | null = carrier.federal_tax_id ? null : new CarrierFileProblem(MISSING_TAX_ID, 'TAX_ID');
  for (const [item] of problem ? [] : sets) {
    try {
      enrollments.push(await enrollment834(deps, trx, item));
    } catch (err) {
      if (!(err instanceof CarrierFileProblem)) throw err;
      problem = err;
      break;
    }
  }
  const row = { id, carrier_id: carrier.id, kind, file_name: fileName, interchange_control_number: id, group_control_number: id };
  if (problem) {
    // Never a blank SSN in place of a stored one: the file is kept errored (its items with it) and nothing is sent.
    deps.log.error({ carrierFileId: id, carrierId: carrier.id }, problem.message);
    await repo.insertFile(trx, {
      ...row,
      content_enc: deps.sealer.seal('', carrierFileContext(id)),
      transaction_count: sets.length,
      created_at: at,
    });
    await repo.markFileErrored(trx, id, [{ code: problem.code, text: problem.message }]);
    await assignSets(trx, sets, id);
    return id;
  }
  const groupId = items[0] ? (await repo.enrollmentFor834(trx, items[0].enrollment_id)).group_id : null;
  const group = kind === 'enrollment' && groupId ? await repo.groupSponsor(trx, groupId) : undefined;
  const text = build834({
    sender: { qualifier: carrier.isa_sender_qualifier, id: carrier.isa_sender_id },
    receiver: { qualifier: carrier.isa_receiver_qualifier, id: carrier.isa_receiver_id },
    usage: carrier.usage_indicator,
    controlNumber: id,
    at,
    reference: String(id),
    groupNumber: carrier.group_number,
    sponsor: group ? { name: group.gname, qualifier: '94', id: group.gcode } : STORE_SPONSOR,
    payer: { name: carrier.name, qualifier: 'FI', id: carrier.federal_tax_id },
    enrollments,
  });
  await repo.insertFile(trx, {
    ...row,
    content_enc: deps.sealer.seal(text, carrierFileContext(id)),
    transaction_count: sets.length,
    created_at: at,
  });
  await assignSets(trx, sets, id);
  await deps.jobs.schedule(trx, { kind: DELIVER_KIND, enrollmentId: null, dueAt: at, payload: { file_id: id } });
  return id;
}

/** Each set's items get the set's transaction control number (ST02), 0001 onwards. */
async function assignSets(trx: repo.Db, sets: repo.CarrierFileItem[][], fileId: number) {
  for (const [i, set] of sets.entries()) for (const item of set) await repo.assignItem(trx, item.id, fileId, transactionControlNumber(i));
}

/** The first moment of the next day in US Eastern time (packages/domain dates.ts), kept importable from here. */
export { nextEasternMidnight };

/** One pending daily job per carrier, due at the next midnight (US Eastern): the day's batch and the day's changes. */
export async function ensureDailyJob(deps: Pick<Deps, 'jobs'>, trx: repo.Db, carrierId: number) {
  if (await repo.pendingDailyJob(trx, DAILY_KIND, carrierId)) return;
  const midnight = nextEasternMidnight(deps.jobs.now());
  await deps.jobs.schedule(trx, { kind: DAILY_KIND, enrollmentId: null, dueAt: midnight, payload: { carrier_id: carrierId } });
}

/** The opened X12 text of a file (empty once the retention deleted it). */
export const fileText = (deps: CarrierDeps, f: repo.CarrierFile) => deps.sealer.open(f.content_enc, carrierFileContext(f.id));

/**
 * Delivers a file, in the job's claiming transaction (FOR UPDATE SKIP LOCKED): two processes never both deliver it,
 * and a crash before the commit runs the job again, which rewrites the same file name (one file in the folder).
 */
export async function deliverJob(deps: CarrierDeps, trx: Transaction<Database>, job: Job): Promise<'done' | 'skipped'> {
  const file = await repo.lockFile(trx, Number(job.payload.file_id));
  if (!file || file.status !== 'generated') return 'skipped';
  const carrier = (await repo.findCarrier(trx, file.carrier_id))!;
  const text = fileText(deps, file);
  // Every file is archived sealed in the carrier's folder (issue 34); an SFTP carrier is then sent the opened text.
  await folderDelivery(deps.config.CARRIER_DROP_DIR, deps.sealer).deliver(carrier, file.file_name, text);
  if (carrier.delivery_method !== 'folder') {
    try {
      await deliveryFor(deps, carrier).deliver(carrier, file.file_name, text);
    } catch (err) {
      await deliveryFailed(deps, trx, file, job, err as Error);
      return 'done';
    }
  }
  await repo.markDelivered(trx, file.id, deps.jobs.now());
  return 'done';
}

/** The wait before the n-th try again (1-based): CARRIER_DELIVERY_RETRY_SECONDS, doubling, at most an hour. */
export const deliveryRetryMs = (baseSeconds: number, attempt: number) => Math.min(baseSeconds * 2 ** (attempt - 1), 3600) * 1000;

/**
 * The carrier's server did not take the file (down, refusing, timing out): the file stays 'generated' and a delivery
 * job is scheduled after a backoff, carrying the count of failed tries. At CARRIER_DELIVERY_FLAG_AFTER the file is
 * flagged to the operator (an error on it in the console, an error in the log); the tries go on at most an hour apart
 * until the server takes it (the flag is cleared then: repo.markDelivered).
 */
async function deliveryFailed(deps: CarrierDeps, trx: Transaction<Database>, file: repo.CarrierFile, job: Job, err: Error) {
  const attempt = Number(job.payload.attempt ?? 0) + 1;
  const dueAt = new Date(deps.jobs.now().getTime() + deliveryRetryMs(deps.config.CARRIER_DELIVERY_RETRY_SECONDS, attempt));
  await deps.jobs.schedule(trx, { kind: DELIVER_KIND, enrollmentId: null, dueAt, payload: { file_id: file.id, attempt } });
  const fields = { carrierFileId: file.id, carrierId: file.carrier_id, attempt, nextTry: dueAt.toISOString(), reason: err.message };
  if (attempt === deps.config.CARRIER_DELIVERY_FLAG_AFTER) {
    await repo.flagUndelivered(trx, file.id, [{ code: 'SFTP', text: CARRIER_TEXTS.NOT_DELIVERED }]);
    deps.log.error(fields, 'carrier file not delivered: flagged to the operator');
  } else deps.log.warn(fields, 'carrier file delivery failed');
}

/** Builds a carrier's daily file from the items waiting for it. */
export async function dailyJob(deps: CarrierDeps, trx: Transaction<Database>, job: Job): Promise<'done' | 'skipped'> {
  const carrier = await repo.findCarrier(trx, Number(job.payload.carrier_id));
  if (!carrier) return 'skipped';
  const items = await repo.lockPendingItems(trx, carrier.id);
  if (!items.length) return 'skipped';
  await buildFile(deps, trx, carrier, items, 'daily');
  return 'done';
}
