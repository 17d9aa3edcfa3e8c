import type { FastifyPluginAsync } from 'fastify';
import {
  cancelEnrollment,
  createCarrier,
  downloadCarrierFile,
  getCarrierFile,
  listCarrierFiles,
  listCarriers,
  listEnrollmentCarrierFiles,
  resolveCarrierFile,
  saveCarrier,
  uploadAcknowledgment,
  CARRIER_TEXTS,
  type TCarrierError,
  type TCarrierFileRow,
  type TEnrollmentCarrierFile,
} from '@store/domain/contract/carriers';
import { requireAccount, requireFreshSecondFactor } from '../../lib/access.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import { ok } from '../../lib/http.ts';
import { route } from '../../lib/route.ts';
import { acknowledge } from './acknowledge.ts';
import { cancelEnrollmentCoverage } from './cancel.ts';
import { createCarrier as createCarrierWithReps, listCarrierSettings, saveCarrierSettings } from './carrier-settings.ts';
import { inboundWatcher } from './inbound.ts';
import * as repo from './repository.ts';
import { PURGE_KIND, purgeJob, resolveFile } from './retention.ts';
import { DAILY_KIND, DELIVER_KIND, dailyJob, deliverJob, fileText } from './service.ts';
import type { FeatureOptions } from '../../lib/deps.ts';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const errorsOf = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : (v ?? [])) as TCarrierError[];

/** Delivered and not acknowledged within the carrier's window: flagged in the list and on each enrollment. */
export const isOverdue = (
  f: { status: string | null; delivered_at: Date | string | null; acknowledged_at: Date | string | null; ack_window_hours: number },
  now: Date,
) =>
  f.status === 'delivered' &&
  !f.acknowledged_at &&
  !!f.delivered_at &&
  now.getTime() - new Date(f.delivered_at).getTime() > f.ack_window_hours * 3_600_000;

/**
 * Issue 23: the carriers and their 834 files in the operator console (operators only: 401 for anyone else), the
 * scheduled jobs that build the daily batches and deliver the files, and the watch of the inbound folders.
 */
const carrierRoutes: FastifyPluginAsync<FeatureOptions> = async (app, { deps }) => {
  deps.jobs.handle(DELIVER_KIND, (trx, job) => deliverJob(deps, trx, job));
  deps.jobs.handle(DAILY_KIND, (trx, job) => dailyJob(deps, trx, job));
  deps.jobs.handle(PURGE_KIND, (trx, job) => purgeJob(deps, trx, job));
  const inbound = inboundWatcher(deps, deps.config.JOBS_POLL_MS);
  app.addHook('onReady', async () => inbound.start());
  app.addHook('onClose', () => inbound.stop());

  await app.register(async (admin) => {
    admin.addHook('onRequest', async (request) => {
      requireAccount(request, ['operator']);
    });
    const accountOf = (request: { session: { account?: { id: number } | null } }) => request.session.account?.id ?? null;

    route(admin, listCarriers, async () => ok({ items: await listCarrierSettings(deps) }));

    // Where the files (and their SSNs) go: a fresh second factor, as for reading a file.
    route(admin, saveCarrier, async (request) => {
      requireFreshSecondFactor(request);
      return ok(await saveCarrierSettings(deps, accountOf(request), request.params.id, request.body));
    });

    // A new carrier (decision 2640, amended): appoints every current rep unless unticked.
    route(admin, createCarrier, async (request) => {
      requireFreshSecondFactor(request);
      return ok(await createCarrierWithReps(deps, accountOf(request), request.body));
    });

    route(admin, listCarrierFiles, async (request) => {
      const { limit, offset, status } = request.query;
      const { rows, items, total } = await repo.listFiles(deps.db, { limit, offset, status });
      const now = deps.jobs.now();
      const out: TCarrierFileRow[] = rows.map((r) => ({
        id: r.id,
        carrier: r.carrier,
        kind: r.kind,
        status: r.status,
        file_name: r.file_name,
        created_at: iso(r.created_at)!,
        delivered_at: iso(r.delivered_at),
        acknowledged_at: iso(r.acknowledged_at),
        resolved_at: iso(r.resolved_at),
        purged_at: iso(r.purged_at),
        overdue: isOverdue(r, now),
        confirmation_numbers: items.filter((i) => i.file_id === r.id && i.confirmation_number).map((i) => i.confirmation_number!),
        errors: errorsOf(r.ack_errors),
      }));
      return ok({ items: out, total, limit, offset });
    });

    /** A file the operator may read: 404 when there is none, 410 once its retention deleted it. */
    const readableFile = async (id: number) => {
      const file = await repo.findFile(deps.db, id);
      if (!file) throw notFound();
      if (file.purged_at) throw new HttpError(410, CARRIER_TEXTS.FILE_PURGED);
      return file;
    };

    route(admin, getCarrierFile, async (request, reply) => {
      requireFreshSecondFactor(request);
      const file = await readableFile(request.params.id);
      await repo.writeAudit(deps.db, accountOf(request), 'carrier-file.view', `carrier_file:${file.id}`, { file_name: file.file_name });
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('content-disposition', `inline; filename="${file.file_name}"`)
        .header('cache-control', 'no-store')
        .send(fileText(deps, file));
    });

    // Issue 34: the store's archive is sealed; an operator takes a file here (fresh second factor, audited).
    route(admin, downloadCarrierFile, async (request, reply) => {
      requireFreshSecondFactor(request);
      const file = await readableFile(request.params.id);
      const text = fileText(deps, file);
      await repo.writeAudit(deps.db, accountOf(request), 'carrier-file.download', `carrier_file:${file.id}`, { file_name: file.file_name });
      return reply
        .header('content-type', 'application/edi-x12')
        .header('content-disposition', `attachment; filename="${file.file_name}"`)
        .header('cache-control', 'no-store')
        .send(text);
    });

    route(admin, resolveCarrierFile, async (request) => ok(await resolveFile(deps, accountOf(request), request.params.id)));

    route(admin, uploadAcknowledgment, async (request) => ok({ files: await acknowledge(deps, accountOf(request), request.body.content) }));

    route(admin, listEnrollmentCarrierFiles, async (request) => {
      const now = deps.jobs.now();
      const items: TEnrollmentCarrierFile[] = (await repo.itemsOfEnrollment(deps.db, request.params.id)).map((i) => ({
        file_id: i.file_id,
        file_name: i.file_name,
        carrier: i.carrier,
        maintenance: i.maintenance,
        transaction: i.transaction_control_number,
        status: i.status,
        overdue: isOverdue(i, now),
        created_at: iso(i.created_at)!,
        // The errors on this enrollment's transaction set, and those on the whole file (no set named).
        errors: errorsOf(i.ack_errors).filter((e) => !e.transaction || e.transaction === i.transaction_control_number),
      }));
      return ok({ items });
    });

    route(admin, cancelEnrollment, async (request) =>
      ok(await cancelEnrollmentCoverage(deps, accountOf(request), request.params.id, request.body)),
    );
  });
};
export default carrierRoutes;
