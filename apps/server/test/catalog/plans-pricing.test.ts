import { expect, it } from 'vitest';
import { TEXT } from '@store/domain/texts';
import { describeEachDb } from '../helpers/store.ts';
import { PID, dobForAge, newQuote, pricing } from './helpers.ts';

describeEachDb('catalog: plans, categories, plan details', (ctx) => {
  it('lists the shoppable plans in catalog order, filtered by categories, with sanitized short text', async () => {
    const c = ctx().client();
    const id = await newQuote(c);
    const all = await c.get('/api/v1/get-filtered-plans', { enrollment_id: id });
    expect(all.status).toBe(200);
    const names = all.body.data.result.map((p: { plan_name: string }) => p.plan_name);
    expect(names[0]).toBe('Dental Essentials');
    expect(names).not.toContain('Dental Essentials 2024');
    expect(names).not.toContain('Association Membership');
    expect(names.indexOf('Vision Clear')).toBeGreaterThan(names.indexOf('Premier Dental L713'));
    // The logo's content-hashed URL (kept a year by browsers; the plain /media/plan-logo-101.svg keeps working).
    expect(all.body.data.result[0]).toMatchObject({
      pid: 101,
      plan_logo: expect.stringMatching(/^\/media\/[0-9a-f]{16}\/plan-logo-101\.svg$/),
      plan_category: 'dental',
    });
    expect(all.body.data.result[0].plan_short_text).toContain('<li>');
    const vision = await c.get('/api/v1/get-filtered-plans', { enrollment_id: id, categories: 'vision,pet' });
    expect(new Set(vision.body.data.result.map((p: { plan_category: string }) => p.plan_category))).toEqual(new Set(['vision', 'pet']));
    const bad = await c.get('/api/v1/get-filtered-plans', { enrollment_id: id, categories: 'nope' });
    expect(bad.status).toBe(422);
    expect(bad.body.data[0].target_element).toContain('categories');
  });

  it("answers 404 for another client's enrollment and 422 without one", async () => {
    const owner = ctx().client();
    const id = await newQuote(owner);
    const other = ctx().client();
    expect((await other.get('/api/v1/get-filtered-plans', { enrollment_id: id })).status).toBe(404);
    expect((await other.get('/api/v1/get-plan-pricing-detail', { pid: 101, enrollment_id: id })).status).toBe(404);
    expect((await other.get('/api/v1/get-left-side-filter-fields', { enrollment_id: id })).status).toBe(404);
    expect((await other.get('/api/v1/get-temp-dependent-info', { enrollment_id: id })).status).toBe(404);
    expect((await other.get('/api/v1/get-questions', { enrollment_id: id, plan_id: 1001 })).status).toBe(404);
    expect((await other.post('/api/v1/add-plan-to-cart', { enrollment_id: id, plan_id: 101, plan_pricing_id: 1 })).status).toBe(404);
    const r = await owner.get('/api/v1/get-filtered-plans', {});
    expect(r.status).toBe(422);
    expect(r.body.data[0].target_element).toBe('enrollment_id');
  });

  it('gives menu plans, the left-side categories, plan details and related plans', async () => {
    const c = ctx().client();
    const id = await newQuote(c);
    const menu = await c.get('/api/v1/get-menu-filtered-plans', { category: 'term_life', agent_id: 20001 });
    expect(menu.body.data.result.map((p: { plan_name: string }) => p.plan_name)).toEqual(['Term Life 100k']);
    expect(menu.body.data.result[0].is_prudential_plan).toBe(1);
    const left = await c.get('/api/v1/get-left-side-filter-fields', { enrollment_id: id });
    expect(left.body.data.result.categories.slice(0, 3).map((x: { section: string }) => x.section)).toEqual([
      'Dental',
      'Vision',
      'Medical',
    ]);
    const d = await c.get('/api/v1/get-plan-detail/101');
    expect(d.body.data.result).toMatchObject({
      plan_name: 'Dental Essentials',
      exclusions_text_name: 'Exclusions and Limitations',
      faq_text_name: 'Frequently Asked Questions',
    });
    expect(d.body.data.result.blueBarText).toContain('Dental Essentials');
    expect((await c.get('/api/v1/get-plan-detail/99999')).status).toBe(404);
    expect((await c.get('/api/v1/get-plan-detail/abc')).status).toBe(422);
    const fee = await c.get('/api/v1/get-plan-detail', { plan_id: 401 });
    expect(fee.body.data.result[0]).toMatchObject({ plan_id: 702, fee_text: 'Membership fee $5.00 per month' });
    const related = await c.get('/api/v1/get-related-plans', { enrollment_id: id, plan_id: 101 });
    expect(related.body.data.result.map((p: { plan_id: number }) => p.plan_id)).toEqual([102, 103, 105]);
  });

  it('sanitizes plan HTML on the server', async () => {
    const c = ctx().client();
    await ctx()
      .db.updateTable('plans')
      .set({ faq_text: '<p onclick="x()">Hi<script>alert(1)</script></p>' })
      .where('plan_id', '=', 1301)
      .execute();
    const d = await c.get('/api/v1/get-plan-detail/1301');
    expect(d.body.data.result.faq_text).toBe('<p>Hi</p>');
  });

  it('gives group, member and portal info of an enrollment', async () => {
    const c = ctx().client();
    const id = await newQuote(c, { platform_group_id: 501 });
    const r = await c.get('/api/v1/get-group-agent-member-info', { enrollment_id: id });
    expect(r.body.data).toMatchObject({
      enrollment_type: 'new-member',
      user_info: null,
      portal: { platform_group_id: 501, platform_code: 'DIRECT' },
    });
    const g = await c.get('/api/v1/get-group-agent-member-info', { group_id: 3001 });
    expect(g.body.data.group_info).toEqual({ group_id: 3001, name: 'Acme Manufacturing', code: 'ACME01' });
    expect(g.body.data.platforms.map((p: { platform_code: string }) => p.platform_code)).toEqual(['DIRECT', 'ELEVATE']);
  });
});

describeEachDb('catalog: pricing engine over HTTP', (ctx) => {
  it('prices the plain plan from the rate table by tier and age band', async () => {
    const c = ctx().client();
    const id = await newQuote(c, { dob: dobForAge(35), tier: 'IS' });
    const r = await pricing(c, id, PID.dentalEssentials);
    expect(r.status).toBe(200);
    expect(r.body.data.errorCode).toBeNull();
    const card = r.body.data.plans[0];
    const rate = await ctx()
      .db.selectFrom('plan_rates')
      .selectAll()
      .where('plan_pricing_id', '=', card.plan_pricing_id)
      .executeTakeFirstOrThrow();
    expect(rate).toMatchObject({ plan_id: 101, tier: 'IS', age_min: 30, age_max: 39 });
    expect(card).toMatchObject({
      tier: 'IS',
      tier_label: 'Member + Spouse',
      price_cents: rate.price_cents,
      plan_price: `$${(rate.price_cents / 100).toFixed(2)}`,
    });
  });

  it("labels the IC card of Premier Dental L713 'Member + 1 Child'", async () => {
    const c = ctx().client();
    const id = await newQuote(c, { tier: 'IC' });
    expect((await pricing(c, id, PID.premierDentalL713)).body.data.plans[0].tier_label).toBe('Member + 1 Child');
  });

  it.each([
    ['changePid', PID.dentalEssentials2024, {}, null],
    ['portalError', PID.visionSelect, {}, 'Vision Select is only offered through the Elevate Benefits portal.'],
    ['stateError', PID.medicalBridgeTx, {}, TEXT.STATE_ERROR],
    ['metError', PID.limitedMedMetro, { zip: '90210' }, TEXT.MET_ERROR],
    ['smokerError', PID.termLife100k, {}, TEXT.SMOKER_ERROR],
    ['tierError', PID.supplementalCare, { tier: 'IF' }, TEXT.TIER_ERROR],
    ['salaryError', PID.incomeProtectDi, {}, TEXT.SALARY_ERROR],
    ['ageError', PID.hospitalSeniorIndemnity, {}, TEXT.AGE_ERROR],
    [
      'planAgeError',
      PID.guaranteedIssueLife,
      { dob: dobForAge(85) },
      'Guaranteed Issue Life is available to applicants aged 80 or younger.',
    ],
  ] as const)('answers %s for plan %i', async (code, pid, fields, message) => {
    const c = ctx().client();
    const id = await newQuote(c, fields);
    const r = await pricing(c, id, pid);
    expect(r.status).toBe(200);
    expect(r.body.data.errorCode).toBe(code);
    expect(r.body.data.plans).toEqual([]);
    if (message) expect(r.body.data.message).toBe(message);
    if (code === 'changePid') expect(r.body.data.pid).toBe(PID.dentalEssentials);
  });

  it('answers enrollmentIdError without an enrollment, and 422 for a bad pid', async () => {
    const c = ctx().client();
    const r = await c.get('/api/v1/get-plan-pricing-detail', { pid: 101 });
    expect(r.body.data.errorCode).toBe('enrollmentIdError');
    expect((await c.get('/api/v1/get-plan-pricing-detail', { pid: 'x' })).status).toBe(422);
  });

  it('clears salaryError then hourError as income and hours are given (change-filter-info)', async () => {
    const c = ctx().client();
    const id = await newQuote(c);
    await c.put(`/api/v1/change-filter-info/${id}`, { annual_incode: '25000' });
    expect((await pricing(c, id, PID.incomeProtectDi)).body.data).toMatchObject({ errorCode: 'hourError', message: TEXT.HOUR_ERROR });
    await c.put(`/api/v1/change-filter-info/${id}`, { working_hours: '40' });
    expect((await pricing(c, id, PID.incomeProtectDi)).body.data.plans).toHaveLength(1);
    const dis = await c.get('/api/v1/check-disability-plan', { enrollment_id: id, plan_id: PID.incomeProtectDi });
    expect(dis.body.data).toEqual({ status: true, annual_incode: 25000, working_hours: 40 });
  });

  it('prices smokers from the smoker table once the tobacco answer is given', async () => {
    const c = ctx().client();
    const id = await newQuote(c);
    await c.put(`/api/v1/change-filter-info/${id}`, { is_smoker: '0' });
    const non = (await pricing(c, id, PID.termLife100k)).body.data.plans[0].price_cents;
    await c.put(`/api/v1/change-filter-info/${id}`, { is_smoker: '1' });
    const smoker = (await pricing(c, id, PID.termLife100k)).body.data.plans[0].price_cents;
    expect(smoker).toBeGreaterThan(non);
  });

  it('prices Texas and portal 502 and the metro zips', async () => {
    const c = ctx().client();
    const tx = await newQuote(c, { zip: '75201' });
    expect((await pricing(c, tx, PID.medicalBridgeTx)).body.data.errorCode).toBeNull();
    const elevate = await newQuote(c, { platform_group_id: 502 });
    expect((await pricing(c, elevate, PID.visionSelect)).body.data.errorCode).toBeNull();
    const ny = await newQuote(c, { zip: '10001' });
    expect((await pricing(c, ny, PID.limitedMedMetro)).body.data.errorCode).toBeNull();
    const old = await newQuote(c, { dob: dobForAge(55) });
    expect((await pricing(c, old, PID.hospitalSeniorIndemnity)).body.data.errorCode).toBeNull();
  });

  it('answers newQuestionsError when the questions changed after answering', async () => {
    const c = ctx().client();
    const id = await newQuote(c);
    const qs = (await c.get('/api/v1/get-questions', { enrollment_id: id, plan_id: PID.criticalIllnessGuard, type: 'save' })).body.data
      .result;
    await c.post('/api/v1/save-question-answers', {
      enrollment_id: id,
      plan_id: PID.criticalIllnessGuard,
      answers: qs.map((q: { question_id: number }) => ({ question_id: q.question_id, yes_no_flag: 0 })),
    });
    expect((await pricing(c, id, PID.criticalIllnessGuard)).body.data.errorCode).toBeNull();
    await ctx()
      .db.insertInto('plan_questions')
      .values({
        plan_id: PID.criticalIllnessGuard,
        kind: 'questions',
        question_text: 'New question?',
        question_sub_type: 'text_field',
        true_condition: null,
        decline_message: null,
        options: '[]',
        sort_order: 99,
      })
      .execute();
    expect((await pricing(c, id, PID.criticalIllnessGuard)).body.data.errorCode).toBe('newQuestionsError');
    await ctx().db.deleteFrom('plan_questions').where('question_text', '=', 'New question?').execute();
  });

  it('gives membership prices for the picker and checks Prudential-type plans', async () => {
    const c = ctx().client();
    const id = await newQuote(c, { tier: 'IS' });
    const el = await c.get('/api/v1/get-plan-pricing-detail-elevate', { enrollment_id: id });
    expect(el.body.data.plans).toEqual([
      expect.objectContaining({ plan_id: PID.associationMembership, price_cents: 500, plan_price: '$5.00' }),
    ]);
    const pru = await c.get('/api/v1/check-prudential-plan', { enrollment_id: id, plan_id: PID.termLife100k });
    expect(pru.body.data).toEqual({ status: true, depdob: false });
    expect((await c.get('/api/v1/check-prudential-plan', { enrollment_id: id, plan_id: PID.dentalEssentials })).body.data.status).toBe(
      false,
    );
  });

  it('gives the membership fee and the association text in the language asked (issue 37)', async () => {
    const c = ctx().client();
    const fees = async (lang: string) =>
      (await c.request('GET', '/api/v1/get-plan-detail', { headers: { 'accept-language': lang } })).body.data.result[0];
    const es = await fees('es');
    expect(es.fee_text).toBe('Cuota de membresía de $5.00 al mes');
    expect(es.association_text).toContain('asociación nacional de bienestar');
    const en = await fees('en-US');
    expect(en.fee_text).toBe('Membership fee $5.00 per month');
    expect(en.association_text).not.toContain('asociación');
  });

  it('stores the dependent popup answers with the tier rules', async () => {
    const c = ctx().client();
    const is = await newQuote(c, { tier: 'IS' });
    const missing = await c.post('/api/v1/store-temp-dependent-info', { enrollment_id: is, plan_id: 401 });
    expect(missing.status).toBe(422);
    expect(missing.body.data).toEqual([{ target_element: 'dep_dob', error_message: TEXT.FIELD_REQUIRED }]);
    expect((await c.post('/api/v1/store-temp-dependent-info', { enrollment_id: is, dep_dob: '01/01/2999' })).status).toBe(422);
    const okR = await c.post('/api/v1/store-temp-dependent-info', { enrollment_id: is, plan_id: 401, dep_dob: '03/04/1990' });
    expect(okR.status).toBe(200);
    expect((await c.get('/api/v1/get-temp-dependent-info', { enrollment_id: is })).body.data).toEqual({
      spouse_dob: '03/04/1990',
      no_of_children: null,
    });
    expect((await c.get('/api/v1/check-prudential-plan', { enrollment_id: is, plan_id: PID.termLife100k })).body.data.depdob).toBe(true);
    const fam = await newQuote(c, { tier: 'IF' });
    const nine = await c.post('/api/v1/store-temp-dependent-info', { enrollment_id: fam, dep_dob: '03/04/1990', no_of_children: '9' });
    expect(nine.body.data).toEqual([{ target_element: 'no_of_children', error_message: TEXT.FIELD_REQUIRED }]);
    const ic = await newQuote(c, { tier: 'IC' });
    expect((await c.post('/api/v1/store-temp-dependent-info', { enrollment_id: ic, no_of_children: '9' })).status).toBe(200);
    expect((await c.get('/api/v1/get-temp-dependent-info', { enrollment_id: ic })).body.data).toEqual({
      spouse_dob: null,
      no_of_children: 9,
    });
  });
});
