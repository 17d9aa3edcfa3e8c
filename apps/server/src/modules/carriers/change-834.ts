import * as repo from './repository.ts';
import { buildFile, ensureDailyJob } from './service.ts';
import { RENEWAL_PLAN_CHANGE_REASON, SUBSCRIBER_ONLY } from './enrollment-834.ts';
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

/**
 * A renewal moves a policy from a discontinued plan to its replacement on `startsOn` (issue 38, decision 2660), in the
 * caller's transaction (the new policy already written). A carrier of both plans gets one change (INS03 001, INS04 22:
 * the old plan's HD 024 with DTP*349 the day before, the replacement's HD 021 with DTP*348 the date); when the
 * carriers differ, the old plan's carrier gets its cancellation (024, DTP*349/357 the day before) and the new plan's
 * its addition (021, DTP*348 the date). A per-enrollment carrier gets its file now, a daily one in the day's batch.
 * Answers how many carriers were told.
 */
export async function queuePlanMoveFiles(
  deps: CarrierDeps,
  trx: repo.Db,
  enrollmentId: string,
  move: { fromPlanId: number; toPlanId: number; startsOn: string; endsOn: string },
) {
  const from = await repo.carriersOfEnrollment(trx, enrollmentId, move.fromPlanId);
  const to = await repo.carriersOfEnrollment(trx, enrollmentId, move.toPlanId);
  const toIds = new Set(to.map((c) => c.id));
  const fromIds = new Set(from.map((c) => c.id));
  const queued: { carrier: repo.Carrier; item: repo.CarrierFileItem }[] = [];
  const add = async (carrier: repo.Carrier, item: Parameters<typeof repo.addItem>[1]) =>
    queued.push({ carrier, item: await repo.addItem(trx, item) });
  const base = { enrollmentId, reason: RENEWAL_PLAN_CHANGE_REASON };
  for (const carrier of from) {
    if (toIds.has(carrier.id))
      await add(carrier, {
        ...base,
        carrierId: carrier.id,
        maintenance: '001',
        planId: move.toPlanId,
        replacedPlanId: move.fromPlanId,
        effectiveDate: move.startsOn,
      });
    else await add(carrier, { ...base, carrierId: carrier.id, maintenance: '024', planId: move.fromPlanId, effectiveDate: move.endsOn });
  }
  for (const carrier of to)
    if (!fromIds.has(carrier.id))
      await add(carrier, { ...base, carrierId: carrier.id, maintenance: '021', planId: move.toPlanId, effectiveDate: move.startsOn });
  for (const q of queued) {
    if (q.carrier.batch_mode === 'per_enrollment') await buildFile(deps, trx, q.carrier, [q.item], 'enrollment');
    else await ensureDailyJob(deps, trx, q.carrier.id);
  }
  return queued.length;
}
