import type { ChargeOptions, PaymentProvider } from '../../src/lib/payment-provider.ts';
import { LocalOfflineProvider } from '../../src/modules/enrollment/payment/payment-provider.ts';

/**
 * The test stores' payment provider (Deps.payments, decision 2510): the offline provider unless a test file puts its
 * own in place (`testPayments.use(p)`: a counting or recording provider), for the stores it starts and those already
 * started. Each test file has its own (vitest isolates files).
 */
export class SwitchableProvider implements PaymentProvider {
  readonly name = 'test';
  private current: PaymentProvider = new LocalOfflineProvider();
  get cardEntry() {
    return this.current.cardEntry;
  }
  use(p: PaymentProvider) {
    this.current = p;
  }
  get inUse() {
    return this.current;
  }
  get savePaymentMethod() {
    return this.current.savePaymentMethod?.bind(this.current);
  }
  get readEvent() {
    return this.current.readEvent?.bind(this.current);
  }
  get pendingAuthentication() {
    return this.current.pendingAuthentication?.bind(this.current);
  }
  tokenizeCard(...a: Parameters<PaymentProvider['tokenizeCard']>) {
    return this.current.tokenizeCard(...a);
  }
  charge(token: string, cents: number, key: string, opts?: ChargeOptions) {
    return this.current.charge(token, cents, key, opts);
  }
  refund(...a: Parameters<PaymentProvider['refund']>) {
    return this.current.refund(...a);
  }
}

export const testPayments = new SwitchableProvider();
