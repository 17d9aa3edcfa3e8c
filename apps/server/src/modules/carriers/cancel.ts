import { HttpError, notFound } from '../../lib/errors.ts';
import * as repo from './repository.ts';
import { queueCarrierFiles } from './service.ts';
import { endPaymentAuthorizations } from '../consent/index.ts';
import type { CarrierDeps } from './carrier-deps.ts';

export const NOT_COMPLETED = 'Only a completed enrollment can be cancelled.';
export const ALREADY_CANCELLED = 'This enrollment is already cancelled.';

/**
 * The operator's "Cancel enrollment": the enrollment's policies end (INACTIVE) and every carrier of its plans gets a
 * maintenance 834 (INS03 024, DTP*349 the last day), in one transaction with the audit row.
 */
export async function cancelEnrollmentCoverage(
  deps: CarrierDeps,
  accountId: number | null,
  enrollmentId: string,
  input: { reason: string; date: string },
) {
  return deps.db.transaction().execute(async (trx) => {
    const e = await repo.lockEnrollment(trx, enrollmentId);
    if (!e) throw notFound();
    if (e.status !== 'completed') throw new HttpError(409, NOT_COMPLETED);
    const active = await repo.endActivePolicies(trx, e.id);
    if (!active.length) throw new HttpError(409, ALREADY_CANCELLED);
    const before = await repo.countFiles(trx);
    await queueCarrierFiles(deps, trx, e.id, { maintenance: '024', reason: input.reason, effectiveDate: input.date });
    const after = await repo.countFiles(trx);
    await endPaymentAuthorizations(deps, trx, e.id, input.date);
    await repo.writeAudit(trx, accountId, 'enrollment.cancel', e.id, { reason: input.reason, date: input.date, policies: active.length });
    return { enrollment_id: e.id, carrier_files: after - before };
  });
}
