import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses, zEnrollmentId } from '../../lib/http.ts';
import { loadOwnedEnrollment } from '../../lib/access.ts';
import { notFound } from '../../lib/errors.ts';
import { readTab } from './context.ts';
import { ZReceipt } from '@store/domain/receipt';
import { chargeSummaryToWire } from '@store/domain/charges';
import { isoToUs } from '@store/domain/dates';

/** The receipt of a completed enrollment (owner only) and its PDF. */
const receiptRoutes: FastifyPluginAsyncZod = async (app) => {
  const query = z.object({ enrollment_id: zEnrollmentId });

  app.get(
    '/api/v1/get-receipt',
    {
      schema: {
        tags: ['enrollment-receipt'],
        querystring: query,
        response: responses(ZReceipt),
      },
    },
    async (request) => {
      const e = await loadOwnedEnrollment(request, request.query.enrollment_id);
      if (e.status !== 'completed' || !e.confirmation_number) throw notFound('Receipt not found');
      const personal = readTab<Record<string, unknown>>(e, 'primary_info') ?? {};
      const contact = readTab<Record<string, unknown>>(e, 'contact_info') ?? {};
      const policies = await app.db
        .selectFrom('policies')
        .innerJoin('plans', 'plans.plan_id', 'policies.plan_id')
        .select(['policies.policy_id', 'policies.plan_id', 'plans.plan_name', 'plans.carrier'])
        .where('policies.enrollment_id', '=', e.id)
        .orderBy('policies.policy_id')
        .execute();
      const billing = await app.db.selectFrom('billing_records').selectAll().where('enrollment_id', '=', e.id).executeTakeFirst();
      const payment = readTab<Record<string, unknown>>(e, 'payment_info') ?? {};
      const text = (v: unknown) => (typeof v === 'string' && v ? v : null);
      const method = text(payment.payment_method) ?? 'list';
      return ok({
        policy_id: policies[0]?.policy_id ?? null,
        name: `${personal.first_name ?? ''} ${personal.last_name ?? ''}`.trim(),
        confirmation_number: e.confirmation_number,
        email: contact.email_address ? String(contact.email_address) : null,
        eprocess: e.eprocess,
        policies,
        effective_date: e.effective_date ? isoToUs(e.effective_date) : null,
        summary: billing
          ? chargeSummaryToWire({
              lines: typeof billing.lines === 'string' ? JSON.parse(billing.lines) : billing.lines,
              admin_fee_cents: billing.admin_fee_cents,
              initial_cents: billing.initial_cents,
              recurring_cents: billing.recurring_cents,
              bill_day: billing.bill_day,
              first_charge_on: billing.first_charge_on,
              starts_on: billing.starts_on,
              recurring_from: billing.recurring_from,
            })
          : null,
        payment: {
          method,
          brand: method === 'cc' ? text(payment.card_brand) : null,
          bank_name: method === 'eft' ? text(payment.bank_name) : null,
          last4: method === 'cc' ? text(payment.card_last4) : method === 'eft' ? (text(payment.account_number)?.slice(-4) ?? null) : null,
        },
      });
    },
  );

  app.get('/api/v1/get-receipt-pdf', { schema: { tags: ['enrollment-receipt'], querystring: query } }, async (request, reply) => {
    const e = await loadOwnedEnrollment(request, request.query.enrollment_id);
    const mediaId = readTab<{ media_id?: string }>(e, 'receipt')?.media_id;
    const media = mediaId ? await app.db.selectFrom('media').select(['data']).where('id', '=', mediaId).executeTakeFirst() : undefined;
    if (e.status !== 'completed' || !media) throw notFound('Receipt not found');
    reply.header('cache-control', 'private, no-store');
    reply.header('content-disposition', `attachment; filename="enrollment-receipt-${e.confirmation_number}.pdf"`);
    return reply.type('application/pdf').send(Buffer.from(media.data));
  });
};

export default receiptRoutes;
