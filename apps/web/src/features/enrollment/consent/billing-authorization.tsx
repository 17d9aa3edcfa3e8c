import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { cardBrand } from '@store/domain/billing';
import { withBillDay } from '@store/domain/charges';
import {
  AUTHORIZATION_CHANGED,
  paymentAuthorizationText,
  ZAuthorizationAccepted,
  type AuthorizationPayment,
  type ConsentLang,
} from '@store/domain/consent';
import type { TChargeSummary } from '@store/domain/charges';
import { ApiError } from '../../../lib/api-client';
import type { TExistingBank, TExistingCard } from '@store/domain/contract/enrollment-finish';

type Values = Record<string, string | undefined>;
const s = (v: unknown) => (v === null || v === undefined ? '' : String(v)).trim();

/** The payment the billing form describes now: a new card or account (masked to its last four), or a saved one. */
function paymentOf(type: 'cc' | 'eft', existing: string, v: Values, banks: TExistingBank[], cards: TExistingCard[]): AuthorizationPayment {
  if (type === 'eft') {
    const b = existing !== 'new' ? banks.find((x) => String(x.bank_id) === existing) : undefined;
    if (b) return { method: 'eft', payer: s(b.account_name), bank_name: s(b.bank_name), last4: s(b.account_number).slice(-4) };
    return { method: 'eft', payer: s(v.account_name), bank_name: s(v.bank_name), last4: s(v.account_number).slice(-4) };
  }
  const c = existing !== 'new' ? cards.find((x) => String(x.card_id) === existing) : undefined;
  if (c) return { method: 'cc', payer: s(c.name_on_cc), brand: s(c.card_brand), last4: s(c.card_number).slice(-4) };
  // Stripe's mode: the card Stripe took, as Stripe named it when the PaymentMethod was made (decision 2821).
  if (s(v.stripe_last4))
    return { method: 'cc', payer: `${s(v.first_name_on_cc)} ${s(v.last_name_on_cc)}`, brand: s(v.stripe_brand), last4: s(v.stripe_last4) };
  const digits = s(v.card_number).replace(/\D/g, '');
  return {
    method: 'cc',
    payer: `${s(v.first_name_on_cc)} ${s(v.last_name_on_cc)}`,
    brand: digits ? cardBrand(digits) : '',
    last4: digits.slice(-4),
  };
}

/**
 * The authorization's words for the form as it is (packages/domain, the same function the server checks the save
 * with): the payment, the first debit and its date, the monthly amount on the bill day chosen, how to revoke.
 */
export function billingAuthorizationText(
  type: 'cc' | 'eft',
  existing: string,
  v: Values,
  lists: { banks: TExistingBank[]; cards: TExistingCard[] },
  charges: TChargeSummary,
  billDay: number,
  lang: ConsentLang,
): string {
  return paymentAuthorizationText(paymentOf(type, existing, v, lists.banks, lists.cards), withBillDay(charges, billDay), lang);
}

/** The words changed (Stripe named the card): shown beside the box, to be read and accepted again (decision 2821). */
export const authorizationChanged = () =>
  new ApiError(422, AUTHORIZATION_CHANGED, [{ target_element: 'payment_authorization', error_message: AUTHORIZATION_CHANGED }]);

/** The box, checked with the shared schema (the billing form's resolver loads this file with the box). */
export const authorizationIssues = (values: Values) =>
  ZAuthorizationAccepted.safeParse({ payment_authorization: values.payment_authorization === 'yes' }).error?.issues ?? [];

/**
 * The billing step's payment authorization (issue 22): for a bank debit the NACHA WEB authorization, for a card its
 * own text, following the form as it is typed; accepted with a required checkbox (its message beside it), saved with
 * the payment, a copy mailed. Loaded with the card or bank fields only (the wizard's first files stay small); the text
 * shown goes up through `onText` to be sent with the save.
 */
export default function BillingAuthorization({
  type,
  existing,
  values,
  lists,
  charges,
  billDay,
  checked,
  onChange,
  onText,
  error,
}: {
  type: 'cc' | 'eft';
  existing: string;
  values: Values;
  lists: { banks: TExistingBank[]; cards: TExistingCard[] };
  charges: TChargeSummary;
  billDay: number;
  checked: boolean;
  onChange: (checked: boolean) => void;
  onText: (text: string) => void;
  error?: string;
}) {
  const { t, i18n } = useTranslation();
  const text = billingAuthorizationText(type, existing, values, lists, charges, billDay, i18n.language === 'es' ? 'es' : 'en');
  useEffect(() => onText(text), [text, onText]);
  return (
    <section className="payment-authorization card" aria-labelledby="payment-authorization-title">
      <h3 id="payment-authorization-title">{t('Payment authorization')}</h3>
      <div className="authorization-text" data-testid="payment-authorization-text">
        {text.split('\n').map((line, i) => (
          <p key={i}>{line}</p>
        ))}
      </div>
      <label className="checkbox-row">
        <input
          type="checkbox"
          name="payment_authorization"
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'payment_authorization_message' : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span>{t('I accept this payment authorization. A copy will be e-mailed to me.')}</span>
      </label>
      {error && (
        <div id="payment_authorization_message" className="field-error" role="alert">
          {t(error)}
        </div>
      )}
    </section>
  );
}
