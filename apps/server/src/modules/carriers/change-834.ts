import * as repo from './repository.ts';
import { buildFile, ensureDailyJob } from './service.ts';
import { SUBSCRIBER_ONLY } from './enrollment-834.ts';
import type { Deps } from '../../lib/deps.ts';
import type { CarrierDeps } from './carrier-deps.ts';

/** INS04 of a change the member made at home (AI: no reason given; build-834.ts writes it for '001'). */
export const MEMBER_CHANGE_REASON = 'member-home';

/**
 * A change to a completed enrollment (the member's beneficiaries, issue 24; the address) told to the carriers that
 * already hold it: for every carrier with a file of this enrollment, an 834 item with INS03 '001' (change), in the
 * caller's transaction. The item waits for the carrier's daily job (the next midnight, US Eastern), whatever its batch
 * mode: the day's changes of an enrollment go in one file and one transaction set (issue 34), not a file each.
 * Carriers that never got the enrollment get nothing (their first file will carry the current data). Returns how many
 * carriers will get a change file.
 */
export async function queueChangeFiles(deps: Pick<Deps, 'jobs'>, trx: repo.Db, enrollmentId: string, reason = MEMBER_CHANGE_REASON) {
  const holders = await repo.carriersHoldingEnrollment(trx, enrollmentId);
  let carriers = 0;
  for (const carrier of await repo.carriersOfEnrollment(trx, enrollmentId)) {
    if (!holders.has(carrier.id)) continue;
    await repo.addItem(trx, { carrierId: carrier.id, enrollmentId, maintenance: '001', reason });
    await ensureDailyJob(deps, trx, carrier.id);
    carriers++;
  }
  return carriers;
}

/**
 * A life event's change of the family (issue 38, decision 2550), told to every carrier that already holds the
 * enrollment, in the caller's transaction: an item about one dependent (`dependentId`: INS03 021 addition, 024 removal
 * with its DTP*349/357) or the subscriber alone (`subscriberOnly`: 001, the new coverage level). A per-enrollment
 * carrier gets its file now, a daily one in the day's batch. Carriers that never got the enrollment get nothing: their
 * first file carries the family as it is then. Answers how many carriers were told.
 */
export async function queueFamilyChangeFiles(
  deps: CarrierDeps,
  trx: repo.Db,
  enrollmentId: string,
  change: { maintenance: '021' | '024' | '001'; reason: string; effectiveDate: string; dependentId?: string; subscriberOnly?: boolean },
) {
  const holders = await repo.carriersHoldingEnrollment(trx, enrollmentId);
  let carriers = 0;
  for (const carrier of await repo.carriersOfEnrollment(trx, enrollmentId)) {
    if (!holders.has(carrier.id)) continue;
    const item = await repo.addItem(trx, {
      carrierId: carrier.id,
      enrollmentId,
      maintenance: change.maintenance,
      reason: change.reason,
      effectiveDate: change.effectiveDate,
      dependentId: change.subscriberOnly ? SUBSCRIBER_ONLY : (change.dependentId ?? null),
    });
    if (carrier.batch_mode === 'per_enrollment') await buildFile(deps, trx, carrier, [item], 'enrollment');
    else await ensureDailyJob(deps, trx, carrier.id);
    carriers++;
  }
  return carriers;
}
