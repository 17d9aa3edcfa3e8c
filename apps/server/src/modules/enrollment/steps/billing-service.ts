import type { Actor } from '../../../lib/actor.ts';
import type { Deps } from '../../../lib/deps.ts';
import {
  BILLING_TEXT,
  paymentMethodFor,
  paymentOptions,
  type TSaveBillingPaymentMethodRequest,
  type TSaveBillingRequest,
  type TSavedPayment,
} from '@store/domain/billing';
import type { PaymentMethod } from '@store/domain/codes';
import type { z } from 'zod';
import type { ZSaveBillingExistingRequest } from '@store/domain/billing';
import type { TExistingBank, TExistingCard } from '@store/domain/contract/enrollment-finish';
import { maskLast4 } from '@store/domain/validation';
import type { Enrollment } from '../../../db/schema.ts';
import { fieldError, fieldErrors } from '../../../lib/errors.ts';
import { isMembersOwnSession, loadOpenEnrollment } from '../../../lib/access.ts';
import { inEnrollmentTabs, paymentContext } from '../../../db/sealed-columns.ts';
import { assertEarlierStepsSaved, loadForStep, writeTab, tabsOf, type Db } from '../context.ts';
import { assertCardAttemptAllowed, recordCardDecline } from '../payment/card-attempts.ts';
import type { TokenizeResult } from '../payment/payment-provider.ts';
import { checkRouting, routingDirectory } from '../payment/routing-directory.ts';
import { groupPaymentMethod, insertPaymentMethod, savedPaymentMethod, savedPaymentMethods } from '../purchase-repository.ts';
import { recordEvent } from '../../trail/index.ts';
import { acceptAuthorization } from '../payment/authorization.ts';
import { consentLang } from '@store/domain/consent';
import { completeOnLastNext, completingTransaction, type Completion } from '../complete.ts';

export type { MemberPaymentMethodsTable } from '../../../db/schema.ts';

/** Billing (enrollment.md 2.11, 4.10): methods, saved methods, card tokens, sealed bank numbers. */

/** The enrollment's method: its group's setting (groups.payment_method) or the store's rule. */
export async function paymentMethodOf(db: Db, e: Pick<Enrollment, 'eprocess' | 'type' | 'group_id'>) {
  const g = e.group_id ? await groupPaymentMethod(db, e.group_id) : undefined;
  return paymentMethodFor(e, g?.payment_method);
}

const allowedMethods = (method: PaymentMethod) => {
  const options = paymentOptions(method);
  return options.length ? (options as string[]) : [method];
};

/** The member's saved bank accounts, masked. */
export async function existingBanks(db: Db, e: Enrollment): Promise<TExistingBank[]> {
  if (!e.user_id) return [];
  return (await savedPaymentMethods(db, e.user_id, 'bank')).map((r) => ({
    bank_id: r.id,
    account_name: r.account_name,
    bank_name: r.bank_name,
    account_number: 'xxxxxxxx' + (r.account_last4 ?? ''),
    bank_routing: 'xxxxx' + (r.routing_last4 ?? ''),
    account_type: r.account_type,
    account_holder_type: r.account_holder_type,
  }));
}

/** The member's saved cards, masked. */
export async function existingCards(db: Db, e: Enrollment): Promise<TExistingCard[]> {
  if (!e.user_id) return [];
  return (await savedPaymentMethods(db, e.user_id, 'card')).map((r) => ({
    card_id: r.id,
    name_on_cc: r.name_on_cc,
    card_number: 'xxxxxxxxxxxx' + (r.card_last4 ?? ''),
    card_brand: r.card_brand,
    expiration_month: r.expiration_month,
    expiration_year: r.expiration_year,
    security_code: '***',
  }));
}

/**
 * Saves the billing step's payment (a new or a saved one) in the caller's transaction, records it in the trail, and
 * accepts its payment authorization (issue 22) with it: when the words the person saw are the ones the saved payment
 * gives (else 422 beside the box and nothing saved); kept, recorded in the trail with its hash and mailed to the
 * payer. With first_enroll=1 (the wizard's last Next: the billing step is the last one, decision 2530) the enrollment
 * is then completed in the same transaction, its first payment taken last (complete.ts). Returns whether a mail was
 * queued.
 */
async function savePaymentInfo(
  deps: Deps,
  trx: Db,
  actor: Actor,
  e: Enrollment,
  info: Record<string, unknown>,
  body: { payment_authorization?: true; authorization_text?: string; first_enroll?: number },
  completion: Completion | null,
) {
  // A completing save's events carry the completion's time: its runs write the same trail (complete.ts).
  const at = completion?.at;
  await writeTab(trx, e.id, 'payment_info', info, { savedTab: true });
  await recordEvent(
    trx,
    e.id,
    'step_saved',
    { step: 'payment_info', payment_method: info.payment_method, bill_date: info.bill_date },
    actor,
    at,
  );
  let mailed = false;
  if (body.payment_authorization) {
    const saved = { ...e, tabs: { ...tabsOf(e), payment_info: info } } as Enrollment;
    const shown = body.authorization_text ?? '';
    await acceptAuthorization(deps, trx, saved, { text: shown }, consentLang(actor.lang), actor, at);
    mailed = true;
  }
  if (completion) {
    await recordEvent(trx, e.id, 'completed', { step: 'billing_info' }, actor, at);
    await completeOnLastNext(deps, trx, e, 'billing_info', completion);
    mailed = true;
  }
  return mailed;
}

/** The receipt mail's link uses a configured origin only (plugins/origins.ts); null when the save does not complete. */
const completingOrigin = async (deps: Deps, actor: Actor, body: { first_enroll?: number }) =>
  body.first_enroll === 1 ? await deps.origins.linkOriginFor(actor.host) : null;

/**
 * A new payment method: the card goes to the provider (only its token is kept), bank numbers are sealed. Returns what
 * may be shown. In Stripe's mode the card was typed into Stripe's Payment Element and only its PaymentMethod id comes
 * here (`payment_method_id`: the provider saves it for off-session charges; decision 2510).
 */
export async function saveBillingStep(
  deps: Deps,
  actor: Actor,
  body: TSaveBillingRequest | TSaveBillingPaymentMethodRequest,
): Promise<TSavedPayment> {
  // Card details go to the provider before any transaction: only the token comes back. The wizard's earlier
  // steps and the card-attempt limits are checked first, so that no card reaches the provider out of order.
  let cardToken: TokenizeResult | null = null;
  const e0 = await loadOpenEnrollment(actor, body.enrollment_id, deps.db);
  await assertEarlierStepsSaved(deps.db, e0, 'billing_info');
  if (!allowedMethods(await paymentMethodOf(deps.db, e0)).includes(body.payment_method))
    throw fieldError('payment_method', 'This payment method is not available for this enrollment.');
  if (body.payment_method === 'cc') {
    const name = `${body.first_name_on_cc} ${body.last_name_on_cc}`;
    const viaElement = 'payment_method_id' in body;
    const save = deps.payments.savePaymentMethod?.bind(deps.payments);
    if (viaElement && !save) throw fieldError('card_number', BILLING_TEXT.CARD_ENTRY_NOT_OFFERED);
    const attempt = viaElement ? body.payment_method_id : body.card_number;
    await assertCardAttemptAllowed(deps, actor, e0.id, attempt);
    cardToken = viaElement
      ? await save!(body.payment_method_id, { name })
      : await deps.payments.tokenizeCard({
          number: body.card_number,
          securityCode: body.security_code,
          expMonth: body.expiration_month,
          expYear: body.expiration_year,
          name,
        });
    if (!cardToken.ok) {
      await recordCardDecline(deps, actor, e0.id, attempt);
      throw fieldErrors([{ target_element: cardToken.field, error_message: cardToken.message }]);
    }
  }
  // What is kept of the payment: masked numbers shown again, the sealed ones and the card token never (ZSavedPayment).
  let info: TSavedPayment & { _sealed?: string; card_token?: string };
  if (body.payment_method === 'eft') {
    const r = await checkRouting(routingDirectory(deps.db), body.routing_number);
    if (!r.ok) throw fieldError('routing_number', r.message);
    info = {
      payment_method: 'eft',
      bill_date: body.bill_date,
      account_name: body.account_name,
      // The directory's name when it knows the bank; otherwise the name the person typed (checked by ZBankFields).
      bank_name: r.name ?? body.bank_name,
      account_type: body.account_type,
      account_holder_type: body.account_holder_type,
      account_number: maskLast4(body.account_number),
      routing_number: maskLast4(body.routing_number),
      _sealed: deps.sealer.sealJson(
        { account_number: body.account_number, routing_number: body.routing_number },
        inEnrollmentTabs(body.enrollment_id),
      ),
    };
  } else if (body.payment_method === 'cc' && cardToken?.ok) {
    info = {
      payment_method: 'cc',
      bill_date: body.bill_date,
      first_name_on_cc: body.first_name_on_cc,
      last_name_on_cc: body.last_name_on_cc,
      card_brand: cardToken.brand,
      card_last4: cardToken.last4,
      card_number: 'xxxxxxxxxxxx' + cardToken.last4,
      card_token: cardToken.token,
      expiration_month: cardToken.expMonth,
      expiration_year: cardToken.expYear,
      address1: body.address1,
      address2: body.address2 ?? '',
      city: body.city,
      state: body.state.toUpperCase(),
      zip: body.zip,
      is_physical_address: body.is_physical_address ?? 'no',
    };
  } else {
    info = { payment_method: body.payment_method, bill_date: body.bill_date };
  }
  const origin = await completingOrigin(deps, actor, body);
  const mailed = await completingTransaction(deps, origin, async (trx, completion) => {
    const e = await loadForStep(actor, trx, body.enrollment_id, 'billing_info');
    return savePaymentInfo(deps, trx, actor, e, info, body, completion);
  });
  if (mailed) deps.mailer.flushSoon();
  const { _sealed, card_token, ...shown } = info;
  void _sealed;
  void card_token;
  return shown;
}

/** A payment method the member saved before: theirs only, in their own session (decision 2320). */
export async function saveExistingBillingStep(deps: Deps, actor: Actor, body: z.output<typeof ZSaveBillingExistingRequest>) {
  const origin = await completingOrigin(deps, actor, body);
  const mailed = await completingTransaction(deps, origin, async (trx, completion) => {
    const e = await loadForStep(actor, trx, body.enrollment_id, 'billing_info');
    if (!allowedMethods(await paymentMethodOf(trx, e)).includes(body.payment_method))
      throw fieldError('payment_method', 'This payment method is not available for this enrollment.');
    const id = body.payment_method === 'cc' ? body.card_id : body.bank_id;
    const mine = isMembersOwnSession(actor, e.user_id);
    const row =
      id && mine && e.user_id ? await savedPaymentMethod(trx, id, e.user_id, body.payment_method === 'cc' ? 'card' : 'bank') : undefined;
    if (!row) throw fieldError(body.payment_method === 'cc' ? 'card_id' : 'bank_id', 'Please choose a saved payment method');
    const info =
      row.kind === 'card'
        ? {
            payment_method: 'cc',
            bill_date: body.bill_date,
            existing_id: row.id,
            card_brand: row.card_brand,
            card_last4: row.card_last4,
            card_number: 'xxxxxxxxxxxx' + row.card_last4,
            card_token: row.card_token,
            expiration_month: row.expiration_month,
            expiration_year: row.expiration_year,
            first_name_on_cc: row.name_on_cc,
          }
        : {
            payment_method: 'eft',
            bill_date: body.bill_date,
            existing_id: row.id,
            account_name: row.account_name,
            bank_name: row.bank_name,
            account_type: row.account_type,
            account_holder_type: row.account_holder_type,
            account_number: 'xxxxxxxx' + row.account_last4,
            routing_number: 'xxxxx' + row.routing_last4,
            _sealed: deps.sealer.sealJson(
              {
                account_number: deps.sealer.open(row.account_number_enc!, paymentContext(row.id, 'account_number_enc')),
                routing_number: deps.sealer.open(row.routing_number_enc!, paymentContext(row.id, 'routing_number_enc')),
              },
              inEnrollmentTabs(e.id),
            ),
          };
    return savePaymentInfo(deps, trx, actor, e, info, body, completion);
  });
  if (mailed) deps.mailer.flushSoon();
}

/** Stores a member's payment method (the member home's change of payment, which writes its own audit row). */
export const storePaymentMethod = (db: Db, values: Parameters<typeof insertPaymentMethod>[1]) => insertPaymentMethod(db, values);
