import type { TAflacQuestion, TQuestion } from '@store/domain/catalog';
import type { saveAflacQuestions, saveQuestionAnswers } from '@store/domain/contract/catalog';
import type { EndpointBody } from '@store/domain/contract/endpoint';
import { aflacAllRequiredYes, declineMessage, unansweredQuestions } from '@store/domain/pricing';
import { TEXT } from '@store/domain/texts';
import { answersContext } from '../../db/sealed-columns.ts';
import type { Actor } from '../../lib/actor.ts';
import type { Deps } from '../../lib/deps.ts';
import { loadOpenEnrollment, loadOwnedEnrollment } from '../../lib/access.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { findAnswers, findPlan, insertAudit, listQuestions, planRules, upsertAnswers } from './repository.ts';

/** Plan questionnaires (Enroll Now) and Aflac-type questions. Answers are health content: sealed at rest. */
type QuestionDeps = Pick<Deps, 'db' | 'sealer'>;

const subType = (s: string) => (s === 'checkbox' || s === 'detail' ? s : 'text_field') as 'text_field' | 'checkbox' | 'detail';
type QuestionRow = Awaited<ReturnType<typeof listQuestions>>[number];

export async function questionsOf(deps: QuestionDeps, actor: Actor, enrollmentId: string, planId: number): Promise<TQuestion[]> {
  await loadOwnedEnrollment(actor, enrollmentId, deps.db);
  const qs = await listQuestions(deps.db, planId, 'questions');
  return qs.map((q) => ({
    question_id: q.question_id,
    question_text: q.question_text,
    question_sub_type: subType(q.question_sub_type),
    require_detail: q.require_detail,
    options: (q.options ?? []) as TQuestion['options'],
  }));
}

type Answers = EndpointBody<typeof saveQuestionAnswers>['answers'];

/** Every question answered, each checkbox answer one of its question's options. */
function assertAllAnswered(qs: QuestionRow[], answers: Answers): void {
  if (!qs.length) throw fieldError('plan_id', 'This plan has no questions');
  if (
    unansweredQuestions(
      qs.map((q) => q.question_id),
      answers,
    ).length
  )
    throw fieldError('answers', TEXT.PLEASE_ANSWER_ALL);
  for (const a of answers) {
    const q = qs.find((x) => x.question_id === a.question_id);
    if (!q) throw fieldError('answers', TEXT.PLEASE_ANSWER_ALL);
    const optionIds = ((q.options ?? []) as { option_id: number }[]).map((o) => o.option_id);
    if (a.checkbox_answers.some((id) => !optionIds.includes(id))) throw fieldError(`answers.${q.question_id}`, 'Choose one of the options');
  }
}

/** save-question-answers: sealed answers and whether they decline the plan, with the audit row, in one transaction. */
export async function saveAnswers(deps: QuestionDeps, actor: Actor, b: EndpointBody<typeof saveQuestionAnswers>) {
  const p = await findPlan(deps.db, b.plan_id);
  if (!p) throw notFound('Plan not found');
  const qs = await listQuestions(deps.db, b.plan_id, 'questions');
  assertAllAnswered(qs, b.answers);
  const decline = declineMessage(qs, b.answers);
  await deps.db.transaction().execute(async (trx) => {
    const e = await loadOpenEnrollment(actor, b.enrollment_id, trx, { forUpdate: true });
    await upsertAnswers(trx, {
      enrollment_id: e.id,
      plan_id: p.plan_id,
      kind: 'questions',
      answers_enc: deps.sealer.sealJson(b.answers, answersContext(e.id, p.plan_id, 'questions')),
      question_ids: qs.map((q) => q.question_id),
      declined: !!decline,
      all_yes: false,
    });
    await insertAudit(trx, {
      account_id: actor.account?.id ?? null,
      action: 'questions.saved',
      target: e.id,
      detail: { plan_id: p.plan_id, declined: !!decline },
    });
  });
  return decline;
}

/** check-already-answered: whether the plan's questions are answered (and, when they declined it, why). */
export async function answeredState(deps: QuestionDeps, actor: Actor, enrollmentId: string, planId: number) {
  const e = await loadOwnedEnrollment(actor, enrollmentId, deps.db);
  const p = await findPlan(deps.db, planId);
  if (!p) throw notFound('Plan not found');
  const kind = planRules(p).questionnaire;
  if (!kind) return { status: true, required: false, declined: false, message: null };
  const a = await findAnswers(deps.db, e.id, p.plan_id, kind);
  let message: string | null = null;
  if (a?.declined) {
    const qs = await listQuestions(deps.db, p.plan_id, kind);
    message = declineMessage(qs, deps.sealer.openJson(a.answers_enc, answersContext(e.id, p.plan_id, kind))) ?? null;
  }
  const answered = kind === 'aflac' ? !!a?.all_yes : !!a;
  return { status: answered, required: true, declined: !!a?.declined, message };
}

/** get-aflac-questions: null when the plan has none (HTTP 204). */
export async function aflacQuestions(
  deps: QuestionDeps,
  actor: Actor,
  enrollmentId: string,
  planId: number,
): Promise<{ result: TAflacQuestion[]; answered: boolean } | null> {
  const e = await loadOwnedEnrollment(actor, enrollmentId, deps.db);
  const qs = await listQuestions(deps.db, planId, 'aflac');
  if (!qs.length) return null;
  const a = await findAnswers(deps.db, e.id, planId, 'aflac');
  return {
    result: qs.map((q) => ({ qid: q.question_id, question: q.question_text, true_condition: q.true_condition })),
    answered: !!a?.all_yes,
  };
}

/** save-aflac-questions: every required question answered yes, in order. */
export async function saveAflac(deps: QuestionDeps, actor: Actor, b: EndpointBody<typeof saveAflacQuestions>): Promise<void> {
  const qs = await listQuestions(deps.db, b.plan_id, 'aflac');
  if (!qs.length) throw notFound('Plan not found');
  const questions = qs.map((q) => ({ qid: q.question_id, true_condition: q.true_condition }));
  if (!aflacAllRequiredYes(questions, b.aflac_data)) throw fieldError('aflac_data', TEXT.ANSWER_YES_IN_ORDER);
  await deps.db.transaction().execute(async (trx) => {
    const e = await loadOpenEnrollment(actor, b.enrollment_id, trx, { forUpdate: true });
    await upsertAnswers(trx, {
      enrollment_id: e.id,
      plan_id: b.plan_id,
      kind: 'aflac',
      answers_enc: deps.sealer.sealJson(b.aflac_data, answersContext(e.id, b.plan_id, 'aflac')),
      question_ids: qs.map((q) => q.question_id),
      declined: false,
      all_yes: true,
    });
  });
}
