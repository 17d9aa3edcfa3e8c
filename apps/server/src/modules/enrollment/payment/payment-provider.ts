import crypto from 'node:crypto';
import { cardBrand } from '@store/domain/billing';
import { luhnValid } from '@store/domain/validation';

/**
 * Cards never stay with the store: their details go to a payment provider that answers with a token.
 * Only brand, last four, expiry and the token are kept; the full number and the security code are neither
 * stored nor logged. A real provider implements this interface; the default is local and offline.
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

export interface PaymentProvider {
  readonly name: string;
  tokenizeCard(card: CardInput): Promise<TokenizeResult>;
}

export const CARD_DECLINED = 'Your card was declined. Please use another card.';
export const CARD_INVALID = 'Card number is invalid';
export const CARD_EXPIRED = 'The card has expired';

/** Offline test provider: Luhn-valid cards are accepted, 4000 0000 0000 0002 is declined. */
export class LocalOfflineProvider implements PaymentProvider {
  readonly name = 'local';
  async tokenizeCard(card: CardInput): Promise<TokenizeResult> {
    const digits = card.number.replace(/\D/g, '');
    if (!luhnValid(digits)) return { ok: false, message: CARD_INVALID, field: 'card_number' };
    const now = new Date();
    const exp = Number(card.expYear) * 12 + Number(card.expMonth);
    if (exp < now.getFullYear() * 12 + now.getMonth() + 1) return { ok: false, message: CARD_EXPIRED, field: 'expiration_month' };
    if (digits === '4000000000000002') return { ok: false, message: CARD_DECLINED, field: 'card_number' };
    return {
      ok: true,
      token: `tok_local_${crypto.randomBytes(12).toString('hex')}`,
      brand: cardBrand(digits),
      last4: digits.slice(-4),
      expMonth: card.expMonth,
      expYear: card.expYear,
    };
  }
}

let provider: PaymentProvider = new LocalOfflineProvider();
export const paymentProvider = () => provider;
/** For a real provider (or tests). */
export const setPaymentProvider = (p: PaymentProvider) => {
  provider = p;
};
