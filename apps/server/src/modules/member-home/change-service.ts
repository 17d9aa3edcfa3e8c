import type { TChangePaymentRequest } from '@store/domain/member-home';
import type { TBeneficiary } from '@store/domain/enrollment-beneficiaries';
import { paymentOptions } from '@store/domain/billing';
import { fieldError, fieldErrors, notFound } from '../../lib/errors.ts';
import { nextRowId } from '../../lib/row-id-repository.ts';
import { paymentContext } from '../../db/sealed-columns.ts';
import { queueChangeFiles } from '../carriers/index.ts';
import {
  saveBeneficiaries,
  paymentMethodOf,
  storePaymentMethod as insertPaymentMethod,
  paymentProvider,
  checkRouting,
  routingDirectory,
} from '../enrollment/index.ts';
import { memberOf, type MemberTrail } from './service.ts';
import type { Deps } from '../../lib/deps.ts';
import * as repo from './repository.ts';
import { OTHER_LIMITS } from '@store/domain/abuse-limits';

/** Card tries per member and hour (the provider sees every one). */
export const CARD_TRIES_PER_HOUR = OTHER_LIMITS.memberCardTriesPerHour;
export const METHOD_NOT_OFFERED = 'This payment method is not available for your plans.';
export const NO_BENEFICIARY_STEP = 'This enrollment has no beneficiaries.';

/**
 * A new payment method on file, checked as the enrollment's billing step checks it: a bank account (routing number
 * known to the directory; numbers sealed at rest, last four shown) or a card (tokenized by the provider: neither its
 * number nor its security code is kept). Audited, and on the trail of the member's latest enrollment.
 */
export async function changePayment(
  deps: Pick<Deps, 'db' | 'sealer' | 'rateLimiter' | 'config'>,
  trail: MemberTrail,
  account: { id: number },
  userId: number,
  body: TChangePaymentRequest,
) {
  const m = await memberOf(deps.db, userId);
  const offered = paymentOptions(await paymentMethodOf(deps.db, { eprocess: 'applicant', type: 'existing-member', group_id: m.group_id }));
  if (!(offered as string[]).includes(body.payment_method)) throw fieldError('payment_method', METHOD_NOT_OFFERED);
  let card: { token: string; brand: string; last4: string; expMonth: string; expYear: string } | null = null;
  let bankName: string | null = null;
  if (body.payment_method === 'cc') {
    await deps.rateLimiter.enforce(`member-card:${userId}`, deps.config.MEMBER_CARD_TRIES_PER_HOUR, 3600_000);
    const t = await paymentProvider().tokenizeCard({
      number: body.card_number,
      securityCode: body.security_code,
      expMonth: body.expiration_month,
      expYear: body.expiration_year,
      name: `${body.first_name_on_cc} ${body.last_name_on_cc}`,
    });
    if (!t.ok) throw fieldErrors([{ target_element: t.field, error_message: t.message }]);
    card = t;
  } else {
    const r = await checkRouting(routingDirectory(deps.db), body.routing_number);
    if (!r.ok) throw fieldError('routing_number', r.message);
    bankName = r.name ?? body.bank_name;
  }
  return deps.db.transaction().execute(async (trx) => {
    const id = await nextRowId(trx, 'member_payment_methods');
    const none = { account_name: null, bank_name: null, account_number_enc: null, account_last4: null, routing_number_enc: null };
    if (body.payment_method === 'eft')
      await insertPaymentMethod(trx, {
        id,
        user_id: userId,
        kind: 'bank',
        account_name: body.account_name,
        bank_name: bankName,
        account_number_enc: deps.sealer.seal(body.account_number, paymentContext(id, 'account_number_enc')),
        account_last4: body.account_number.slice(-4),
        routing_number_enc: deps.sealer.seal(body.routing_number, paymentContext(id, 'routing_number_enc')),
        routing_last4: body.routing_number.slice(-4),
        account_type: body.account_type,
        account_holder_type: body.account_holder_type,
        card_brand: null,
        card_last4: null,
        card_token: null,
        expiration_month: null,
        expiration_year: null,
        name_on_cc: null,
      });
    else
      await insertPaymentMethod(trx, {
        id,
        user_id: userId,
        kind: 'card',
        ...none,
        routing_last4: null,
        account_type: null,
        account_holder_type: null,
        card_brand: card!.brand,
        card_last4: card!.last4,
        card_token: card!.token,
        expiration_month: card!.expMonth,
        expiration_year: card!.expYear,
        name_on_cc: `${body.first_name_on_cc} ${body.last_name_on_cc}`,
      });
    const shown =
      body.payment_method === 'eft'
        ? { kind: 'bank' as const, label: bankName ?? '', last4: body.account_number.slice(-4) }
        : { kind: 'card' as const, label: card!.brand, last4: card!.last4 };
    await repo.writeAudit(trx, account.id, 'member.payment_method.change', `member:${userId}`, { kind: shown.kind, last4: shown.last4 });
    const latest = (await repo.listCompletedEnrollments(trx, userId))[0];
    if (latest)
      await trail(trx, latest.id, 'step_saved', { step: 'payment_info', source: 'member-home', kind: shown.kind, last4: shown.last4 });
    return shown;
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
