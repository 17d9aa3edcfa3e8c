import { actorOf } from '../../../lib/actor.ts';
import type { FeatureOptions } from '../../../lib/deps.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getReceipt, getReceiptPdf } from '@store/domain/contract/enrollment-finish';
import { ok } from '../../../lib/http.ts';
import { route } from '../../../lib/route.ts';
import { actsForOthers, loadOwnedEnrollment } from '../../../lib/access.ts';
import { receiptOf, receiptPdfOf } from './receipt-service.ts';

/** The receipt of a completed enrollment (owner only) and its PDF. */
const receiptRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { deps }) => {
  // Once completed, a rep or group administrator who made it reads its status only: the receipt without the payment's
  // brand, bank and last four, and not the receipt's PDF (decision 2320).
  route(app, getReceipt, async (request) => {
    const e = await loadOwnedEnrollment(actorOf(request), request.query.enrollment_id, deps.db, { statusOnly: true });
    return ok(await receiptOf(deps, e, { paymentDetails: !actsForOthers(actorOf(request)) }));
  });
  route(app, getReceiptPdf, async (request, reply) => {
    const e = await loadOwnedEnrollment(actorOf(request), request.query.enrollment_id, deps.db);
    const pdf = await receiptPdfOf(deps, e);
    reply.header('cache-control', 'private, no-store');
    reply.header('content-disposition', `attachment; filename="enrollment-receipt-${e.confirmation_number}.pdf"`);
    return reply.type('application/pdf').send(pdf);
  });
};

export default receiptRoutes;
