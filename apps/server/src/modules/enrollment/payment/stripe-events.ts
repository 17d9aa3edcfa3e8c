import type StripeClient from 'stripe';
import type { ProviderEvent } from '../../../lib/payment-provider.ts';

/** The store's reading of a Stripe event (only the kinds it acts on; decisions 2670, 2820). */
export function eventOf(event: StripeClient.Event): ProviderEvent {
  const id = event.id;
  const intentOf = (x: string | { id: string } | null | undefined) => (typeof x === 'string' ? x : (x?.id ?? ''));
  switch (event.type) {
    case 'payment_intent.succeeded': {
      const pi = event.data.object;
      return {
        id,
        type: 'payment_succeeded',
        chargeId: pi.id,
        storeKey: pi.metadata?.store_key ?? null,
        cents: pi.amount_received || pi.amount,
      };
    }
    case 'payment_intent.payment_failed': {
      const pi = event.data.object;
      const e = pi.last_payment_error;
      return {
        id,
        type: 'payment_failed',
        chargeId: pi.id,
        storeKey: pi.metadata?.store_key ?? null,
        code: e?.decline_code || e?.code || 'card_declined',
      };
    }
    case 'charge.refunded': {
      const ch = event.data.object;
      return { id, type: 'charge_refunded', chargeId: intentOf(ch.payment_intent) || ch.id, refundedCents: ch.amount_refunded };
    }
    case 'charge.dispute.created': {
      const d = event.data.object;
      return {
        id,
        type: 'dispute_created',
        chargeId: intentOf(d.payment_intent) || intentOf(d.charge),
        disputeId: d.id,
        cents: d.amount,
        reason: d.reason,
      };
    }
    case 'charge.dispute.closed': {
      const d = event.data.object;
      return {
        id,
        type: 'dispute_closed',
        chargeId: intentOf(d.payment_intent) || intentOf(d.charge),
        disputeId: d.id,
        cents: d.amount,
        reason: d.reason,
        status: d.status,
      };
    }
    default:
      return { id, type: 'ignored', name: event.type };
  }
}
