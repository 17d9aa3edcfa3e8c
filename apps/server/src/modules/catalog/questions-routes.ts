import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAflacQuestion, ZQuestion, ZSaveAflacRequest, ZSaveAnswersRequest } from '@store/domain/catalog';
import { aflacAllRequiredYes, declineMessage, unansweredQuestions } from '@store/domain/pricing';
import { TEXT } from '@store/domain/texts';
import { loadOwnedEnrollment } from '../../lib/access.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { noContent, ok, responses, zId } from '../../lib/http.ts';
import { answersContext } from '../../db/sealed-columns.ts';
import { findAnswers, findPlan, listQuestions, planRules, upsertAnswers } from './repository.ts';

const zQ = z.object({ enrollment_id: z.string().trim().min(1).max(64), plan_id: zId, type: z.string().max(20).optional() });
const subType = (s: string) => (s === 'checkbox' || s === 'detail' ? s : 'text_field') as 'text_field' | 'checkbox' | 'detail';

/** Plan questionnaires (Enroll Now) and Aflac-type questions. Answers are health content: sealed at rest. */
const questionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/v1/get-questions', { schema: { tags: ['catalog'], querystring: zQ, response: responses(z.object({ result: z.array(ZQuestion) })) } }, async (request) => {
    await loadOwnedEnrollment(request, request.query.enrollment_id);
    const qs = await listQuestions(app.db, request.query.plan_id, 'questions');
    return ok({
      result: qs.map((q) => ({ question_id: q.question_id, question_text: q.question_text, question_sub_type: subType(q.question_sub_type), require_detail: q.require_detail, options: (q.options ?? []) as z.infer<typeof ZQuestion>['options'] })),
    });
  });

  app.post(
    '/api/v1/save-question-answers',
    { schema: { tags: ['catalog'], body: ZSaveAnswersRequest, response: responses(z.object({ declined: z.boolean(), errorCode: z.string().nullable(), message: z.string() })) } },
    async (request) => {
      const b = request.body;
      const p = await findPlan(app.db, b.plan_id);
      if (!p) throw notFound('Plan not found');
      const qs = await listQuestions(app.db, b.plan_id, 'questions');
      if (!qs.length) throw fieldError('plan_id', 'This plan has no questions');
      if (unansweredQuestions(qs.map((q) => q.question_id), b.answers).length) throw fieldError('answers', TEXT.PLEASE_ANSWER_ALL);
      for (const a of b.answers) {
        const q = qs.find((x) => x.question_id === a.question_id);
        if (!q) throw fieldError('answers', TEXT.PLEASE_ANSWER_ALL);
        const optionIds = ((q.options ?? []) as { option_id: number }[]).map((o) => o.option_id);
        if (a.checkbox_answers.some((id) => !optionIds.includes(id))) throw fieldError(`answers.${q.question_id}`, 'Choose one of the options');
      }
      const decline = declineMessage(qs, b.answers);
      await app.db.transaction().execute(async (trx) => {
        const e = await loadOwnedEnrollment(request, b.enrollment_id, trx, { forUpdate: true });
        await upsertAnswers(trx, {
          enrollment_id: e.id,
          plan_id: p.plan_id,
          kind: 'questions',
          answers_enc: app.sealer.sealJson(b.answers, answersContext(e.id, p.plan_id, 'questions')),
          question_ids: qs.map((q) => q.question_id),
          declined: !!decline,
          all_yes: false,
        });
        await trx.insertInto('audit_log').values({ account_id: request.session.account?.id ?? null, action: 'questions.saved', target: e.id, detail: JSON.stringify({ plan_id: p.plan_id, declined: !!decline }) }).execute();
      });
      if (decline) return ok({ declined: true, errorCode: 'declineError', message: decline }, decline);
      return ok({ declined: false, errorCode: null, message: 'Your answers have been saved.' }, 'Your answers have been saved.');
    },
  );

  app.get(
    '/api/v1/check-already-answered',
    { schema: { tags: ['catalog'], querystring: zQ, response: responses(z.object({ status: z.boolean(), required: z.boolean(), declined: z.boolean(), message: z.string().nullable() })) } },
    async (request) => {
      const e = await loadOwnedEnrollment(request, request.query.enrollment_id);
      const p = await findPlan(app.db, request.query.plan_id);
      if (!p) throw notFound('Plan not found');
      const kind = planRules(p).questionnaire;
      if (!kind) return ok({ status: true, required: false, declined: false, message: null });
      const a = await findAnswers(app.db, e.id, p.plan_id, kind);
      let message: string | null = null;
      if (a?.declined) {
        const qs = await listQuestions(app.db, p.plan_id, kind);
        message = declineMessage(qs, app.sealer.openJson(a.answers_enc, answersContext(e.id, p.plan_id, kind))) ?? null;
      }
      const answered = kind === 'aflac' ? !!a?.all_yes : !!a;
      return ok({ status: answered, required: true, declined: !!a?.declined, message });
    },
  );

  app.get(
    '/api/v1/get-aflac-questions',
    { schema: { tags: ['catalog'], querystring: z.object({ enrollment_id: z.string().trim().min(1).max(64), plan_id: zId }), response: responses(z.object({ result: z.array(ZAflacQuestion), answered: z.boolean() })) } },
    async (request, reply) => {
      const e = await loadOwnedEnrollment(request, request.query.enrollment_id);
      const qs = await listQuestions(app.db, request.query.plan_id, 'aflac');
      if (!qs.length) return noContent(reply);
      const a = await findAnswers(app.db, e.id, request.query.plan_id, 'aflac');
      return ok({ result: qs.map((q) => ({ qid: q.question_id, question: q.question_text, true_condition: q.true_condition })), answered: !!a?.all_yes });
    },
  );

  app.post(
    '/api/v1/save-aflac-questions',
    { schema: { tags: ['catalog'], body: ZSaveAflacRequest, response: responses(z.object({ status: z.boolean() })) } },
    async (request) => {
      const b = request.body;
      const qs = await listQuestions(app.db, b.plan_id, 'aflac');
      if (!qs.length) throw notFound('Plan not found');
      const questions = qs.map((q) => ({ qid: q.question_id, true_condition: q.true_condition }));
      if (!aflacAllRequiredYes(questions, b.aflac_data)) throw fieldError('aflac_data', TEXT.ANSWER_YES_IN_ORDER);
      await app.db.transaction().execute(async (trx) => {
        const e = await loadOwnedEnrollment(request, b.enrollment_id, trx, { forUpdate: true });
        await upsertAnswers(trx, { enrollment_id: e.id, plan_id: b.plan_id, kind: 'aflac', answers_enc: app.sealer.sealJson(b.aflac_data, answersContext(e.id, b.plan_id, 'aflac')), question_ids: qs.map((q) => q.question_id), declined: false, all_yes: true });
      });
      return ok({ status: true }, 'Your answers have been saved.');
    },
  );
};
export default questionsRoutes;
