import { afterAll, beforeAll } from 'vitest';
import { CARD } from '../enrollment/finish/helpers.ts';
import { LocalOfflineProvider, type CardInput } from '../../src/modules/enrollment/payment/payment-provider.ts';
import { testPayments } from '../helpers/payments.ts';

/** A card the offline provider refuses. */
export const DECLINED = { ...CARD, card_number: '4000000000000002' };

/** The offline provider, counting the cards it is given. */
export class CountingProvider extends LocalOfflineProvider {
  calls = 0;
  override async tokenizeCard(card: CardInput) {
    this.calls++;
    return super.tokenizeCard(card);
  }
}

/** Puts a counting provider in place for the file's tests (and the one before back after them). */
export function useCountingProvider(): CountingProvider {
  const provider = new CountingProvider();
  const previous = testPayments.inUse;
  beforeAll(() => testPayments.use(provider));
  afterAll(() => testPayments.use(previous));
  return provider;
}
