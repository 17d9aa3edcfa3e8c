import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { healthQuestionsResult, normalizeHealthInfo, ZSavePrimaryHealthRequest, type THealthInfo } from '@store/domain/health';
import { ok, responses, zEnrollmentId } from '../../lib/http.ts';
import { loadOwnedEnrollment } from '../../lib/access.ts';
import { loadForStep, openSealed, readTab, writeTab } from './context.ts';
import { inEnrollmentTabs } from '../../db/sealed-columns.ts';
import { recordEvent } from '../consent/service.ts';

/**
 * Primary health questions (enrollment.md 2.7, 4.6). The answers are sealed at rest: tabs.health_info holds
 * only { saved: true, _sealed }, so get-enrollment-temp-info shows nothing of them.
 */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const query = z.object({ enrollment_id: zEnrollmentId });

  app.get(
    '/api/v1/get-health-questions-primary-health-info',
    { schema: { tags: ['enrollment-health'], querystring: query, response: responses(z.object({ result: z.any() })) } },
    async (request) => {
      const e = await loadOwnedEnrollment(request, request.query.enrollment_id);
      const saved = openSealed<THealthInfo | null>(app, e.id, readTab(e, 'health_info')?._sealed, null);
      const result = healthQuestionsResult();
      if (saved) {
        // The questions with this enrollment's saved answers.
        result.codition_questions = result.codition_questions.map((q) => ({ ...q, ...(saved.condition_questions.find((s) => s.question_id === q.question_id) ?? {}) })) as typeof result.codition_questions;
        if (saved.medication_question) result.medication_question = { ...result.medication_question, ...saved.medication_question } as typeof result.medication_question;
      }
      return ok({ result: { ...result, notes: saved?.notes ?? '' } });
    },
  );

  /** An existing member's last saved health answers (their latest completed enrollment), same shape as saved health info. */
  app.get(
    '/api/v1/get-existing-primary-health-info',
    { schema: { tags: ['enrollment-health'], querystring: query, response: responses(z.object({ result: z.any() })) } },
    async (request) => {
      const e = await loadOwnedEnrollment(request, request.query.enrollment_id);
      if (!e.user_id) return ok({ result: null });
      const prior = await app.db
        .selectFrom('enrollments')
        .select(['id', 'tabs'])
        .where('user_id', '=', e.user_id)
        .where('status', '=', 'completed')
        .where('id', '!=', e.id)
        .orderBy('completed_at', 'desc')
        .executeTakeFirst();
      const saved = prior ? openSealed<THealthInfo | null>(app, prior.id, readTab(prior, 'health_info')?._sealed, null) : null;
      return ok({ result: saved });
    },
  );

  app.post(
    '/api/v1/save-primary-health-info',
    { schema: { tags: ['enrollment-health'], body: ZSavePrimaryHealthRequest, response: responses(z.object({ result: z.boolean() })) } },
    async (request) => {
      const { enrollment_id, ...info } = request.body;
      const clean = normalizeHealthInfo(info);
      await app.db.transaction().execute(async (trx) => {
        const e = await loadForStep(request, trx, enrollment_id, 'primary_health_info');
        await writeTab(trx, e.id, 'health_info', { saved: true, _sealed: app.sealer.sealJson(clean, inEnrollmentTabs(e.id)) }, { savedTab: true });
        await recordEvent(trx, e.id, 'step_saved', { step: 'health_info' }, request);
      });
      return ok({ result: true }, 'Health information saved');
    },
  );
};

export default healthRoutes;
