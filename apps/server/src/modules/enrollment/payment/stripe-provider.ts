import type StripeClient from 'stripe';
import { BILLING_TEXT, cardBrandName } from '@store/domain/billing';
import type {
  CardInput,
  ChargeOptions,
  ChargeResult,
  PaymentProvider,
  PendingAuthentication,
  ProviderEvent,
  RefundResult,
  TokenizeResult,
} from '../../../lib/payment-provider.ts';
import { eventOf } from './stripe-events.ts';

/**
 * The Stripe adapter (PAYMENT_PROVIDER=stripe; decision 2510), on Stripe's own library. A card is taken in the
 * browser by Stripe's Payment Element and reaches us as a PaymentMethod id (`pm_…`); it is saved for later charges
 * with a Customer and a confirmed off-session SetupIntent, and the store keeps `<customer>/<payment method>` as its
 * token. Every premium is an off-session PaymentIntent (confirm, off_session) with that Customer and PaymentMethod.
 *
 * Exactly once: the store's idempotency key goes to Stripe as the Idempotency-Key header (with the PaymentMethod
 * after it: Stripe refuses a key sent again with other parameters, and a declined payment is retried with the
 * payer's new card) and as the PaymentIntent's metadata `store_key`. A request without an answer (timeout, network,
 * rate limit, Stripe's 5xx) throws: the payment stays "unknown" and the next try sends the same key, which Stripe
 * answers with the first outcome for 24 hours; after an unknown, the adapter first searches for a PaymentIntent with
 * the key in its metadata, so a key Stripe has forgotten never charges twice.
 */
export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  /** Another API host (the tests' local server): `http://127.0.0.1:12111`. */
  apiBase?: string;
  /** Milliseconds a request may take (the library's timeout; the billing run has its own). */
  timeoutMs?: number;
  /** The library's own retries of a request without an answer, with the same Idempotency-Key (default 1). */
  maxNetworkRetries?: number;
  /** The webhook endpoint's signing secret (whsec_…; decision 2670): without it, webhooks are not read. */
  webhookSecret?: string;
}

/** Loads Stripe's library (only in this mode) and makes the adapter. */
export async function stripeProvider(settings: StripeSettings): Promise<StripeProvider> {
  const { default: Stripe } = await import('stripe');
  const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
  const client = new Stripe(settings.secretKey, {
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'http:' ? 80 : 443),
          protocol: base.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
    timeout: settings.timeoutMs ?? 15_000,
    maxNetworkRetries: settings.maxNetworkRetries ?? 1,
    telemetry: false,
    appInfo: { name: 'benefit-store' },
  });
  return new StripeProvider(client, settings.publishableKey, settings.webhookSecret);
}

/** `<customer>/<payment method>`: what the store keeps of a card saved with Stripe. */
export const stripeToken = (customer: string, paymentMethod: string) => `${customer}/${paymentMethod}`;
const parseToken = (token: string) => {
  const m = /^(cus_\w+)\/(pm_\w+)$/.exec(token);
  return m ? { customer: m[1], paymentMethod: m[2] } : null;
};

const NOT_SAVED = BILLING_TEXT.CARD_NOT_SAVED;
const NEEDS_AUTHENTICATION = BILLING_TEXT.CARD_NEEDS_AUTHENTICATION;

export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe';
  readonly cardEntry;

  constructor(
    private readonly stripe: StripeClient,
    publishableKey: string,
    private readonly webhookSecret?: string,
  ) {
    this.cardEntry = { provider: 'stripe', publishable_key: publishableKey } as const;
    if (!webhookSecret) this.readEvent = undefined;
  }

  /**
   * A webhook's event, when Stripe's signature of the raw body holds (`stripe.webhooks.constructEvent`: the
   * Stripe-Signature header's HMAC with the endpoint's secret, and its timestamp within Stripe's tolerance of 5 minutes);
   * null otherwise. Only the fields the store acts on are kept (decision 2670).
   */
  readEvent?(rawBody: Buffer, signature: string | undefined): ProviderEvent | null {
    if (!signature || !this.webhookSecret) return null;
    let event: StripeClient.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
    } catch {
      return null;
    }
    return eventOf(event);
  }

  /** A PaymentIntent left for its payer's authentication (3-D Secure), as it is now (decision 2670). */
  async pendingAuthentication(chargeId: string): Promise<PendingAuthentication> {
    if (!/^pi_\w+$/.test(chargeId)) throw new Error('Not a PaymentIntent');
    const pi = await this.stripe.paymentIntents.retrieve(chargeId);
    const waiting =
      pi.status === 'requires_action' ||
      pi.status === 'requires_confirmation' ||
      (pi.status === 'requires_payment_method' && pi.last_payment_error?.code === 'authentication_required');
    const pm =
      pi.last_payment_error?.payment_method?.id ?? (typeof pi.payment_method === 'string' ? pi.payment_method : pi.payment_method?.id);
    return {
      status: pi.status === 'succeeded' ? 'succeeded' : waiting ? 'requires_action' : 'other',
      chargeId: pi.id,
      storeKey: pi.metadata?.store_key ?? null,
      cents: pi.amount,
      clientSecret: pi.client_secret ?? null,
      paymentMethodId: pm ?? null,
    };
  }

  /** Card numbers never reach the store in this mode: the browser gives them to Stripe's Payment Element. */
  async tokenizeCard(_card: CardInput): Promise<TokenizeResult> {
    return { ok: false, message: BILLING_TEXT.CARD_NOT_ENTERED, field: 'card_number' };
  }

  async savePaymentMethod(paymentMethodId: string, payer: { name: string; email?: string }): Promise<TokenizeResult> {
    if (!/^pm_\w+$/.test(paymentMethodId)) return { ok: false, message: NOT_SAVED, field: 'card_number' };
    try {
      const pm = await this.stripe.paymentMethods.retrieve(paymentMethodId);
      if (pm.type !== 'card' || !pm.card) return { ok: false, message: NOT_SAVED, field: 'card_number' };
      const key = `save:${paymentMethodId}`;
      const customer = await this.stripe.customers.create(
        { name: payer.name, ...(payer.email ? { email: payer.email } : {}), metadata: { store_key: key } },
        { idempotencyKey: `${key}:customer` },
      );
      // Saved for charges without the payer (off-session), as Stripe documents for later payments.
      const setup = await this.stripe.setupIntents.create(
        {
          customer: customer.id,
          payment_method: paymentMethodId,
          // Confirmed here, without the payer: no payment method that sends the payer to another page.
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          usage: 'off_session',
          confirm: true,
        },
        { idempotencyKey: `${key}:setup` },
      );
      if (setup.status === 'requires_action') return { ok: false, message: NEEDS_AUTHENTICATION, field: 'card_number' };
      if (setup.status !== 'succeeded') return { ok: false, message: NOT_SAVED, field: 'card_number' };
      return {
        ok: true,
        token: stripeToken(customer.id, paymentMethodId),
        brand: cardBrandName(pm.card.brand),
        last4: pm.card.last4,
        expMonth: String(pm.card.exp_month).padStart(2, '0'),
        expYear: String(pm.card.exp_year),
      };
    } catch (err) {
      if (isStripeError(err) && (err.type === 'StripeCardError' || err.type === 'StripeInvalidRequestError'))
        return { ok: false, message: declineMessage(err.decline_code || err.code), field: 'card_number' };
      throw err;
    }
  }

  async charge(token: string, cents: number, idempotencyKey: string, opts: ChargeOptions = {}): Promise<ChargeResult> {
    if (!Number.isInteger(cents) || cents <= 0) throw new Error('A charge is a positive number of cents');
    const saved = parseToken(token);
    if (!saved) return { status: 'declined', code: 'invalid_payment_method', message: declineMessage('invalid_payment_method') };
    if (opts.afterUnknown) {
      const found = await this.findCharge(idempotencyKey);
      if (found) return found;
    }
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: cents,
          currency: 'usd',
          customer: saved.customer,
          payment_method: saved.paymentMethod,
          off_session: true,
          confirm: true,
          metadata: { store_key: idempotencyKey },
        },
        { idempotencyKey: `${idempotencyKey}:${saved.paymentMethod}` },
      );
      return outcomeOf(intent);
    } catch (err) {
      return declined(err);
    }
  }

  async refund(chargeId: string, cents: number, idempotencyKey: string): Promise<RefundResult> {
    if (!chargeId.startsWith('pi_') || !Number.isInteger(cents) || cents <= 0) return { status: 'failed', message: 'No such charge' };
    try {
      const r = await this.stripe.refunds.create(
        { payment_intent: chargeId, amount: cents, metadata: { store_key: idempotencyKey } },
        { idempotencyKey },
      );
      return r.status === 'failed' || r.status === 'canceled'
        ? { status: 'failed', message: r.failure_reason ?? 'The refund failed.' }
        : { status: 'succeeded', refundId: r.id };
    } catch (err) {
      if (isStripeError(err) && (err.type === 'StripeInvalidRequestError' || err.type === 'StripeCardError'))
        return { status: 'failed', message: err.message };
      throw err;
    }
  }

  /** A PaymentIntent made with the store's key (its metadata), whatever card it used: its outcome, or null. */
  private async findCharge(idempotencyKey: string): Promise<ChargeResult | null> {
    const found = await this.stripe.paymentIntents.search({
      query: `metadata['store_key']:'${idempotencyKey.replace(/['\\]/g, '')}'`,
      limit: 10,
    });
    const paid = found.data.find((pi) => pi.status === 'succeeded' || pi.status === 'processing');
    return paid ? outcomeOf(paid) : null;
  }
}

/** A PaymentIntent's outcome: paid, refused (with its reason), or not known yet (processing: thrown, tried again). */
function outcomeOf(intent: StripeClient.PaymentIntent): ChargeResult {
  if (intent.status === 'succeeded') return { status: 'succeeded', chargeId: intent.id };
  if (intent.status === 'processing') throw new Error(`PaymentIntent ${intent.id} is still processing`);
  const error = intent.last_payment_error;
  const code = intent.status === 'requires_action' ? 'authentication_required' : error?.decline_code || error?.code || 'card_declined';
  // A PaymentIntent the cardholder can still complete (3-D Secure) is named, so the member home can have it confirmed.
  return {
    status: 'declined',
    code,
    message: declineMessage(code),
    ...(code === 'authentication_required' ? { chargeId: intent.id } : {}),
  };
}

interface StripeErrorLike {
  type: string;
  code?: string;
  decline_code?: string;
  message: string;
  statusCode?: number;
  payment_intent?: { id?: string };
}
const isStripeError = (err: unknown): err is StripeErrorLike =>
  err instanceof Error && String((err as unknown as { type?: unknown }).type).startsWith('Stripe');

/**
 * Stripe's errors of a charge: a card error (HTTP 402: card_declined with its decline_code, insufficient_funds,
 * expired_card, authentication_required for a card whose bank wants the payer) and a request about a payment
 * method that is gone are declines (the payer is told to change the card); anything else (rate limits, timeouts,
 * the network, Stripe's 5xx, a bad key, an idempotency conflict) is no answer and is thrown: "unknown".
 */
function declined(err: unknown): ChargeResult {
  if (!isStripeError(err)) throw err;
  if (err.type === 'StripeCardError') {
    const code = err.code === 'card_declined' ? err.decline_code || 'card_declined' : err.code || 'card_declined';
    // Off-session, a card whose bank wants its holder is a 402 with the PaymentIntent left waiting: named, so that the
    // payer can confirm it in the member home (Stripe's "bring the customer back" flow; decision 2670).
    const waiting = code === 'authentication_required' && err.payment_intent?.id ? { chargeId: err.payment_intent.id } : {};
    return { status: 'declined', code, message: declineMessage(code), ...waiting };
  }
  if (err.type === 'StripeInvalidRequestError' && (err.code === 'resource_missing' || err.code === 'payment_method_unactivated'))
    return { status: 'declined', code: 'invalid_payment_method', message: declineMessage('invalid_payment_method') };
  throw err;
}

const MESSAGES: Record<string, string> = {
  insufficient_funds: 'The card has insufficient funds.',
  expired_card: 'The card has expired.',
  authentication_required: 'The card needs the cardholder to confirm the payment with their bank.',
  invalid_payment_method: 'The card on file can no longer be charged.',
};
/** Our words for a decline (Stripe's own messages are for the cardholder at the moment of paying). */
const declineMessage = (code: string | undefined) => MESSAGES[code ?? ''] ?? 'The card was declined.';
