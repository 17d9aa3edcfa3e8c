import type { Actor } from '../../../lib/actor.ts';
import type { Deps } from '../../../lib/deps.ts';
import { healthQuestionsResult, normalizeHealthInfo, type THealthInfo } from '@store/domain/health';
import type { THealthQuestions } from '@store/domain/contract/enrollment-finish';
import type { Enrollment } from '../../../db/schema.ts';
import { inEnrollmentTabs } from '../../../db/sealed-columns.ts';
import { loadForStep, openSealed, readTab, writeTab } from '../context.ts';
import { latestCompletedOf } from '../purchase-repository.ts';
import { recordEvent } from '../../trail/index.ts';

/**
 * Primary health questions (enrollment.md 2.7, 4.6). The answers are sealed at rest: tabs.health_info holds
 * only { saved: true, _sealed }, so get-enrollment-temp-info shows nothing of them.
 */
export function healthQuestionsOf(deps: Deps, e: Enrollment): THealthQuestions {
  const saved = openSealed<THealthInfo | null>(deps, e.id, readTab(e, 'health_info')?._sealed, null);
  const result = healthQuestionsResult();
  if (saved) {
    // The questions with this enrollment's saved answers.
    result.codition_questions = result.codition_questions.map((q) => ({
      ...q,
      ...(saved.condition_questions.find((s) => s.question_id === q.question_id) ?? {}),
    })) as typeof result.codition_questions;
    if (saved.medication_question)
      result.medication_question = { ...result.medication_question, ...saved.medication_question } as typeof result.medication_question;
  }
  return { ...result, notes: saved?.notes ?? '' };
}

/** An existing member's last saved health answers (their latest completed enrollment), same shape as saved health info. */
export async function existingHealthInfo(deps: Deps, e: Enrollment): Promise<THealthInfo | null> {
  if (!e.user_id) return null;
  const prior = await latestCompletedOf(deps.db, e.user_id, e.id);
  return prior ? openSealed<THealthInfo | null>(deps, prior.id, readTab(prior, 'health_info')?._sealed, null) : null;
}

export async function saveHealthStep(deps: Deps, actor: Actor, enrollmentId: string, info: THealthInfo) {
  const clean = normalizeHealthInfo(info);
  await deps.db.transaction().execute(async (trx) => {
    const e = await loadForStep(actor, trx, enrollmentId, 'primary_health_info');
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
