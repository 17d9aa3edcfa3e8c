import { expect, it } from 'vitest';
import { TEXT } from '@store/domain/texts';
import { describeEachDb } from '../helpers/store.ts';
import { DEMO } from '../helpers/client.ts';
import { PID, newQuote, pricing } from './helpers.ts';

type Q = { question_id: number; question_sub_type: string; options: { option_id: number; option_group: string }[] };

describeEachDb('catalog: questionnaires and add to cart', (ctx) => {
  it('serves the Critical Illness Guard questionnaire with grouped options', async () => {
    const c = ctx().client();
    const id = await newQuote(c);
    const r = await c.get('/api/v1/get-questions', { enrollment_id: id, plan_id: PID.criticalIllnessGuard, type: 'save' });
    const qs: Q[] = r.body.data.result;
    expect(qs.map((q) => q.question_sub_type)).toEqual(['text_field', 'checkbox', 'detail']);
    expect([...new Set(qs[1].options.map((o) => o.option_group))]).toEqual([TEXT.A_PRIOR_TO_60, TEXT.B_PRIOR_TO_75]);
    expect(
      (await c.get('/api/v1/check-already-answered', { enrollment_id: id, plan_id: PID.criticalIllnessGuard })).body.data,
    ).toMatchObject({ status: false, required: true });
    expect((await c.get('/api/v1/check-already-answered', { enrollment_id: id, plan_id: PID.dentalEssentials })).body.data).toMatchObject({
      status: true,
      required: false,
    });
  });

  it("refuses incomplete answers with 'Please answer all questions', declines on cancer Yes, seals the answers", async () => {
    const c = ctx().client();
    const id = await newQuote(c);
    const qs: Q[] = (await c.get('/api/v1/get-questions', { enrollment_id: id, plan_id: PID.criticalIllnessGuard })).body.data.result;
    const partial = await c.post('/api/v1/save-question-answers', {
      enrollment_id: id,
      plan_id: PID.criticalIllnessGuard,
      answers: [{ question_id: qs[0].question_id, yes_no_flag: 0 }],
    });
    expect(partial.status).toBe(422);
    expect(partial.body.data).toEqual([{ target_element: 'answers', error_message: TEXT.PLEASE_ANSWER_ALL }]);
    const tooMany = await c.post('/api/v1/save-question-answers', {
      enrollment_id: id,
      plan_id: PID.criticalIllnessGuard,
      answers: qs.map((q) => ({ question_id: q.question_id, yes_no_flag: 1, detail: [{}, {}, {}] })),
    });
    expect(tooMany.status).toBe(422);
    const declined = await c.post('/api/v1/save-question-answers', {
      enrollment_id: id,
      plan_id: PID.criticalIllnessGuard,
      answers: [
        { question_id: qs[0].question_id, yes_no_flag: 1 },
        { question_id: qs[1].question_id, yes_no_flag: 1, checkbox_answers: [qs[1].options[0].option_id] },
        {
          question_id: qs[2].question_id,
          yes_no_flag: 1,
          detail: [
            {
              dot_from: '01/01/2020',
              dot_to: '02/01/2020',
              reason_for_condition: 'High blood pressure',
              degree_of_recovery: 'Full',
              physician_name_address: 'Dr. Lee, NY',
            },
          ],
        },
      ],
    });
    expect(declined.body.data).toEqual({
      declined: true,
      errorCode: 'declineError',
      message: 'We are unable to offer Critical Illness Guard to applicants treated for cancer.',
    });
    const row = await ctx().db.selectFrom('plan_answers').selectAll().where('enrollment_id', '=', id).executeTakeFirstOrThrow();
    expect(row.answers_enc.startsWith('s2.')).toBe(true);
    expect(row.answers_enc).not.toContain('blood');
    const card = (await pricing(c, id, PID.criticalIllnessGuard)).body.data.plans[0];
    const add = await c.post('/api/v1/add-plan-to-cart', {
      enrollment_id: id,
      plan_id: PID.criticalIllnessGuard,
      plan_pricing_id: card.plan_pricing_id,
    });
    expect(add.status).toBe(422);
    const accepted = await c.post('/api/v1/save-question-answers', {
      enrollment_id: id,
      plan_id: PID.criticalIllnessGuard,
      answers: qs.map((q) => ({ question_id: q.question_id, yes_no_flag: '0' })),
    });
    expect(accepted.body.data.declined).toBe(false);
    expect(
      (
        await c.post('/api/v1/add-plan-to-cart', {
          enrollment_id: id,
          plan_id: PID.criticalIllnessGuard,
          plan_pricing_id: card.plan_pricing_id,
        })
      ).status,
    ).toBe(200);
  });

  it('requires Yes to every Aflac-type question before Accident Shield enters the cart', async () => {
    const c = ctx().client();
    const id = await newQuote(c);
    const none = await c.get('/api/v1/get-aflac-questions', { enrollment_id: id, plan_id: PID.dentalEssentials });
    expect(none.status).toBe(204);
    const r = await c.get('/api/v1/get-aflac-questions', { enrollment_id: id, plan_id: PID.accidentShield });
    const qs: { qid: number; true_condition: boolean }[] = r.body.data.result;
    expect(qs).toHaveLength(3);
    const card = (await pricing(c, id, PID.accidentShield)).body.data.plans[0];
    const early = await c.post('/api/v1/add-plan-to-cart', {
      enrollment_id: id,
      plan_id: PID.accidentShield,
      plan_pricing_id: card.plan_pricing_id,
    });
    expect(early.body.message).toBe(TEXT.ANSWER_YES_IN_ORDER);
    const no = await c.post('/api/v1/save-aflac-questions', {
      enrollment_id: id,
      plan_id: PID.accidentShield,
      aflac_data: qs.map((q, i) => ({ qid: q.qid, true_condition: i !== 1 })),
    });
    expect(no.status).toBe(422);
    expect(no.body.data).toEqual([{ target_element: 'aflac_data', error_message: TEXT.ANSWER_YES_IN_ORDER }]);
    const yes = await c.post('/api/v1/save-aflac-questions', {
      enrollment_id: id,
      plan_id: PID.accidentShield,
      aflac_data: qs.map((q) => ({ qid: q.qid, true_condition: 'true' })),
    });
    expect(yes.status).toBe(200);
    expect((await c.get('/api/v1/get-aflac-questions', { enrollment_id: id, plan_id: PID.accidentShield })).body.data.answered).toBe(true);
    expect(
      (await c.post('/api/v1/add-plan-to-cart', { enrollment_id: id, plan_id: PID.accidentShield, plan_pricing_id: card.plan_pricing_id }))
        .status,
    ).toBe(200);
  });

  it('adds Dental Essentials to the cart with its price, refuses duplicates, stale prices and bad input', async () => {
    const c = ctx().client();
    const id = await newQuote(c);
    const card = (await pricing(c, id, PID.dentalEssentials)).body.data.plans[0];
    expect(
      (await c.post('/api/v1/check-already-in-cart', { enrollment_id: id, plan_id: 101, plan_pricing_id: card.plan_pricing_id })).body.data
        .status,
    ).toBe(false);
    const add = await c.post('/api/v1/add-plan-to-cart', { enrollment_id: id, plan_id: 101, plan_pricing_id: card.plan_pricing_id });
    expect(add.status).toBe(200);
    const rows = await ctx().db.selectFrom('cart_items').selectAll().where('enrollment_id', '=', id).execute();
    expect(rows).toEqual([
      expect.objectContaining({ plan_id: 101, plan_pricing_id: card.plan_pricing_id, price_cents: card.price_cents, removable: true }),
    ]);
    expect((await c.post('/api/v1/check-already-in-cart', { enrollment_id: id, plan_id: 101 })).body.data.status).toBe(true);
    const cart = await c.get('/api/v1/get-plan-cart', { enrollment_id: id });
    expect(cart.body.data.result).toEqual([
      expect.objectContaining({ plan_id: 101, plan_pricing_id: card.plan_pricing_id, plan_name: 'Dental Essentials' }),
    ]);
    const dup = await c.post('/api/v1/add-plan-to-cart', { enrollment_id: id, plan_id: 101, plan_pricing_id: card.plan_pricing_id });
    expect(dup.status).toBe(422);
    expect(dup.body.data[0].target_element).toBe('alreadyInCart');
    const stale = await c.post('/api/v1/add-plan-to-cart', { enrollment_id: id, plan_id: 102, plan_pricing_id: card.plan_pricing_id });
    expect(stale.body.data[0].target_element).toBe('plan_pricing_id');
    const bad = await c.post('/api/v1/add-plan-to-cart', { enrollment_id: id, plan_id: 'x' });
    expect(bad.status).toBe(422);
    expect(bad.body.data.map((e: { target_element: string }) => e.target_element)).toEqual(['plan_id', 'plan_pricing_id']);
  });

  it('answers the blackout error for Vision Legacy and pricing errors on add', async () => {
    const c = ctx().client();
    const id = await newQuote(c);
    const card = (await pricing(c, id, PID.visionLegacy)).body.data.plans[0];
    const r = await c.post('/api/v1/add-plan-to-cart', {
      enrollment_id: id,
      plan_id: PID.visionLegacy,
      plan_pricing_id: card.plan_pricing_id,
    });
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({
      message: 'Vision Legacy is in a blackout period and cannot be added to the cart right now.',
      data: [{ target_element: 'blackoutError' }],
    });
    const tx = await c.post('/api/v1/add-plan-to-cart', {
      enrollment_id: id,
      plan_id: PID.medicalBridgeTx,
      plan_pricing_id: card.plan_pricing_id,
    });
    expect(tx.body).toMatchObject({ message: TEXT.STATE_ERROR, data: [{ target_element: 'stateError' }] });
  });

  it('says on the card and the plan page that Vision Legacy is not available now, before add to cart refuses it (issue 37)', async () => {
    const c = ctx().client();
    const id = await newQuote(c);
    const list = await c.get('/api/v1/get-quote-plans', { enrollment_id: id, categories: 'vision' });
    expect(list.status).toBe(200);
    const cards: { plan_id: number; unavailable_message?: string | null }[] = list.body.data.result;
    const message = 'Vision Legacy is in a blackout period and cannot be added to the cart right now.';
    expect(cards.find((p) => p.plan_id === PID.visionLegacy)?.unavailable_message).toBe(message);
    expect(cards.find((p) => p.plan_id !== PID.visionLegacy)?.unavailable_message).toBeNull();
    const page = await c.get(`/api/v1/get-plan-detail/${PID.visionLegacy}`);
    expect(page.body.data.result.unavailable_message).toBe(message);
  });

  it('adds Term Life 100k with its membership in one step (Prudential-type)', async () => {
    const c = ctx().client();
    const id = await newQuote(c);
    await c.put(`/api/v1/change-filter-info/${id}`, { is_smoker: '0' });
    const card = (await pricing(c, id, PID.termLife100k)).body.data.plans[0];
    const m = (await c.get('/api/v1/get-plan-pricing-detail-elevate', { enrollment_id: id })).body.data.plans[0];
    const plain = await c.post('/api/v1/add-plan-to-cart', {
      enrollment_id: id,
      plan_id: PID.termLife100k,
      plan_pricing_id: card.plan_pricing_id,
    });
    expect(plain.body.data[0].target_element).toBe('plan_id1');
    const r = await c.post('/api/v1/add-plan-to-cart-prudentials', {
      enrollment_id: id,
      plan_id1: m.plan_id,
      plan_pricing_id1: m.plan_pricing_id,
      plan_id: PID.termLife100k,
      plan_pricing_id: card.plan_pricing_id,
    });
    expect(r.status).toBe(200);
    const rows = await ctx()
      .db.selectFrom('cart_items')
      .select(['plan_id', 'removable', 'parent_plan_id', 'price_cents'])
      .where('enrollment_id', '=', id)
      .orderBy('plan_id')
      .execute();
    expect(rows).toEqual([
      { plan_id: PID.termLife100k, removable: true, parent_plan_id: null, price_cents: card.price_cents },
      { plan_id: PID.associationMembership, removable: false, parent_plan_id: PID.termLife100k, price_cents: 500 },
    ]);
  });

  it('answers the already-active error for Dental Essentials of Riley Chen (signed in, and existing-member quote of user 1001)', async () => {
    const member = ctx().client();
    await member.signIn(DEMO.member.email, DEMO.member.password);
    const id = await newQuote(member);
    const card = (await pricing(member, id, PID.dentalEssentials)).body.data.plans[0];
    const r = await member.post('/api/v1/add-plan-to-cart', { enrollment_id: id, plan_id: 101, plan_pricing_id: card.plan_pricing_id });
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({
      message: 'You already have Dental Essentials active. It cannot be added again.',
      data: [{ target_element: 'alreadyActiveError' }],
    });
    const rep = ctx().client();
    await rep.signIn(DEMO.rep.email, DEMO.rep.password);
    const ex = await rep.post('/api/v1/add-filter-for-existing-user', { user_id: 1001, tier: 'IO', eprocess: 'rep' });
    const exId = ex.body.data.temp_enrollment_id;
    const exCard = (await pricing(rep, exId, PID.dentalEssentials)).body.data.plans[0];
    const r2 = await rep.post('/api/v1/add-plan-to-cart', { enrollment_id: exId, plan_id: 101, plan_pricing_id: exCard.plan_pricing_id });
    expect(r2.body.data[0].target_element).toBe('alreadyActiveError');
    const info = await rep.get('/api/v1/get-group-agent-member-info', { enrollment_id: exId });
    expect(info.body.data).toMatchObject({
      enrollment_type: 'existing-member',
      user_info: { first_name: 'Riley', last_name: 'Chen', user_id: 1001 },
      group_info: { name: 'Acme Manufacturing', code: 'ACME01' },
    });
  });
});

describeEachDb('catalog: current members, groups and portals of the signed-in owner', (ctx) => {
  it('gives the rep their own members with masked SSNs and plan statuses; query ids never grant access', async () => {
    const anon = ctx().client();
    expect((await anon.get('/api/v1/get-agent-members', { agent_id: 20001 })).status).toBe(401);
    expect((await anon.get('/api/v1/get-group-users', { group_id: 3001 })).status).toBe(401);
    const rep = ctx().client();
    await rep.signIn(DEMO.rep.email, DEMO.rep.password);
    const r = await rep.get('/api/v1/get-agent-members', { agent_id: 99999 });
    const rows = r.body.data.result;
    expect(rows.length).toBeGreaterThanOrEqual(7);
    const riley = rows.find((m: { user_id: number }) => m.user_id === 1001);
    expect(riley).toMatchObject({
      name: 'Riley Chen',
      dob: '04/12/1988',
      ssn: 'XXX-XX-1001',
      group_info: { group_id: 3001, group_name: 'Acme Manufacturing' },
      plan_info: [{ plan_name: 'Dental Essentials', plan_status: 'ACTIVE' }],
    });
    expect(JSON.stringify(r.body)).not.toContain('512101001');
    expect(rows.some((m: { plan_info: { plan_status: string }[] }) => m.plan_info.some((p) => p.plan_status === 'INACTIVE'))).toBe(true);
    expect((await rep.get('/api/v1/get-group-users', { group_id: 3001 })).status).toBe(404);
    const groups = await rep.get('/api/v1/get-agent-groups', { agent_id: 20002 });
    expect(groups.body.data.result).toEqual([
      { gid: 3001, gname: 'Acme Manufacturing', gcode: 'ACME01' },
      { gid: 3003, gname: 'Harbor Schools', gcode: 'HARBOR01' },
    ]);
    const portals = await rep.get('/api/v1/get-enrollment-platforms', { agent_id: 20001 });
    expect(portals.body.data.result).toEqual([
      { platform_group_id: 501, platform_name: 'Direct Enrollment', platform_code: 'DIRECT' },
      { platform_group_id: 502, platform_name: 'Elevate Benefits', platform_code: 'ELEVATE' },
    ]);
  });

  it("gives the group administrator the group's users and portals only", async () => {
    const g = ctx().client();
    await g.signIn(DEMO.group.email, DEMO.group.password);
    const r = await g.get('/api/v1/get-group-users', { group_id: 3003 });
    expect(r.body.data.result.every((m: { group_info: { group_id: number } }) => m.group_info.group_id === 3001)).toBe(true);
    expect(r.body.data.result.map((m: { user_id: number }) => m.user_id)).toContain(1001);
    expect((await g.get('/api/v1/get-agent-members', { agent_id: 20001 })).status).toBe(404);
    expect(
      (await g.get('/api/v1/get-enrollment-platforms')).body.data.result.map((p: { platform_group_id: number }) => p.platform_group_id),
    ).toEqual([501, 502]);
    const member = ctx().client();
    await member.signIn(DEMO.member.email, DEMO.member.password);
    expect((await member.get('/api/v1/get-agent-members')).status).toBe(404);
    expect((await member.get('/api/v1/get-agent-groups')).status).toBe(404);
  });
});
