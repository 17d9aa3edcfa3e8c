import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contract from '@store/domain/contract/list-bills';
import { requireAccount, requireFreshSecondFactor } from '../../lib/access.ts';
import { forbidden } from '../../lib/errors.ts';
import { ok } from '../../lib/http.ts';
import { route } from '../../lib/route.ts';
import type { FeatureOptions } from '../../lib/deps.ts';
import { consoleInvoices, groupInvoiceList, groupInvoicePdf, recordInvoicePayment } from './invoice-service.ts';
import { reverseInvoicePayment } from './invoice-reversal.ts';

/**
 * List bills (issue 39): the group administrator's invoices and their PDFs; the console's list and the payments the
 * operator records. Anonymous callers get 401, a signed-in caller of another role 403.
 */
const invoiceRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { deps }) => {
  const groupOf = (request: Parameters<typeof requireAccount>[0]) => {
    const a = requireAccount(request);
    if (a.role !== 'group' || !a.group_id) throw forbidden();
    return a.group_id;
  };
  const operator = (request: Parameters<typeof requireAccount>[0]) => {
    const a = requireAccount(request);
    if (a.role !== 'operator') throw forbidden();
    return a;
  };

  route(app, contract.getGroupInvoices, async (request) => ok(await groupInvoiceList(deps.db, groupOf(request), deps.jobs.now())));

  route(app, contract.getGroupInvoicePdf, async (request, reply) => {
    const file = await groupInvoicePdf(deps.db, groupOf(request), request.params.id, deps.jobs.now());
    return reply
      .type('application/pdf')
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${file.name}"`)
      .send(Buffer.from(file.pdf));
  });

  route(app, contract.listInvoices, async (request) => {
    operator(request);
    return ok(await consoleInvoices(deps.db, deps.jobs.now(), request.query.group_id));
  });

  route(app, contract.recordInvoicePayment, async (request) => {
    const a = operator(request);
    const r = await recordInvoicePayment(deps.db, a.id, request.params.id, request.body, deps.jobs.now());
    return ok(r, contract.LIST_BILL_TEXT.PAYMENT_RECORDED);
  });

  // A payment reversed (decision 2812): money going back, so a fresh second factor, as refunds.
  route(app, contract.reverseInvoicePayment, async (request) => {
    const a = operator(request);
    requireFreshSecondFactor(request);
    const r = await reverseInvoicePayment(deps.db, a.id, request.params.id, request.body, deps.jobs.now());
    return ok(r, contract.REVERSAL_TEXT.REVERSED);
  });
};
export default invoiceRoutes;
