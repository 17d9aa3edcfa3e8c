import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTHENTICATION_TEXT, cardBrandName } from '@store/domain/billing';
import { Button } from '../ui/button';
import { useStripeCardNaming, type CardName } from './stripe-card-naming';

/** What the billing step asks of Stripe's Payment Element when it saves: the PaymentMethod id, or Stripe's message. */
export interface StripeCard {
  createPaymentMethod(holder: StripeHolder): Promise<{ id: string; brand: string; last4: string } | { error: string }>;
}

/** The card holder's name and billing address: the store's own fields, given to Stripe with the PaymentMethod. */
export interface StripeHolder {
  name: string;
  address: { line1: string; line2?: string; city: string; state: string; postal_code: string };
}

/**
 * The card's number, expiry and security code in Stripe's Payment Element (PAYMENT_PROVIDER=stripe; decision 2510):
 * Stripe.js frames them from Stripe's own origin, so the card never reaches the store; the store gets the
 * PaymentMethod id Stripe makes (https://docs.stripe.com/payments/accept-a-payment-deferred, "mode: setup" with
 * `paymentMethodCreation: 'manual'`, then `elements.submit()` and `stripe.createPaymentMethod({ elements })`).
 * This file and Stripe.js load only in that mode (the billing step, the member home's change of payment method and
 * the one-time change-payment link import it lazily; decision 2670); the card holder's name and the billing address
 * stay the store's own fields, given to Stripe with the PaymentMethod.
 */
export default function StripeCardFields({
  publishableKey,
  onReady,
  holder,
  onNamed,
  error,
}: {
  publishableKey: string;
  onReady(card: StripeCard | null): void;
  /** The holder as typed, and where to say the card's name once Stripe has named it (the billing step, decision 2821). */
  holder?: StripeHolder;
  onNamed?(name: CardName): void;
  error?: string;
}) {
  const { t, i18n } = useTranslation();
  const mount = useRef<HTMLDivElement>(null);
  const card = useRef<StripeCard | null>(null);
  // The element's change event: 0 while the card is not whole (number, expiry, code), a new number for each whole card.
  const [whole, setWhole] = useState(0);
  useStripeCardNaming(card, onNamed ? whole : 0, holder, onNamed);
  const [failed, setFailed] = useState(false);
  const labelId = useId();

  useEffect(() => {
    let cancelled = false;
    let destroy = () => {};
    (async () => {
      const { loadStripe } = await import('@stripe/stripe-js/pure');
      const stripe = await loadStripe(publishableKey, { locale: i18n.language === 'es' ? 'es' : 'en' });
      if (!stripe || cancelled || !mount.current) return;
      const elements = stripe.elements({
        mode: 'setup',
        currency: 'usd',
        setupFutureUsage: 'off_session',
        paymentMethodCreation: 'manual',
        // The methods are the account's payment method configuration (cards only: the server saves cards alone).
      });
      // The holder's name and address are the form's own fields: the element does not ask for them again.
      const element = elements.create('payment', { fields: { billingDetails: { name: 'never', address: 'never' } } });
      element.mount(mount.current);
      element.on('change', (e) => setWhole((n) => (!e.complete ? 0 : n > 0 ? n : Date.now())));
      destroy = () => element.destroy();
      card.current = {
        async createPaymentMethod(holder) {
          const submitted = await elements.submit();
          if (submitted.error) return { error: submitted.error.message ?? t('Please enter your card in the payment form.') };
          const r = await stripe.createPaymentMethod({
            elements,
            params: { billing_details: { ...holder, address: { ...holder.address, country: 'US' } } },
          });
          if (r.error) return { error: r.error.message ?? t('Please enter your card in the payment form.') };
          // The card's brand and last four, as Stripe names them: the payment authorization names the card (decision 2821).
          const named = r.paymentMethod.card;
          return { id: r.paymentMethod.id, brand: cardBrandName(named?.brand), last4: named?.last4 ?? '' };
        },
      };
      onReady(card.current);
    })().catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      card.current = null;
      onReady(null);
      destroy();
    };
    // The element is made once per key; the language is Stripe's at load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [publishableKey]);

  return (
    // The error summary's link to card_number leads here (components/form/error-summary.tsx finds `card_number_message`).
    <div className="field stripe-card" role="group" aria-labelledby={labelId} aria-describedby="card_number_message">
      <span id={labelId} className="field-label">
        {t('Card Number')}
      </span>
      {failed ? <p role="alert">{t('The card form could not be loaded. Please try again later.')}</p> : <div ref={mount} />}
      <p id="card_number_message" className="field-error">
        {error ? t(error) : ''}
      </p>
    </div>
  );
}

/**
 * A premium the card's bank wants its holder to confirm (3-D Secure; decision 2670): Stripe.js shows the bank's check
 * and completes the PaymentIntent the off-session charge left waiting — Stripe's documented way back for the customer:
 * `stripe.confirmCardPayment(client_secret, { payment_method })` with the PaymentMethod that needed it
 * (https://docs.stripe.com/payments/save-and-reuse, "bring the customer back"). The store then checks the
 * PaymentIntent with Stripe itself (`onConfirmed`); nothing Stripe.js says here is taken as paid.
 */
export function StripeConfirmPayment({
  publishableKey,
  clientSecret,
  paymentMethodId,
  label,
  onConfirmed,
}: {
  publishableKey: string;
  clientSecret: string;
  paymentMethodId: string | null;
  label: string;
  onConfirmed(): Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      const a = { publishable_key: publishableKey, client_secret: clientSecret, payment_method_id: paymentMethodId };
      const notLoaded = t('The card form could not be loaded. Please try again later.');
      const refused = await confirmWithStripe(a, i18n.language, notLoaded).then(
        () => null,
        (err: Error) => (err.message === AUTHENTICATION_TEXT.NOT_CONFIRMED ? t('The payment was not confirmed.') : err.message),
      );
      if (refused) setError(refused);
      else await onConfirmed();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="stripe-confirm">
      <Button busy={busy} onClick={() => void confirm()}>
        {label}
      </Button>
      {error && <p role="alert">{t(error)}</p>}
    </div>
  );
}

/**
 * Has the cardholder confirm a payment their bank asked about (3-D Secure; decision 2821): Stripe.js shows the bank's
 * check (confirmCardPayment with the PaymentIntent's client secret). Throws Stripe's message when it is not confirmed;
 * the store then asks Stripe itself whether it is paid.
 */
export async function confirmWithStripe(
  a: { publishable_key: string; client_secret: string; payment_method_id: string | null },
  lang: string,
  notLoaded: string,
) {
  const { loadStripe } = await import('@stripe/stripe-js/pure');
  const stripe = await loadStripe(a.publishable_key, { locale: lang === 'es' ? 'es' : 'en' });
  if (!stripe) throw new Error(notLoaded);
  const r = await stripe.confirmCardPayment(a.client_secret, a.payment_method_id ? { payment_method: a.payment_method_id } : undefined);
  if (r.error) throw new Error(r.error.message ?? AUTHENTICATION_TEXT.NOT_CONFIRMED);
}
