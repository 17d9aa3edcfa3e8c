import type { Actor } from '../../../lib/actor.ts';
import type { Deps } from '../../../lib/deps.ts';
import {
  askedHealthQuestions,
  healthQuestionsResult,
  needsCarrierReview,
  normalizeHealthInfo,
  TOBACCO_QUESTION_ID,
  type THealthInfo,
  type TKeptHealthInfo,
} from '@store/domain/health';
import { TEXT } from '@store/domain/texts';
import type { THealthQuestions } from '@store/domain/contract/enrollment-finish';
import type { Enrollment } from '../../../db/schema.ts';
import { inEnrollmentTabs } from '../../../db/sealed-columns.ts';
import { loadForStep, openSealed, readTab, writeTab } from '../context.ts';
import { filterOf } from '../service.ts';
import { HttpError } from '../../../lib/errors.ts';
import type { Sealer } from '../../../lib/crypto.ts';
import { latestCompletedOf } from '../purchase-repository.ts';
import { recordEvent } from '../../trail/index.ts';

/**
 * Primary health questions (enrollment.md 2.7, 4.6). The answers are sealed at rest: tabs.health_info holds
 * only { saved: true, _sealed }, so get-enrollment-temp-info shows nothing of them.
 */
/**
 * The questions this enrollment's applicant is asked (decision 2440): the personal step's gender (else the quote's)
 * decides the pregnancy question, the quote's tobacco answer prefills the tobacco question.
 */
export function askedFor(e: Enrollment) {
  const filter = filterOf(e);
  const gender = String(readTab<{ gender?: string }>(e, 'primary_info')?.gender ?? '') || filter.gender;
  return askedHealthQuestions({ gender, isSmoker: filter.is_smoker });
}

export function healthQuestionsOf(deps: Deps, e: Enrollment): THealthQuestions {
  const saved = openSealed<TKeptHealthInfo | null>(deps, e.id, readTab(e, 'health_info')?._sealed, null);
  const result = healthQuestionsResult(askedFor(e));
  if (saved) {
    // The questions with this enrollment's saved answers (the plan page's tobacco answer stays the one shown).
    result.codition_questions = result.codition_questions.map((q) =>
      q.answered_on_plan_page !== undefined
        ? q
        : { ...q, ...(saved.condition_questions.find((s) => s.question_id === q.question_id) ?? {}), question_text: q.question_text },
    );
    if (saved.medication_question)
      result.medication_question = {
        ...result.medication_question,
        ...saved.medication_question,
        question_text: result.medication_question.question_text,
      };
  }
  return { ...result, notes: saved?.notes ?? '' };
}

/** An existing member's last saved health answers (their latest completed enrollment), same shape as saved health info. */
export async function existingHealthInfo(deps: Deps, e: Enrollment): Promise<TKeptHealthInfo | null> {
  if (!e.user_id) return null;
  const prior = await latestCompletedOf(deps.db, e.user_id, e.id);
  return prior ? openSealed<TKeptHealthInfo | null>(deps, prior.id, readTab(prior, 'health_info')?._sealed, null) : null;
}

/**
 * The answers kept: only the questions asked, every one of them answered (else 422 naming the first unanswered, by
 * its place in the list the page shows), the tobacco answer the plan page's.
 */
export function answersToKeep(e: Enrollment, info: THealthInfo): TKeptHealthInfo {
  const asked = askedFor(e);
  const given = new Map(info.condition_questions.map((q) => [q.question_id, q]));
  const missing = asked.findIndex((q) => q.answered_on_plan_page === undefined && !given.has(q.question_id));
  if (missing >= 0 || !info.medication_question) {
    const target = missing >= 0 ? `condition_questions.${missing}.yes_no_flag` : 'medication_question.yes_no_flag';
    throw new HttpError(422, TEXT.FIELD_REQUIRED, [{ target_element: target, error_message: TEXT.FIELD_REQUIRED }]);
  }
  const condition_questions = asked.map((q) =>
    q.answered_on_plan_page !== undefined
      ? { question_id: TOBACCO_QUESTION_ID, question_text: q.question_text, yes_no_flag: q.answered_on_plan_page }
      : given.get(q.question_id)!,
  );
  return normalizeHealthInfo({ ...info, condition_questions });
}

export async function saveHealthStep(deps: Deps, actor: Actor, enrollmentId: string, info: THealthInfo) {
  await deps.db.transaction().execute(async (trx) => {
    const e = await loadForStep(actor, trx, enrollmentId, 'primary_health_info');
    const clean = answersToKeep(e, info);
    await writeTab(
      trx,
      e.id,
      'health_info',
      { saved: true, _sealed: deps.sealer.sealJson(clean, inEnrollmentTabs(e.id)) },
      { savedTab: true },
    );
    await recordEvent(trx, e.id, 'step_saved', { step: 'health_info' }, actor);
  });
}

/** Whether the carrier reviews this application (a Yes of the applicant's or a dependent's health answers). */
export function carrierReviews(deps: { sealer: Sealer }, e: Enrollment): boolean {
  const primary = openSealed<TKeptHealthInfo | null>(deps, e.id, readTab(e, 'health_info')?._sealed, null);
  const dependents = openSealed<Record<string, { health_info?: TKeptHealthInfo }>>(deps, e.id, readTab(e, 'dependent_info')?._sealed, {});
  return needsCarrierReview([primary, ...Object.values(dependents).map((d) => d.health_info)]);
}
