import type { Config } from '../../../config/env.ts';
import type { PaymentProvider } from '../../../lib/payment-provider.ts';
import { LocalOfflineProvider } from './payment-provider.ts';

/**
 * The process's payment provider, made once at start (bootstrap.ts, the billing command) from PAYMENT_PROVIDER and
 * handed to the services in `Deps.payments` (decision 2510). Stripe's library is loaded only in its mode.
 */
export async function makePaymentProvider(
  config: Pick<Config, 'PAYMENT_PROVIDER' | 'STRIPE_SECRET_KEY' | 'STRIPE_PUBLISHABLE_KEY' | 'STRIPE_API_BASE' | 'STRIPE_WEBHOOK_SECRET'>,
): Promise<PaymentProvider> {
  if (config.PAYMENT_PROVIDER !== 'stripe') return new LocalOfflineProvider();
  const { stripeProvider } = await import('./stripe-provider.ts');
  return stripeProvider({
    secretKey: config.STRIPE_SECRET_KEY!,
    publishableKey: config.STRIPE_PUBLISHABLE_KEY!,
    apiBase: config.STRIPE_API_BASE,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
  });
}
