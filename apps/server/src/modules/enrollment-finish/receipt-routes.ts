import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses, zEnrollmentId } from '../../lib/http.ts';
import { loadOwnedEnrollment } from '../../lib/access.ts';
import { notFound } from '../../lib/errors.ts';
import { readTab } from './context.ts';

/** The receipt of a completed enrollment (owner only) and its PDF. */
const receiptRoutes: FastifyPluginAsyncZod = async (app) => {
  const query = z.object({ enrollment_id: zEnrollmentId });

  app.get(
    '/api/v1/get-receipt',
    {
      schema: {
        tags: ['enrollment-receipt'],
        querystring: query,
        response: responses(z.object({ policy_id: z.number().nullable(), name: z.string(), confirmation_number: z.string(), email: z.string().nullable(), eprocess: z.string(), policies: z.array(z.object({ policy_id: z.number(), plan_id: z.number(), plan_name: z.string() })) })),
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
        .select(['policies.policy_id', 'policies.plan_id', 'plans.plan_name'])
        .where('policies.enrollment_id', '=', e.id)
        .orderBy('policies.policy_id')
        .execute();
      return ok({
        policy_id: policies[0]?.policy_id ?? null,
        name: `${personal.first_name ?? ''} ${personal.last_name ?? ''}`.trim(),
        confirmation_number: e.confirmation_number,
        email: contact.email_address ? String(contact.email_address) : null,
        eprocess: e.eprocess,
        policies,
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
