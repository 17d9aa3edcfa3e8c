import crypto from 'node:crypto';
import { cardBrand } from '@store/domain/billing';
import { luhnValid } from '@store/domain/validation';

import type { CardInput, ChargeResult, PaymentProvider, RefundResult, TokenizeResult } from '../../../lib/payment-provider.ts';

export type {
  CardEntry,
  CardInput,
  ChargeOptions,
  ChargeResult,
  PaymentProvider,
  RefundResult,
  TokenizeResult,
} from '../../../lib/payment-provider.ts';

export const CARD_DECLINED = 'Your card was declined. Please use another card.';
export const CARD_INVALID = 'Card number is invalid';
export const CARD_EXPIRED = 'The card has expired';

/** Test cards of the offline provider that are tokenized but declined when charged (Stripe's test numbers). */
const DECLINED_WHEN_CHARGED: Record<string, { code: string; first: boolean }> = {
  // Accepted at enrollment, declined on every later charge: a card cancelled after enrolling.
  '4000000000000341': { code: 'card_declined', first: false },
  // Declined for insufficient funds.
  '4000000000009995': { code: 'insufficient_funds', first: true },
};
const DECLINE_MESSAGE: Record<string, string> = {
  card_declined: 'The card was declined.',
  insufficient_funds: 'The card has insufficient funds.',
};

/**
 * Offline test provider: Luhn-valid cards are accepted, 4000 0000 0000 0002 is declined; 4000 0000 0000 0341 is
 * declined on every charge after the first payment, 4000 0000 0000 9995 on every charge. Its charges are a pure
 * function of the token and the key (the charge id is the key's hash), so every store process answers the same for
 * a key, as a real processor's idempotency does.
 */
export class LocalOfflineProvider implements PaymentProvider {
  readonly name = 'local';
  readonly cardEntry = { provider: 'offline' } as const;

  async charge(token: string, cents: number, idempotencyKey: string): Promise<ChargeResult> {
    if (!Number.isInteger(cents) || cents <= 0) throw new Error('A charge is a positive number of cents');
    const marker = /^tok_local_(\d{4})_/.exec(token)?.[1];
    const rule = Object.entries(DECLINED_WHEN_CHARGED).find(([n]) => n.endsWith(marker ?? '-'))?.[1];
    const firstPayment = idempotencyKey.endsWith(':0');
    return rule && (rule.first || !firstPayment)
      ? { status: 'declined', code: rule.code, message: DECLINE_MESSAGE[rule.code] }
      : { status: 'succeeded', chargeId: `ch_local_${crypto.createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}` };
  }

  async refund(chargeId: string, cents: number, idempotencyKey: string): Promise<RefundResult> {
    if (!chargeId.startsWith('ch_local_') || !Number.isInteger(cents) || cents <= 0) return { status: 'failed', message: 'No such charge' };
    return { status: 'succeeded', refundId: `re_local_${crypto.createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}` };
  }

  async tokenizeCard(card: CardInput): Promise<TokenizeResult> {
    const digits = card.number.replace(/\D/g, '');
    if (!luhnValid(digits)) return { ok: false, message: CARD_INVALID, field: 'card_number' };
    const now = new Date();
    const exp = Number(card.expYear) * 12 + Number(card.expMonth);
    if (exp < now.getFullYear() * 12 + now.getMonth() + 1) return { ok: false, message: CARD_EXPIRED, field: 'expiration_month' };
    if (digits === '4000000000000002') return { ok: false, message: CARD_DECLINED, field: 'card_number' };
    return {
      ok: true,
      // The last four of a test card that is declined when charged stay in its token (the offline provider only).
      token: `tok_local_${digits in DECLINED_WHEN_CHARGED ? `${digits.slice(-4)}_` : ''}${crypto.randomBytes(12).toString('hex')}`,
      brand: cardBrand(digits),
      last4: digits.slice(-4),
      expMonth: card.expMonth,
      expYear: card.expYear,
    };
  }
}
