import type { FastifyInstance } from 'fastify';
import * as repo from './repository.ts';
import { buildFile, ensureDailyJob } from './service.ts';

/** INS04 of a change the member made at home (AI: no reason given; build-834.ts writes it for '001'). */
export const MEMBER_CHANGE_REASON = 'member-home';

/**
 * A change to a completed enrollment (the member's beneficiaries, issue 24) told to the carriers that already hold it:
 * for every carrier with a file of this enrollment, an 834 item with INS03 '001' (change), built now for a
 * per-enrollment carrier or left for the day's batch, in the caller's transaction. Carriers that never got the
 * enrollment get nothing (their first file will carry the current data). Returns how many files were written now.
 */
export async function queueChangeFiles(app: FastifyInstance, trx: repo.Db, enrollmentId: string, reason = MEMBER_CHANGE_REASON) {
  const holders = await repo.carriersHoldingEnrollment(trx, enrollmentId);
  let files = 0;
  for (const carrier of await repo.carriersOfEnrollment(trx, enrollmentId)) {
    if (!holders.has(carrier.id)) continue;
    const item = await repo.addItem(trx, { carrierId: carrier.id, enrollmentId, maintenance: '001', reason });
    if (carrier.batch_mode === 'per_enrollment') {
      await buildFile(app, trx, carrier, [item], 'enrollment');
      files++;
    } else await ensureDailyJob(app, trx, carrier.id);
  }
  return files;
}
