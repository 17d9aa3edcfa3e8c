import { expect, it } from 'vitest';
import { sql } from 'kysely';
import { TEXT } from '@store/domain/texts';
import { describeEachDb } from '../../helpers/store.ts';
import { healthAnswers, HYPERTENSION } from '../../helpers/health.ts';
import { dependent, enrollmentAtStepFive, PLAN_IDS } from './helpers.ts';

/** Decision 2440: nothing is answered for the person; every question needs an answer and a Yes its details. */
describeEachDb('health answers: none chosen for the person', (ctx) => {
  const questionsOf = async (c: ReturnType<ReturnType<typeof ctx>['client']>, id: string) =>
    (await c.get('/api/v1/get-health-questions-primary-health-info', { enrollment_id: id })).body.data.result;

  it('serves the questions unanswered and refuses a save that leaves one unanswered or a Yes without its details', async () => {
    const ts = ctx();
    const c = ts.client();
    const id = await enrollmentAtStepFive(ts, c, { plans: [PLAN_IDS.criticalIllnessGuard] });
    const q = await questionsOf(c, id);
    expect(q.codition_questions.map((x: any) => x.yes_no_flag)).toEqual(q.codition_questions.map(() => null));
    expect(q.medication_question.yes_no_flag).toBeNull();

    const unanswered = healthAnswers();
    (unanswered.condition_questions[2] as { yes_no_flag: number | null }).yes_no_flag = null;
    const r1 = await c.post('/api/v1/save-primary-health-info', { enrollment_id: id, ...unanswered });
    expect(r1.status).toBe(422);
    expect(r1.body.data).toContainEqual({ target_element: 'condition_questions.2.yes_no_flag', error_message: TEXT.FIELD_REQUIRED });

    const missing = healthAnswers();
    missing.condition_questions.splice(3, 1);
    const r2 = await c.post('/api/v1/save-primary-health-info', { enrollment_id: id, ...missing });
    expect(r2.status).toBe(422);
    expect(r2.body.data).toContainEqual({ target_element: 'condition_questions.3.yes_no_flag', error_message: TEXT.FIELD_REQUIRED });

    const bare = healthAnswers({ 141: { health_condition: 'Hypertension' } }, { medications: [{ medication: 'Lisinopril' }] });
    const r3 = await c.post('/api/v1/save-primary-health-info', { enrollment_id: id, ...bare });
    expect(r3.status).toBe(422);
    const targets = r3.body.data.map((e: { target_element: string }) => e.target_element);
    expect(targets).toEqual(
      expect.arrayContaining([
        'condition_questions.0.conditions.0.date_of_onset',
        'condition_questions.0.conditions.0.is_treatment',
        'condition_questions.0.conditions.0.is_medicate',
        'medication_question.medications.0.dosage',
      ]),
    );
    expect(targets).not.toContain('condition_questions.0.conditions.0.health_condition');
    // Nothing was kept: the questions are still unanswered.
    expect((await questionsOf(c, id)).codition_questions[0].yes_no_flag).toBeNull();

    const good = await c.post('/api/v1/save-primary-health-info', { enrollment_id: id, ...healthAnswers({ 141: HYPERTENSION }) });
    expect(good.status).toBe(200);
    const back = await questionsOf(c, id);
    expect(back.codition_questions[0].yes_no_flag).toBe(1);
    expect(back.codition_questions[1].yes_no_flag).toBe(0);
    expect(back.medication_question.yes_no_flag).toBe(0);
  });

  it('does not ask a man the pregnancy question', async () => {
    const ts = ctx();
    const c = ts.client();
    const id = await enrollmentAtStepFive(ts, c, { plans: [PLAN_IDS.criticalIllnessGuard], gender: '0' });
    const ids = (await questionsOf(c, id)).codition_questions.map((x: { question_id: number }) => x.question_id);
    expect(ids).toContain(147);
    expect(ids).not.toContain(146);
    const body = healthAnswers();
    body.condition_questions = body.condition_questions.filter((x) => x.question_id !== 146);
    expect((await c.post('/api/v1/save-primary-health-info', { enrollment_id: id, ...body })).status).toBe(200);
    const back = (await questionsOf(c, id)).codition_questions.map((x: { question_id: number }) => x.question_id);
    expect(back).not.toContain(146);
  });

  it('prefills the tobacco question from the plan page and keeps that answer', async () => {
    const ts = ctx();
    const c = ts.client();
    const id = await enrollmentAtStepFive(ts, c, { plans: [PLAN_IDS.criticalIllnessGuard] });
    await sql`update enrollments set filter_info = ${JSON.stringify({
      ...((await ts.db.selectFrom('enrollments').select('filter_info').where('id', '=', id).executeTakeFirstOrThrow())
        .filter_info as object),
      is_smoker: '1',
    })} where id = ${id}`.execute(ts.db);
    const tobacco = (await questionsOf(c, id)).codition_questions.find((x: { question_id: number }) => x.question_id === 145);
    expect(tobacco).toMatchObject({ yes_no_flag: 1, answered_on_plan_page: 1 });
    // A page that sent No is not believed over the plan page, on which the price was rated.
    const body = healthAnswers();
    expect((await c.post('/api/v1/save-primary-health-info', { enrollment_id: id, ...body })).status).toBe(200);
    const back = (await questionsOf(c, id)).codition_questions.find((x: { question_id: number }) => x.question_id === 145);
    expect(back.yes_no_flag).toBe(1);
  });

  it("refuses a dependent's Yes without its details", async () => {
    const ts = ctx();
    const c = ts.client();
    const id = await enrollmentAtStepFive(ts, c, { plans: [PLAN_IDS.criticalIllnessGuard], tier: 'IS' });
    const r = await c.post('/api/v1/validate-single-dependent', {
      enrollment_id: id,
      ...dependent('Sam'),
      health_info: healthAnswers({ 142: { health_condition: '' } }),
    });
    expect(r.status).toBe(422);
    expect(r.body.data).toContainEqual({
      target_element: 'health_info.condition_questions.1.conditions.0.health_condition',
      error_message: TEXT.FIELD_REQUIRED,
    });
  });
});
