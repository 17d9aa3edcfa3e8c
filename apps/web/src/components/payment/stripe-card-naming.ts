import { useEffect, useRef, type RefObject } from 'react';
import type { StripeCard, StripeHolder } from './stripe-card-fields';

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
export function useStripeCardNaming(
  card: RefObject<StripeCard | null>,
  whole: number,
  holder: StripeHolder | undefined,
  onNamed: ((name: CardName) => void) | undefined,
) {
  const latest = useRef({ holder, onNamed });
  latest.current = { holder, onNamed };
  // What was last said of the card: a card no longer whole is no longer named (nothing said before it was named).
  const named = useRef(false);
  const ready = whole > 0 && !!holder && holderReady(holder);
  useEffect(() => {
    if (whole === 0 && named.current) {
      named.current = false;
      latest.current.onNamed?.(null);
    }
    if (!ready) return;
    let stale = false;
    card.current?.createPaymentMethod(latest.current.holder!).then(
      (made) => {
        if (stale || 'error' in made) return;
        named.current = true;
        latest.current.onNamed?.({ brand: made.brand, last4: made.last4 });
      },
      () => undefined,
    );
    return () => {
      stale = true;
    };
  }, [card, whole, ready]);
}
