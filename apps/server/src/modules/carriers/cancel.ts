import { CANCEL_BEFORE_COVERAGE } from '@store/domain/carriers';
import { fieldError, HttpError, notFound } from '../../lib/errors.ts';
import { coverageStart } from './enrollment-834.ts';
import * as repo from './repository.ts';
import { queueCarrierFiles } from './service.ts';
import { endPaymentAuthorizations } from '../consent/index.ts';
import type { CarrierDeps } from './carrier-deps.ts';

export const NOT_COMPLETED = 'Only a completed enrollment can be cancelled.';
export const ALREADY_CANCELLED = 'This enrollment is already cancelled.';

/**
 * The operator's "Cancel enrollment": the enrollment's policies end (INACTIVE) and every carrier of its plans gets a
 * maintenance 834 (INS03 024, DTP*357 and DTP*349 the last day), in one transaction with the audit row. A last day
 * before a policy's coverage began is refused (422 on the date), changing nothing.
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
    // DTP*349 before DTP*348 is a file no carrier accepts: the last day may not come before the coverage began.
    const starts = (await repo.activePolicyStarts(trx, e.id)).map((p) =>
      coverageStart(p.effective_date, { effective_date: p.enrollment_effective_date, completed_at: p.completed_at }),
    );
    if (starts.some((start) => input.date < start)) throw fieldError('date', CANCEL_BEFORE_COVERAGE);
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
