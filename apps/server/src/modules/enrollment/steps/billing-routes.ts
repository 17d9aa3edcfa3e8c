import type { FastifyRequest } from 'fastify';
import { actorOf } from '../../../lib/actor.ts';
import type { FeatureOptions } from '../../../lib/deps.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BILL_DATES, EFT_TERMS } from '@store/domain/billing';
import { LIMITS } from '@store/domain/codes';
import {
  getBillDate,
  getBillingText,
  getExistingBankInfo,
  getExistingCardInfo,
  getFirstPaymentAuthentication,
  getFormFieldsBillingInfo,
  getPaymentMethod,
  routingNumberBankLookup,
  saveBillingInfo,
  saveBillingInfoExisting,
  saveBillingInfoPaymentMethod,
} from '@store/domain/contract/enrollment-finish';
import { ok } from '../../../lib/http.ts';
import { route } from '../../../lib/route.ts';
import { isMembersOwnSession, loadOwnedEnrollment } from '../../../lib/access.ts';
import { fieldError } from '../../../lib/errors.ts';
import { purgeCardAttempts } from '../payment/card-attempts.ts';
import { firstPaymentAuthentication } from '../payment/first-payment-authentication.ts';
import { checkRouting, routingDirectory } from '../payment/routing-directory.ts';
import { existingBanks, existingCards, paymentMethodOf, saveBillingStep, saveExistingBillingStep } from './billing-service.ts';

export type { MemberPaymentMethodsTable } from '../../../db/schema.ts';
export const STATEMENT_DESCRIPTOR = 'Charges appear on your statement as BENEFITSTORE*PREMIUM.';

const BILLING_FIELDS: [string, boolean?, (string | number | null)?, boolean?][] = [
  ['routing_number'],
  ['account_name'],
  ['bank_name', true, null, true],
  ['account_number'],
  ['account_type'],
  ['account_holder_type'],
  ['first_name_on_cc'],
  ['last_name_on_cc'],
  ['card_number'],
  ['expiration_month'],
  ['expiration_year'],
  ['security_code'],
  ['address1'],
  ['address2', false],
  ['city'],
  ['state'],
  ['zip'],
  ['bill_date', true, LIMITS.defaultBillDate],
  ['is_physical_address', false, 'no'],
];

/** Billing (enrollment.md 2.11, 4.10): methods, bill dates, routing look-up, card tokens, sealed bank numbers. */
const billingRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { deps }) => {
  // Old card refusals are forgotten now and then (card-attempts.ts).
  const purge = setInterval(
    () => void purgeCardAttempts(deps).catch((err) => deps.log.warn({ err }, 'card attempts purge failed')),
    10 * 60_000,
  );
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));
  const owned = (request: FastifyRequest, id: string) => loadOwnedEnrollment(actorOf(request), id, deps.db);

  route(app, getBillDate, async () => ok(BILL_DATES.map((bill_date) => ({ bill_date }))));
  route(app, getPaymentMethod, async (request) =>
    ok({ result: await paymentMethodOf(deps.db, await owned(request, request.query.enrollment_id)) }),
  );
  route(app, getFormFieldsBillingInfo, async (request) => {
    const method = await paymentMethodOf(deps.db, await owned(request, request.query.enrollment_id));
    const f = ([field_name, required = true, value = null, read_only = false]: (typeof BILLING_FIELDS)[number]) => ({
      field_name,
      required,
      read_only,
      value,
    });
    return ok({ result: [...BILLING_FIELDS.map(f), f(['payment_method', true, method])] });
  });
  // The member's saved bank accounts and cards, only in the member's own session (decision 2320).
  route(app, getExistingBankInfo, async (request) => {
    const e = await owned(request, request.query.enrollment_id);
    return ok({ result: isMembersOwnSession(actorOf(request), e.user_id) ? await existingBanks(deps.db, e) : [] });
  });
  route(app, getExistingCardInfo, async (request) => {
    const e = await owned(request, request.query.enrollment_id);
    return ok({ result: isMembersOwnSession(actorOf(request), e.user_id) ? await existingCards(deps.db, e) : [] });
  });
  route(app, routingNumberBankLookup, async (request) => {
    const r = await checkRouting(routingDirectory(deps.db), request.query.q);
    if (!r.ok) throw fieldError('routing_number', r.message);
    return ok({ response: { name: r.name ?? '', routing_number: request.query.q.trim(), found: r.name !== null } });
  });
  route(app, getBillingText, async (request) => {
    await owned(request, request.query.enrollment_id);
    return ok({ text: STATEMENT_DESCRIPTOR, eft_terms: EFT_TERMS, card_entry: deps.payments.cardEntry });
  });
  route(app, saveBillingInfo, async (request) => ok({ result: await saveBillingStep(deps, actorOf(request), request.body) }));
  route(app, saveBillingInfoPaymentMethod, async (request) => ok({ result: await saveBillingStep(deps, actorOf(request), request.body) }));
  route(app, getFirstPaymentAuthentication, async (request) =>
    ok(await firstPaymentAuthentication(deps, await owned(request, request.query.enrollment_id))),
  );
  route(app, saveBillingInfoExisting, async (request) => {
    await saveExistingBillingStep(deps, actorOf(request), request.body);
    return ok({ result: true });
  });
};

export default billingRoutes;
