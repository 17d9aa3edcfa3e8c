import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses, zEnrollmentId } from '../../lib/http.ts';
import { loadForStep, writeTab } from './context.ts';
import { completeOnLastNext } from './complete.ts';
import { recordEvent } from '../consent/service.ts';

/**
 * Review & Confirmation (enrollment.md 2.9, 4.8): the additional notes. Next sends first_enroll=1 and completes the
 * enrollment; Save & Continue Later sends it without and only saves (docs/decisions/1000-money-path.md).
 */
const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/v1/save-review-info',
    {
      schema: {
        tags: ['enrollment-review'],
        body: z.object({ enrollment_id: zEnrollmentId, additional_notes: z.string().trim().max(2000).optional().default(''), first_enroll: z.coerce.number().int().optional() }),
        response: responses(z.object({ result: z.boolean() })),
      },
    },
    async (request) => {
      const { enrollment_id, additional_notes, first_enroll } = request.body;
      // The receipt mail's link to the receipt page: a configured origin only (plugins/origins.ts), never the request's Host.
      const origin = await app.origins.linkOrigin(request);
      await app.db.transaction().execute(async (trx) => {
        const e = await loadForStep(request, trx, enrollment_id, 'review_info');
        await writeTab(trx, e.id, 'review_info', { additional_notes, reviewed_at: new Date().toISOString() }, { savedTab: true });
        await recordEvent(trx, e.id, first_enroll === 1 ? 'completed' : 'step_saved', { step: 'review_info' }, request);
        if (first_enroll === 1) await completeOnLastNext(app, trx, e, 'review_info', origin);
      });
      app.mailer.flushSoon();
      return ok({ result: true });
    },
  );
};

export default reviewRoutes;
