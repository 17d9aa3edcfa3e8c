import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BILL_DATES, EFT_TERMS, paymentMethodFor, paymentOptions, ZSaveBillingExistingRequest, ZSaveBillingRequest } from '@store/domain/billing';
import { LIMITS, type PaymentMethod } from '@store/domain/codes';
import type { Enrollment } from '../../db/schema.ts';
import { maskLast4 } from '@store/domain/validation';
import { ok, responses, zEnrollmentId } from '../../lib/http.ts';
import { loadOwnedEnrollment } from '../../lib/access.ts';
import { fieldError, fieldErrors } from '../../lib/errors.ts';
import { assertEarlierStepsSaved, loadForStep, loadOpenEnrollment, writeTab, type Db } from './context.ts';
import { assertCardAttemptAllowed, purgeCardAttempts, recordCardDecline } from './card-attempts.ts';
import { paymentProvider } from './payment-provider.ts';
import { checkRouting, routingDirectory } from './routing-directory.ts';
import type { Generated } from 'kysely';
import { inEnrollmentTabs, paymentContext } from '../../db/sealed-columns.ts';
import { recordEvent } from '../consent/service.ts';

export interface MemberPaymentMethodsTable {
  id: Generated<number>;
  user_id: number;
  kind: 'bank' | 'card';
  account_name: string | null;
  bank_name: string | null;
  account_number_enc: string | null;
  account_last4: string | null;
  routing_number_enc: string | null;
  routing_last4: string | null;
  account_type: string | null;
  account_holder_type: string | null;
  card_brand: string | null;
  card_last4: string | null;
  card_token: string | null;
  expiration_month: string | null;
  expiration_year: string | null;
  name_on_cc: string | null;
}
declare module '../../db/schema.ts' {
  interface Database {
    member_payment_methods: MemberPaymentMethodsTable;
  }
}

export const STATEMENT_DESCRIPTOR = 'Charges appear on your statement as BENEFITSTORE*PREMIUM.';

/** Billing (enrollment.md 2.11, 4.10): methods, bill dates, routing look-up, card tokens, sealed bank numbers. */
const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  // Old card refusals are forgotten now and then (card-attempts.ts).
  const purge = setInterval(() => void purgeCardAttempts(app).catch((err) => app.log.warn({ err }, 'card attempts purge failed')), 10 * 60_000);
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));
  const query = z.object({ enrollment_id: zEnrollmentId });
  /** The enrollment's method: its group's setting (groups.payment_method) or the store's rule. */
  const methodOf = async (db: Db, e: Pick<Enrollment, 'eprocess' | 'type' | 'group_id'>) => {
    const g = e.group_id ? await db.selectFrom('groups').select('payment_method').where('group_id', '=', e.group_id).executeTakeFirst() : undefined;
    return paymentMethodFor(e, g?.payment_method);
  };

  app.get('/api/v1/get-bill-date', { schema: { tags: ['enrollment-billing'], response: responses(z.array(z.object({ bill_date: z.number() }))) } }, async () =>
    ok(BILL_DATES.map((bill_date) => ({ bill_date }))),
  );

  app.get(
    '/api/v1/get-payment-method',
    { schema: { tags: ['enrollment-billing'], querystring: query, response: responses(z.object({ result: z.string() })) } },
    async (request) => {
      const e = await loadOwnedEnrollment(request, request.query.enrollment_id);
      return ok({ result: await methodOf(app.db, e) });
    },
  );

  app.get(
    '/api/v1/get-form-fields-billing-info',
    { schema: { tags: ['enrollment-billing'], querystring: query, response: responses(z.object({ result: z.any() })) } },
    async (request) => {
      const e = await loadOwnedEnrollment(request, request.query.enrollment_id);
      const f = (field_name: string, required = true, value: string | number | null = null, read_only = false) => ({ field_name, required, read_only, value });
      return ok({
        result: [
          f('routing_number'), f('account_name'), f('bank_name', true, null, true), f('account_number'), f('account_type'), f('account_holder_type'),
          f('first_name_on_cc'), f('last_name_on_cc'), f('card_number'), f('expiration_month'), f('expiration_year'), f('security_code'),
          f('address1'), f('address2', false), f('city'), f('state'), f('zip'),
          f('bill_date', true, LIMITS.defaultBillDate), f('is_physical_address', false, 'no'), f('payment_method', true, await methodOf(app.db, e)),
        ],
      });
    },
  );

  app.get(
    '/api/v1/get-existing-bank-info',
    { schema: { tags: ['enrollment-billing'], querystring: query, response: responses(z.object({ result: z.any() })) } },
    async (request) => {
      const e = await loadOwnedEnrollment(request, request.query.enrollment_id);
      if (!e.user_id) return ok({ result: [] });
      const rows = await app.db.selectFrom('member_payment_methods').selectAll().where('user_id', '=', e.user_id).where('kind', '=', 'bank').orderBy('id').execute();
      return ok({
        result: rows.map((r) => ({
          bank_id: r.id,
          account_name: r.account_name,
          bank_name: r.bank_name,
          account_number: 'xxxxxxxx' + (r.account_last4 ?? ''),
          bank_routing: 'xxxxx' + (r.routing_last4 ?? ''),
          account_type: r.account_type,
          account_holder_type: r.account_holder_type,
        })),
      });
    },
  );

  app.get(
    '/api/v1/get-existing-card-info',
    { schema: { tags: ['enrollment-billing'], querystring: query, response: responses(z.object({ result: z.any() })) } },
    async (request) => {
      const e = await loadOwnedEnrollment(request, request.query.enrollment_id);
      if (!e.user_id) return ok({ result: [] });
      const rows = await app.db.selectFrom('member_payment_methods').selectAll().where('user_id', '=', e.user_id).where('kind', '=', 'card').orderBy('id').execute();
      return ok({
        result: rows.map((r) => ({
          card_id: r.id,
          name_on_cc: r.name_on_cc,
          card_number: 'xxxxxxxxxxxx' + (r.card_last4 ?? ''),
          card_brand: r.card_brand,
          expiration_month: r.expiration_month,
          expiration_year: r.expiration_year,
          security_code: '***',
        })),
      });
    },
  );

  app.get(
    '/api/v1/routing-number-bank-lookup',
    {
      schema: {
        tags: ['enrollment-billing'],
        querystring: z.object({ q: z.string().max(20).default('') }),
        // found false: a valid routing number the directory does not know; name is then empty and the person types it.
        response: responses(z.object({ response: z.object({ name: z.string(), routing_number: z.string(), found: z.boolean() }) })),
      },
    },
    async (request) => {
      const r = await checkRouting(routingDirectory(app.db), request.query.q);
      if (!r.ok) throw fieldError('routing_number', r.message);
      return ok({ response: { name: r.name ?? '', routing_number: request.query.q.trim(), found: r.name !== null } });
    },
  );

  app.get(
    '/api/v1/get-billing-text',
    { schema: { tags: ['enrollment-billing'], querystring: query, response: responses(z.object({ text: z.string(), eft_terms: z.string() })) } },
    async (request) => {
      await loadOwnedEnrollment(request, request.query.enrollment_id);
      return ok({ text: STATEMENT_DESCRIPTOR, eft_terms: EFT_TERMS });
    },
  );

  const allowedMethods = (method: PaymentMethod) => {
    const options = paymentOptions(method);
    return options.length ? (options as string[]) : [method];
  };

  app.post(
    '/api/v1/save-billing-info',
    { schema: { tags: ['enrollment-billing'], body: ZSaveBillingRequest, response: responses(z.object({ result: z.any() })) } },
    async (request) => {
      const body = request.body;
      // Card details go to the provider before any transaction: only the token comes back. The wizard's earlier
      // steps and the card-attempt limits are checked first, so that no card reaches the provider out of order.
      let cardToken: Awaited<ReturnType<ReturnType<typeof paymentProvider>['tokenizeCard']>> | null = null;
      const e0 = await loadOpenEnrollment(request, body.enrollment_id);
      await assertEarlierStepsSaved(app.db, e0, 'billing_info');
      if (!allowedMethods(await methodOf(app.db, e0)).includes(body.payment_method)) throw fieldError('payment_method', 'This payment method is not available for this enrollment.');
      if (body.payment_method === 'cc') {
        await assertCardAttemptAllowed(app, request, e0.id);
        cardToken = await paymentProvider().tokenizeCard({ number: body.card_number, securityCode: body.security_code, expMonth: body.expiration_month, expYear: body.expiration_year, name: `${body.first_name_on_cc} ${body.last_name_on_cc}` });
        if (!cardToken.ok) {
          await recordCardDecline(app, request, e0.id);
          throw fieldErrors([{ target_element: cardToken.field, error_message: cardToken.message }]);
        }
      }
      let info: Record<string, unknown>;
      if (body.payment_method === 'eft') {
        const r = await checkRouting(routingDirectory(app.db), body.routing_number);
        if (!r.ok) throw fieldError('routing_number', r.message);
        info = {
          payment_method: 'eft',
          bill_date: body.bill_date,
          account_name: body.account_name,
          // The directory's name when it knows the bank; otherwise the name the person typed (checked by ZBankFields).
          bank_name: r.name ?? body.bank_name,
          account_type: body.account_type,
          account_holder_type: body.account_holder_type,
          account_number: maskLast4(body.account_number),
          routing_number: maskLast4(body.routing_number),
          _sealed: app.sealer.sealJson({ account_number: body.account_number, routing_number: body.routing_number }, inEnrollmentTabs(body.enrollment_id)),
        };
      } else if (body.payment_method === 'cc' && cardToken?.ok) {
        info = {
          payment_method: 'cc',
          bill_date: body.bill_date,
          first_name_on_cc: body.first_name_on_cc,
          last_name_on_cc: body.last_name_on_cc,
          card_brand: cardToken.brand,
          card_last4: cardToken.last4,
          card_number: 'xxxxxxxxxxxx' + cardToken.last4,
          card_token: cardToken.token,
          expiration_month: cardToken.expMonth,
          expiration_year: cardToken.expYear,
          address1: body.address1,
          address2: body.address2 ?? '',
          city: body.city,
          state: body.state.toUpperCase(),
          zip: body.zip,
          is_physical_address: body.is_physical_address ?? 'no',
        };
      } else {
        info = { payment_method: body.payment_method, bill_date: body.bill_date };
      }
      await app.db.transaction().execute(async (trx) => {
        const e = await loadForStep(request, trx, body.enrollment_id, 'billing_info');
        await writeTab(trx, e.id, 'payment_info', info, { savedTab: true });
        await recordEvent(trx, e.id, 'step_saved', { step: 'payment_info', payment_method: info.payment_method, bill_date: info.bill_date }, request);
      });
      const { _sealed, card_token, ...shown } = info;
      return ok({ result: shown });
    },
  );

  app.post(
    '/api/v1/save-billing-info-existing',
    { schema: { tags: ['enrollment-billing'], body: ZSaveBillingExistingRequest, response: responses(z.object({ result: z.any() })) } },
    async (request) => {
      const body = request.body;
      await app.db.transaction().execute(async (trx) => {
        const e = await loadForStep(request, trx, body.enrollment_id, 'billing_info');
        if (!allowedMethods(await methodOf(trx, e)).includes(body.payment_method)) throw fieldError('payment_method', 'This payment method is not available for this enrollment.');
        const id = body.payment_method === 'cc' ? body.card_id : body.bank_id;
        const row = id && e.user_id
          ? await trx.selectFrom('member_payment_methods').selectAll().where('id', '=', id).where('user_id', '=', e.user_id).where('kind', '=', body.payment_method === 'cc' ? 'card' : 'bank').executeTakeFirst()
          : undefined;
        if (!row) throw fieldError(body.payment_method === 'cc' ? 'card_id' : 'bank_id', 'Please choose a saved payment method');
        const info =
          row.kind === 'card'
            ? { payment_method: 'cc', bill_date: body.bill_date, existing_id: row.id, card_brand: row.card_brand, card_last4: row.card_last4, card_number: 'xxxxxxxxxxxx' + row.card_last4, card_token: row.card_token, expiration_month: row.expiration_month, expiration_year: row.expiration_year, first_name_on_cc: row.name_on_cc }
            : {
                payment_method: 'eft',
                bill_date: body.bill_date,
                existing_id: row.id,
                account_name: row.account_name,
                bank_name: row.bank_name,
                account_type: row.account_type,
                account_holder_type: row.account_holder_type,
                account_number: 'xxxxxxxx' + row.account_last4,
                routing_number: 'xxxxx' + row.routing_last4,
                _sealed: app.sealer.sealJson({ account_number: app.sealer.open(row.account_number_enc!, paymentContext(row.id, 'account_number_enc')), routing_number: app.sealer.open(row.routing_number_enc!, paymentContext(row.id, 'routing_number_enc')) }, inEnrollmentTabs(e.id)),
              };
        await writeTab(trx, e.id, 'payment_info', info, { savedTab: true });
        await recordEvent(trx, e.id, 'step_saved', { step: 'payment_info', payment_method: info.payment_method, bill_date: info.bill_date }, request);
      });
      return ok({ result: true });
    },
  );
};

export default billingRoutes;
