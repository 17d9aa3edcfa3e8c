import type { TChangePaymentMethodRequest, TChangePaymentRequest } from '@store/domain/member-home';
import { BILLING_TEXT, paymentOptions } from '@store/domain/billing';
import { paymentContext } from '../../../db/sealed-columns.ts';
import type { Deps } from '../../../lib/deps.ts';
import { fieldError, fieldErrors } from '../../../lib/errors.ts';
import { nextRowId } from '../../../lib/row-id-repository.ts';
import type { Db } from '../context.ts';
import { insertPaymentMethod } from '../purchase-repository.ts';
import { paymentMethodOf } from '../steps/billing-service.ts';
import { checkRouting, routingDirectory } from './routing-directory.ts';

export const METHOD_NOT_OFFERED = 'This payment method is not available for your plans.';

/** The payment method as the member home shows it: bank name or card brand, and the last four. */
export interface ShownPaymentMethod {
  kind: 'bank' | 'card';
  label: string;
  last4: string;
}

/**
 * A member's new payment method after enrolling (the member home's change, and the one-time link of a failed payment's
 * mail), checked as the enrollment's billing step checks it: a bank account (routing number known to the directory;
 * numbers sealed at rest, last four shown) or a card (tokenized by the provider before any transaction: neither its
 * number nor its security code is kept; tries per member and hour limited). Stored in one transaction with what the
 * caller writes with it (`then`: its audit and trail rows). The billing run takes the newest method at its next try.
 */
export async function saveNewPaymentMethod(
  deps: Pick<Deps, 'db' | 'sealer' | 'rateLimiter' | 'config' | 'payments'>,
  member: { userId: number; groupId: number | null },
  body: TChangePaymentRequest | TChangePaymentMethodRequest,
  then: (trx: Db, shown: ShownPaymentMethod) => Promise<void>,
): Promise<ShownPaymentMethod> {
  const { userId } = member;
  const offered = paymentOptions(
    await paymentMethodOf(deps.db, { eprocess: 'applicant', type: 'existing-member', group_id: member.groupId }),
  );
  if (!(offered as string[]).includes(body.payment_method)) throw fieldError('payment_method', METHOD_NOT_OFFERED);
  let card: { token: string; brand: string; last4: string; expMonth: string; expYear: string } | null = null;
  let bankName: string | null = null;
  if (body.payment_method === 'cc') {
    // In Stripe's mode the card was typed into Stripe's Payment Element: only its PaymentMethod id comes here, saved
    // for off-session charges by the provider, as the billing step saves it (decisions 2510, 2670).
    const viaElement = 'payment_method_id' in body;
    const save = deps.payments.savePaymentMethod?.bind(deps.payments);
    if (viaElement && !save) throw fieldError('card_number', BILLING_TEXT.CARD_ENTRY_NOT_OFFERED);
    await deps.rateLimiter.enforce(`member-card:${userId}`, deps.config.MEMBER_CARD_TRIES_PER_HOUR, 3600_000);
    const name = `${body.first_name_on_cc} ${body.last_name_on_cc}`;
    const t = viaElement
      ? await save!(body.payment_method_id, { name })
      : await deps.payments.tokenizeCard({
          number: body.card_number,
          securityCode: body.security_code,
          expMonth: body.expiration_month,
          expYear: body.expiration_year,
          name,
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
    await then(trx, shown);
    return shown;
  });
}
