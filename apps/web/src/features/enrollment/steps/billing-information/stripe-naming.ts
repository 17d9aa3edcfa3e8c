import type { StripeHolder } from '../../../../components/payment/stripe-card-fields';
import type { Values } from './bank-fields';

const s = (v: unknown) => (v === null || v === undefined ? '' : String(v)).trim();

/** The holder Stripe's PaymentMethod carries: the form's name on the card and billing address. */
export function stripeHolder(v: Values): StripeHolder {
  return {
    name: `${s(v.first_name_on_cc)} ${s(v.last_name_on_cc)}`.trim(),
    address: { line1: s(v.address1), line2: s(v.address2) || undefined, city: s(v.city), state: s(v.state), postal_code: s(v.zip) },
  };
}
