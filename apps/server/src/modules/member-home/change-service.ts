import type { TChangePaymentMethodRequest, TChangePaymentRequest } from '@store/domain/member-home';
import type { TBeneficiary } from '@store/domain/enrollment-beneficiaries';
import { notFound } from '../../lib/errors.ts';
import { queueChangeFiles } from '../carriers/index.ts';
import { saveBeneficiaries, saveNewPaymentMethod, METHOD_NOT_OFFERED } from '../enrollment/index.ts';
import { memberOf, type MemberTrail } from './service.ts';
import type { Deps } from '../../lib/deps.ts';
import * as repo from './repository.ts';
import { OTHER_LIMITS } from '@store/domain/abuse-limits';

/** Card tries per member and hour (the provider sees every one). */
export const CARD_TRIES_PER_HOUR = OTHER_LIMITS.memberCardTriesPerHour;
export { METHOD_NOT_OFFERED };
export const NO_BENEFICIARY_STEP = 'This enrollment has no beneficiaries.';

/**
 * A new payment method on file, checked as the enrollment's billing step checks it (enrollment's saveNewPaymentMethod:
 * bank numbers sealed, a card tokenized by the provider). Audited, and on the trail of the member's latest enrollment.
 */
export async function changePayment(
  deps: Pick<Deps, 'db' | 'sealer' | 'rateLimiter' | 'config' | 'payments'>,
  trail: MemberTrail,
  account: { id: number },
  userId: number,
  body: TChangePaymentRequest | TChangePaymentMethodRequest,
) {
  const m = await memberOf(deps.db, userId);
  return saveNewPaymentMethod(deps, { userId, groupId: m.group_id }, body, async (trx, shown) => {
    await repo.writeAudit(trx, account.id, 'member.payment_method.change', `member:${userId}`, { kind: shown.kind, last4: shown.last4 });
    const latest = (await repo.listCompletedEnrollments(trx, userId))[0];
    if (latest)
      await trail(trx, latest.id, 'step_saved', { step: 'payment_info', source: 'member-home', kind: shown.kind, last4: shown.last4 });
  });
}

/**
 * New beneficiaries for one of the member's completed enrollments, with the enrollment step's rules (percentages
 * total 100; SSNs sealed): audited, on the trail, and told to each carrier that already holds the enrollment by an
 * 834 change (INS03 001). Bad input changes nothing.
 */
export async function changeBeneficiaries(
  deps: Pick<Deps, 'db' | 'sealer' | 'jobs'>,
  trail: MemberTrail,
  account: { id: number },
  userId: number,
  enrollmentId: string,
  list: TBeneficiary[],
) {
  return deps.db.transaction().execute(async (trx) => {
    const e = await repo.lockMemberEnrollment(trx, userId, enrollmentId);
    if (!e) throw notFound('Enrollment not found');
    const tabs = (typeof e.tabs === 'string' ? JSON.parse(e.tabs) : e.tabs) as Record<string, unknown>;
    if (!tabs.benificiary_info) throw notFound(NO_BENEFICIARY_STEP);
    const saved = await saveBeneficiaries(deps, trx, e, list);
    const detail = { count: saved.beneficiaries.length, source: 'member-home' };
    await trail(trx, e.id, 'step_saved', { step: 'benificiary_info', ...detail });
    const files = await queueChangeFiles(deps, trx, e.id);
    await repo.writeAudit(trx, account.id, 'member.beneficiaries.change', e.id, { ...detail, carrier_files: files });
    return { carrier_files: files };
  });
}
