import type { FastifyPluginAsync } from 'fastify';
import type { FeatureOptions } from '../../lib/deps.ts';
import { ACH_DELIVER_KIND, achDeliverJob } from './ach-delivery.ts';
import { BILLING_DAY_KIND, billingDayJob, ensureBillingDayJob } from './job.ts';
import ledgerRoutes from './ledger-routes.ts';
import invoiceRoutes from './invoice-routes.ts';
import webhookRoutes from './webhook-routes.ts';
import {
  changePaymentByLink as changeByLinkEndpoint,
  changePaymentMethodByLink,
  getPaymentChangeLink,
} from '@store/domain/contract/payment-change';
import { addressKey } from '../../lib/client-address.ts';
import { ok } from '../../lib/http.ts';
import { route } from '../../lib/route.ts';
import { changePaymentByLink, paymentChangeLink } from './link-service.ts';

/** Looks at and uses of one-time change-payment links per client address and 15 minutes (anonymous repeats). */
export const PAYMENT_LINK_TRIES_PER_15_MIN = 30;

/** Premiums collected (issue 36): the billing day's job, in every store process. */
const billingRoutes: FastifyPluginAsync<FeatureOptions> = async (app, { deps }) => {
  deps.jobs.handle(BILLING_DAY_KIND, (trx, job) => billingDayJob(deps, trx, job));
  deps.jobs.handle(ACH_DELIVER_KIND, (trx, job) => achDeliverJob(deps, trx, job));
  app.addHook('onReady', () => ensureBillingDayJob(deps));
  // The ledger's readers: the member's Payments, the rep's standing, the console's ledger and NACHA files.
  await app.register(ledgerRoutes, { deps });
  // Issue 39: list bills (the group home's invoices, the console's payments against them).
  await app.register(invoiceRoutes, { deps });
  // Stripe's webhooks (decision 2670): their own plugin, whose JSON is read as raw bytes for the signature.
  await app.register(webhookRoutes, { deps });

  // A failed payment's one-time link to the change-payment form (a payer without an account): GET only reads it.
  const limit = (ip: string) => deps.rateLimiter.enforce(`payment-link:ip:${addressKey(ip)}`, PAYMENT_LINK_TRIES_PER_15_MIN, 15 * 60_000);
  route(app, getPaymentChangeLink, async (request) => {
    await limit(request.ip);
    return ok(await paymentChangeLink(deps, request.params.token));
  });
  route(app, changeByLinkEndpoint, async (request) => {
    await limit(request.ip);
    return ok(await changePaymentByLink(deps, request.body), 'Your payment method was saved.');
  });
  route(app, changePaymentMethodByLink, async (request) => {
    await limit(request.ip);
    return ok(await changePaymentByLink(deps, request.body), 'Your payment method was saved.');
  });
};
export default billingRoutes;
