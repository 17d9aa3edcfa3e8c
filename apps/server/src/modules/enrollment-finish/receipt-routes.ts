import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getReceipt, getReceiptPdf } from '@store/domain/contract/enrollment-finish';
import { ok } from '../../lib/http.ts';
import { route } from '../../lib/route.ts';
import { loadOwnedEnrollment } from '../../lib/access.ts';
import { receiptOf, receiptPdfOf } from './receipt-service.ts';

/** The receipt of a completed enrollment (owner only) and its PDF. */
const receiptRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, getReceipt, async (request) => ok(await receiptOf(app, await loadOwnedEnrollment(request, request.query.enrollment_id))));
  route(app, getReceiptPdf, async (request, reply) => {
    const e = await loadOwnedEnrollment(request, request.query.enrollment_id);
    const pdf = await receiptPdfOf(app, e);
    reply.header('cache-control', 'private, no-store');
    reply.header('content-disposition', `attachment; filename="enrollment-receipt-${e.confirmation_number}.pdf"`);
    return reply.type('application/pdf').send(pdf);
  });
};

export default receiptRoutes;
