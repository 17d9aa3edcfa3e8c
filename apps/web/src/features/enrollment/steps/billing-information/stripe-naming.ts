import { useEffect, useRef, type RefObject } from 'react';
import type { StripeCard, StripeHolder } from '../../../../components/payment/stripe-card-fields';
import type { Values } from './bank-fields';

const s = (v: unknown) => (v === null || v === undefined ? '' : String(v)).trim();

/** The holder Stripe's PaymentMethod carries: the form's name on the card and billing address. */
export function stripeHolder(v: Values): StripeHolder {
  return {
    name: `${s(v.first_name_on_cc)} ${s(v.last_name_on_cc)}`.trim(),
    address: { line1: s(v.address1), line2: s(v.address2) || undefined, city: s(v.city), state: s(v.state), postal_code: s(v.zip) },
  };
}

/** Stripe is given the name and address only once each is typed (an empty value is refused by Stripe's API). */
const holderReady = (h: StripeHolder) => !!(h.name && h.address.line1 && h.address.city && h.address.state && h.address.postal_code);

export type CardName = { brand: string; last4: string } | null;

/**
 * Stripe's mode (decision 2821, amended 2026-11-29): the payment authorization names the card as Stripe does (brand,
 * last four), which the store learns only from a PaymentMethod Stripe makes. Once the Payment Element says the card is
 * whole (`whole`, a number that changes with each whole card, 0 while it is not) and the holder's name and address are
 * typed, a PaymentMethod is made to name the card, so the authorization names it before the shopper reads and accepts
 * it, once. The save still makes the PaymentMethod it sends (the holder as then typed); a card named otherwise there is
 * shown to be accepted again, as before.
 */
export function useStripeCardNaming(card: RefObject<StripeCard | null>, whole: number, values: Values, onNamed: (name: CardName) => void) {
  const holder = stripeHolder(values);
  const latest = useRef({ holder, onNamed });
  latest.current = { holder, onNamed };
  // What was last said of the card: a card no longer whole is no longer named (nothing said before it was named).
  const named = useRef(false);
  const ready = whole > 0 && holderReady(holder);
  useEffect(() => {
    if (whole === 0 && named.current) {
      named.current = false;
      latest.current.onNamed(null);
    }
    if (!ready) return;
    let stale = false;
    card.current?.createPaymentMethod(latest.current.holder).then(
      (made) => {
        if (stale || 'error' in made) return;
        named.current = true;
        latest.current.onNamed({ brand: made.brand, last4: made.last4 });
      },
      () => undefined,
    );
    return () => {
      stale = true;
    };
  }, [card, whole, ready]);
}
