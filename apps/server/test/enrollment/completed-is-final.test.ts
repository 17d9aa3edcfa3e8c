import { expect, it } from 'vitest';
import { describeEachDb } from '../helpers/store.ts';
import { tableChecksums } from '../security/openapi.ts';
import { CARD, EFT, SIGNATURE, dependent, enrollmentAtStepFive, finish, enrollWith } from './finish/helpers.ts';
import { ESIGN_VERSION } from '@store/domain/consent';
import { CONTACT, EMPLOYER, PERSONAL } from './helpers.ts';
import { pricing } from '../catalog/helpers.ts';
import { PLAN_IDS } from '../../src/db/seed/demo-catalog.ts';

/** A 1x1 PNG as the wizard sends a step's screenshot. */
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/**
 * Issue 34, finding 4: a completed enrollment is final. Part one's saves (personal info with the SSN, contact,
 * employer, beneficiaries, the enroller code, the portal, Save & Continue Later) answer as part two's do, 409 in the
 * error envelope, and change nothing: the member home is where a member changes what they enrolled with.
 */
const COMPLETED = { status: 'error', message: 'This enrollment is already completed.' };

describeEachDb('a completed enrollment cannot be rewritten by its owner session (issue 34, finding 4)', (ctx) => {
  it('refuses every save of part one with 409, as part two does, and changes nothing', async () => {
    const ts = ctx();
    const c = ts.client();
    const id = await enrollmentAtStepFive(ts, c);
    await finish(c, id, () => enrollWith(c, id, CARD));
    expect((await ts.db.selectFrom('enrollments').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe(
      'completed',
    );
    const before = await tableChecksums(ts.db);

    const beneficiary = {
      first_name: 'Mallory',
      last_name: 'Forger',
      birthdate: '02/03/1990',
      ssn: '222334444',
      relationship: 'Child',
      beneficiary_percentage: '100',
    };
    const calls: [string, Record<string, unknown>][] = [
      ['/api/v1/save-personal-info', { ...PERSONAL, ssn: '111223333', first_name: 'Mallory' }],
      ['/api/v1/save-contact-info', { ...CONTACT, email_address: 'mallory.forger@example.org', phone_number: '2125550777' }],
      ['/api/v1/save-employer-info', EMPLOYER],
      ['/api/v1/save-beneficiary-info', { beneficiaries: [beneficiary] }],
      ['/api/v1/save-enroller-code', { enrollerCode: 'AGENT100' }],
      ['/api/v1/update-filter-portal', { platform_group_id: 501 }],
      ['/api/v1/save-enrollment', { email: 'mallory.forger@example.org', tab: 'contact_info', data: CONTACT }],
      ['/api/v1/save-enrollment', { email: 'mallory.forger@example.org', tab: 'contact_info' }],
      // Part two's answer, which part one's must equal.
      ['/api/v1/save-primary-health-info', { condition_questions: [] }],
      // Every other step of the one enrollment, and the changes that are no step's save (issue 35: one loader).
      ['/api/v1/save-dependent-info', { dependents: [dependent('Mallory')] }],
      ['/api/v1/save-dependent-info-to-temp', { dependents: [dependent('Mallory')] }],
      ['/api/v1/delete-dependent-in-IO', {}],
      ['/api/v1/save-review-info', { additional_notes: 'rewritten', first_enroll: 1 }],
      ['/api/v1/save-agreement-info', { agreements: [true, true, true], signature: SIGNATURE }],
      ['/api/v1/save-billing-info', EFT],
      ['/api/v1/give-esign-consent', { version: ESIGN_VERSION, agreed: true }],
      ['/api/v1/accept-payment-authorization', { text_sha256: '0'.repeat(64), agreed: true }],
    ];
    for (const [path, body] of calls) {
      const r = await c.post(path, { enrollment_id: id, ...body });
      expect({ path, status: r.status, body: r.body }).toEqual({ path, status: 409, body: COMPLETED });
    }
    expect(await tableChecksums(ts.db)).toEqual(before);
  });

  it('refuses the cart, the plan questions, the dependents popup, the comparison and a step screenshot already taken, once completed', async () => {
    const ts = ctx();
    const c = ts.client();
    const id = await enrollmentAtStepFive(ts, c);
    // What a shopper could send before the purchase, kept to send after it.
    await c.put(`/api/v1/change-filter-info/${id}`, { is_smoker: '0' });
    const vision = (await pricing(c, id, PLAN_IDS.visionClear)).body.data.plans[0];
    const life = (await pricing(c, id, PLAN_IDS.termLife100k)).body.data.plans[0];
    const membership = (await c.get('/api/v1/get-plan-pricing-detail-elevate', { enrollment_id: id })).body.data.plans[0];
    const questions: { question_id: number }[] = (
      await c.get('/api/v1/get-questions', { enrollment_id: id, plan_id: PLAN_IDS.criticalIllnessGuard })
    ).body.data.result;
    const aflac: { qid: number }[] = (await c.get('/api/v1/get-aflac-questions', { enrollment_id: id, plan_id: PLAN_IDS.accidentShield }))
      .body.data.result;
    expect((await c.post('/api/v1/save-screenshot', { enrollment_id: id, name: 'personal-information', image: PNG })).status).toBe(200);
    await finish(c, id, () => enrollWith(c, id, CARD));
    const before = await tableChecksums(ts.db);

    const calls: [string, Record<string, unknown>][] = [
      ['/api/v1/add-plan-to-cart', { plan_id: PLAN_IDS.visionClear, plan_pricing_id: vision.plan_pricing_id }],
      [
        '/api/v1/add-plan-to-cart-prudentials',
        {
          plan_id: PLAN_IDS.termLife100k,
          plan_pricing_id: life.plan_pricing_id,
          plan_id1: membership.plan_id,
          plan_pricing_id1: membership.plan_pricing_id,
        },
      ],
      [
        '/api/v1/save-question-answers',
        { plan_id: PLAN_IDS.criticalIllnessGuard, answers: questions.map((q) => ({ question_id: q.question_id, yes_no_flag: 0 })) },
      ],
      [
        '/api/v1/save-aflac-questions',
        { plan_id: PLAN_IDS.accidentShield, aflac_data: aflac.map((q) => ({ qid: q.qid, true_condition: 'true' })) },
      ],
      ['/api/v1/store-temp-dependent-info', { plan_id: PLAN_IDS.termLife100k }],
      ['/api/v1/save-compare-plans', { plan_ids: [PLAN_IDS.dentalEssentials, PLAN_IDS.dentalPreferredPlus] }],
      // The record of what was shown at a step is not replaced after the purchase.
      ['/api/v1/save-screenshot', { name: 'personal-information', image: PNG }],
    ];
    for (const [path, body] of calls) {
      const r = await c.post(path, { enrollment_id: id, ...body });
      expect({ path, status: r.status, body: r.body }).toEqual({ path, status: 409, body: COMPLETED });
    }
    expect(await tableChecksums(ts.db)).toEqual(before);

    // The billing step's own screenshot is taken just after its save completes the enrollment: a first one is kept.
    const billing = await c.post('/api/v1/save-screenshot', { enrollment_id: id, name: 'billing-information', image: PNG });
    expect(billing.status).toBe(200);
  });
});
