/**
 * The payment provider's interface (issue 36; decision 2510): the services take it from `Deps.payments`, made once at
 * start from PAYMENT_PROVIDER (the offline provider, or Stripe). It lives in lib/ because `Deps` names it and lib/
 * imports no module; the providers themselves are the enrollment module's (modules/enrollment/payment/).
 *
 * Cards never stay with the store: their details go to the provider, which answers with a token. Only brand, last
 * four, expiry and the token are kept; the full number and the security code are neither stored nor logged.
 */
export interface CardInput {
  number: string;
  securityCode: string;
  expMonth: string;
  expYear: string;
  name: string;
}
export type TokenizeResult =
  | { ok: true; token: string; brand: string; last4: string; expMonth: string; expYear: string }
  | { ok: false; message: string; field: 'card_number' | 'security_code' | 'expiration_month' };

/**
 * A charge's outcome. `declined` is final for this try (the card was refused: `code` is the processor's reason);
 * a timeout or an outage is not an outcome: the provider throws, and the charge stays "unknown" until the same
 * request is made again with the same idempotency key, which answers the first outcome (never a second charge).
 */
export type ChargeResult =
  | { status: 'succeeded'; chargeId: string }
  /**
   * `chargeId`: the processor's charge left waiting, when it can still be completed by the payer (Stripe: a
   * PaymentIntent whose card's bank asks the cardholder to authenticate, code `authentication_required`).
   */
  | { status: 'declined'; code: string; message: string; chargeId?: string };
export type RefundResult = { status: 'succeeded'; refundId: string } | { status: 'failed'; message: string };

export interface ChargeOptions {
  /**
   * This key's last try had no answer ("unknown"): before charging, the provider looks for a charge already made with
   * the key (a processor keeps its idempotency keys for a limited time: Stripe's for 24 hours).
   */
  afterUnknown?: boolean;
}

/**
 * A processor's notice (a webhook), its signature checked, in the store's words (decision 2670): a payment that
 * succeeded or failed (named by the store's idempotency key, which the charge carries), a charge refunded (the total
 * refunded so far), a dispute opened, a dispute closed (`status`: Stripe's won, lost, warning_closed …; decision 2820).
 * `ignored`: a kind the store does not act on.
 */
export type ProviderEvent = { id: string } & (
  | { type: 'payment_succeeded'; chargeId: string; storeKey: string | null; cents: number }
  | { type: 'payment_failed'; chargeId: string; storeKey: string | null; code: string }
  | { type: 'charge_refunded'; chargeId: string; refundedCents: number }
  | { type: 'dispute_created'; chargeId: string; disputeId: string; cents: number; reason: string }
  | { type: 'dispute_closed'; chargeId: string; disputeId: string; cents: number; reason: string; status: string }
  | { type: 'ignored'; name: string }
);

/** A charge waiting for its payer's authentication, as the browser completes it (Stripe.js confirmCardPayment). */
export interface PendingAuthentication {
  /** succeeded: already paid (the payer confirmed, or a webhook came first); requires_action: the payer must confirm. */
  status: 'succeeded' | 'requires_action' | 'other';
  chargeId: string;
  /** The store's idempotency key the charge carries (its metadata), to check it is this payment's. */
  storeKey: string | null;
  cents: number;
  /** What the browser passes to Stripe.js (never stored, never logged). */
  clientSecret: string | null;
  paymentMethodId: string | null;
}

/** How the browser takes a card: our own fields (offline), or the processor's own form (Stripe's Payment Element). */
export type CardEntry = { provider: 'offline' } | { provider: 'stripe'; publishable_key: string };

export interface PaymentProvider {
  readonly name: string;
  /** What the billing step's page shows for a card (announced by the server: GET /api/v1/get-billing-text). */
  readonly cardEntry: CardEntry;
  /** A card typed into our own form (offline provider only: a processor's mode refuses card numbers). */
  tokenizeCard(card: CardInput): Promise<TokenizeResult>;
  /**
   * A card the processor's own form took in the browser, named by the processor's id (Stripe: a PaymentMethod
   * `pm_…`): saved for charges made later without the payer (off-session). Absent when cards are typed into our form.
   */
  savePaymentMethod?(paymentMethodId: string, payer: { name: string; email?: string }): Promise<TokenizeResult>;
  /**
   * Charges a saved card once per idempotency key: the same key again answers the first outcome, charging nothing.
   * The store's keys end with the payment's index (0: the first payment at enrollment).
   */
  charge(token: string, cents: number, idempotencyKey: string, opts?: ChargeOptions): Promise<ChargeResult>;
  /** Refunds part or all of a charge, once per idempotency key. */
  refund(chargeId: string, cents: number, idempotencyKey: string): Promise<RefundResult>;
  /**
   * A webhook's body, read only when its signature holds (the raw bytes, as sent): null for a bad or missing
   * signature. Absent for a provider without webhooks (offline), or without their secret configured.
   */
  readEvent?(rawBody: Buffer, signature: string | undefined): ProviderEvent | null;
  /** A charge left waiting for the payer's authentication (3-D Secure), as it is now. Absent without such charges. */
  pendingAuthentication?(chargeId: string): Promise<PendingAuthentication>;
}
