import type { FastifyPluginAsync } from 'fastify';
import {
  cancelEnrollment,
  getCarrierFile,
  listCarrierFiles,
  listCarriers,
  uploadAcknowledgment,
  type TCarrierFileRow,
} from '@store/domain/contract/carriers';
import { requireAccount, requireFreshSecondFactor } from '../../lib/access.ts';
import { notFound } from '../../lib/errors.ts';
import { ok } from '../../lib/http.ts';
import { route } from '../../lib/route.ts';
import { acknowledge } from './acknowledge.ts';
import { cancelEnrollmentCoverage } from './cancel.ts';
import * as repo from './repository.ts';
import { DAILY_KIND, DELIVER_KIND, dailyJob, deliverJob, fileText } from './service.ts';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/**
 * Issue 23: the carriers and their 834 files in the operator console (operators only: 401 for anyone else), and the
 * scheduled jobs that build the daily batches and deliver the files.
 */
const carrierRoutes: FastifyPluginAsync = async (app) => {
  app.jobs.handle(DELIVER_KIND, (trx, job) => deliverJob(app, trx, job));
  app.jobs.handle(DAILY_KIND, (trx, job) => dailyJob(app, trx, job));

  await app.register(async (admin) => {
    admin.addHook('onRequest', async (request) => {
      requireAccount(request, ['operator']);
    });

    route(admin, listCarriers, async () => {
      const carriers = await repo.listCarriers(app.db);
      const counts = await app.db
        .selectFrom('plans')
        .select(['carrier_id', (eb) => eb.fn.countAll<string>().as('n')])
        .groupBy('carrier_id')
        .execute();
      const count = new Map(counts.map((c) => [c.carrier_id, Number(c.n)]));
      return ok({ items: carriers.map(({ created_at: _c, ...c }) => ({ ...c, plan_count: count.get(c.id) ?? 0 })) });
    });

    route(admin, listCarrierFiles, async (request) => {
      const { limit, offset, status } = request.query;
      const { rows, items, total } = await repo.listFiles(app.db, { limit, offset, status });
      const now = app.jobs.now().getTime();
      const out: TCarrierFileRow[] = rows.map((r) => ({
        id: r.id,
        carrier: r.carrier,
        kind: r.kind,
        status: r.status,
        file_name: r.file_name,
        created_at: iso(r.created_at)!,
        delivered_at: iso(r.delivered_at),
        acknowledged_at: iso(r.acknowledged_at),
        overdue:
          r.status === 'delivered' &&
          !r.acknowledged_at &&
          !!r.delivered_at &&
          now - new Date(r.delivered_at).getTime() > r.ack_window_hours * 3_600_000,
        confirmation_numbers: items.filter((i) => i.file_id === r.id && i.confirmation_number).map((i) => i.confirmation_number!),
        errors: (typeof r.ack_errors === 'string' ? JSON.parse(r.ack_errors) : r.ack_errors) as TCarrierFileRow['errors'],
      }));
      return ok({ items: out, total, limit, offset });
    });

    route(admin, getCarrierFile, async (request, reply) => {
      requireFreshSecondFactor(request);
      const file = await repo.findFile(app.db, request.params.id);
      if (!file) throw notFound();
      await repo.writeAudit(app.db, request.session.account?.id ?? null, 'carrier-file.view', `carrier_file:${file.id}`, {
        file_name: file.file_name,
      });
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('content-disposition', `inline; filename="${file.file_name}"`)
        .header('cache-control', 'no-store')
        .send(fileText(app, file));
    });

    route(admin, uploadAcknowledgment, async (request) => {
      const files = await acknowledge(app, request.session.account?.id ?? null, request.body.content);
      return ok({ files });
    });

    route(admin, cancelEnrollment, async (request) =>
      ok(await cancelEnrollmentCoverage(app, request.session.account?.id ?? null, request.params.id, request.body)),
    );
  });
};
export default carrierRoutes;
