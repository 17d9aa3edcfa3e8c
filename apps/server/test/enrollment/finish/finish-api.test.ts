import { expect, it } from 'vitest';
import { TEXT } from '@store/domain/texts';
import { describeEachDb } from '../../helpers/store.ts';
import { healthAnswers, HYPERTENSION } from '../../helpers/health.ts';
import { agree, CARD, dependent, EFT, enrollmentAtStepFive, PLAN_IDS, reviewAndAgree, enrollWith } from './helpers.ts';

describeEachDb('enrollment finish API', (ctx) => {
  it('saves health answers sealed, dropping details of No answers and empty medication rows', async () => {
    const ts = ctx();
    const c = ts.client();
    const id = await enrollmentAtStepFive(ts, c, { plans: [PLAN_IDS.criticalIllnessGuard] });
    const q = await c.get('/api/v1/get-health-questions-primary-health-info', { enrollment_id: id });
    expect(q.status).toBe(200);
    const ids = q.body.data.result.codition_questions.map((x: { question_id: number }) => x.question_id);
    expect(ids).toEqual(expect.arrayContaining([145, 146, 147]));
    const body = healthAnswers(
      {
        141: HYPERTENSION,
        146: {
          condition: 'Pregnancy',
          status: 'ongoing',
          last_seen_by_physician: '01/02/2026',
          physician_name: 'Dr. Lee',
          health_condition: 'not special',
        },
      },
      {
        medications: [
          { medication: 'Lisinopril', dosage: '10mg', medical_condition: 'Hypertension' },
          { medication: '', dosage: '', medical_condition: '' },
          {},
        ],
        notes: 'No surgeries.',
      },
    );
    // Details of No (142) and of the yes/no-only question (145) are dropped.
    body.condition_questions[1].conditions = [{ health_condition: 'ignored' }] as never;
    Object.assign(body.condition_questions[4], { yes_no_flag: 1, conditions: [{ health_condition: 'ignored' }] });
    const r = await c.post('/api/v1/save-primary-health-info', { enrollment_id: id, ...body });
    expect(r.status).toBe(200);
    const row = await ts.db.selectFrom('enrollments').select('tabs').where('id', '=', id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row.tabs)).not.toContain('Hypertension');
    const back = await c.get('/api/v1/get-health-questions-primary-health-info', { enrollment_id: id });
    const qs = back.body.data.result.codition_questions;
    expect(qs.find((x: any) => x.question_id === 141).conditions[0]).toMatchObject({
      health_condition: 'Hypertension',
      is_treatment: 1,
      is_medicate: 0,
    });
    expect(qs.find((x: any) => x.question_id === 142).conditions).toEqual([]);
    expect(qs.find((x: any) => x.question_id === 145).conditions).toEqual([]);
    expect(qs.find((x: any) => x.question_id === 146).conditions[0]).toEqual({
      condition: 'Pregnancy',
      status: 'ongoing',
      last_seen_by_physician: '01/02/2026',
      physician_name: 'Dr. Lee',
    });
    expect(back.body.data.result.medication_question.medications).toHaveLength(1);
    expect(back.body.data.result.notes).toBe('No surgeries.');
    const temp = await c.get('/api/v1/get-enrollment-temp-info', { enrollment_id: id, column: 'health_info' });
    expect(JSON.stringify(temp.body)).not.toContain('Hypertension');
  });

  it('refuses a step whose earlier steps are missing, and other people’s enrollments', async () => {
    const ts = ctx();
    const c = ts.client();
    const { newEnrollment } = await import('../helpers.ts');
    const id = await newEnrollment(ts, c, { tier: 'IS' });
    const r = await c.post('/api/v1/save-dependent-info', { enrollment_id: id, dependents: [dependent('Sam')] });
    expect(r.status).toBe(422);
    const stranger = ts.client();
    const s = await stranger.get('/api/v1/get-dependents-existing-user-enrollment', { enrollment_id: id });
    expect(s.status).toBe(404);
    const s2 = await stranger.post('/api/v1/save-review-info', { enrollment_id: id, additional_notes: '' });
    expect(s2.status).toBe(404);
  });

  it('keeps dependents by the tier rules with sealed SSNs, temp store and Dependent #N errors', async () => {
    const ts = ctx();
    const c = ts.client();
    const id = await enrollmentAtStepFive(ts, c, { tier: 'IF' });
    const bad = await c.post('/api/v1/save-dependent-info-to-temp', { enrollment_id: id, dependents: [dependent('Sam', { ssn: '12' })] });
    expect(bad.status).toBe(422);
    expect(bad.body.data[0]).toEqual({ target_element: 'dependents.0.primary_info.ssn', error_message: TEXT.INVALID_SSN });
    const badName = await c.post('/api/v1/validate-single-dependent', { enrollment_id: id, primary_info: dependent('S4m!').primary_info });
    expect(badName.body.data[0].error_message).toBe(TEXT.PLEASE_ENTER_VALID_FIRST_NAME);
    const temp = await c.post('/api/v1/save-dependent-info-to-temp', {
      enrollment_id: id,
      dependents: [dependent('Sam', { gender: '0', birthdate: '02/02/1984' })],
    });
    expect(temp.status).toBe(200);
    const list = await c.get('/api/v1/get-dependents-existing-user-enrollment', { enrollment_id: id });
    expect(list.body.data.result.dependents[0].primary_info).toMatchObject({ relationship: 'spouse', first_name: 'Sam', ssn: 'xxxxx4321' });
    // Too few for IF
    const few = await c.post('/api/v1/save-dependent-info', { enrollment_id: id, dependents: list.body.data.result.dependents });
    expect(few.status).toBe(422);
    expect(few.body.data[0].error_message).toBe(TEXT.SPOUSE_CHILD_INFO_REQUIRED);
    const deps = [...list.body.data.result.dependents, dependent('Ava'), dependent('Ben', { gender: '0' })];
    const saved = await c.post('/api/v1/save-dependent-info', { enrollment_id: id, dependents: deps });
    expect(saved.status).toBe(200);
    expect(saved.body.data.result.map((d: any) => d.primary_info.relationship)).toEqual(['spouse', 'child', 'child']);
    const row = await ts.db.selectFrom('enrollments').select('tabs').where('id', '=', id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row.tabs)).not.toContain('587654321');
    // A masked SSN that is not the saved one is refused
    const wrong = await c.post('/api/v1/save-dependent-info', {
      enrollment_id: id,
      dependents: [{ primary_info: { ...saved.body.data.result[0].primary_info, ssn: 'xxxxx0000' } }, dependent('Ava'), dependent('Ben')],
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.data[0].error_message).toBe(`Dependent #1 ${TEXT.INVALID_SSN}`);
  });

  it('enforces the premier one-child rule in IC', async () => {
    const ts = ctx();
    const c = ts.client();
    const id = await enrollmentAtStepFive(ts, c, { tier: 'IC', plans: [PLAN_IDS.premierDentalL713] });
    const two = await c.post('/api/v1/save-dependent-info', { enrollment_id: id, dependents: [dependent('Ava'), dependent('Ben')] });
    expect(two.status).toBe(422);
    expect(two.body.data[0].error_message).toBe(TEXT.ONE_CHILD_L713);
    expect((await c.post('/api/v1/save-dependent-info', { enrollment_id: id, dependents: [dependent('Ava')] })).status).toBe(200);
  });

  it('looks up routing numbers from the shipped directory', async () => {
    const c = ctx().client();
    const okr = await c.get('/api/v1/routing-number-bank-lookup', { q: '021000021' });
    expect(okr.body.data.response.name).toBe('JPMORGAN CHASE BANK');
    expect((await c.get('/api/v1/routing-number-bank-lookup', { q: '011000015' })).body.data.response.name).toBe('FEDERAL RESERVE BANK');
    const bad = await c.get('/api/v1/routing-number-bank-lookup', { q: '123456789' });
    expect(bad.status).toBe(422);
    expect(bad.body.data[0].target_element).toBe('routing_number');
  });

  it('completes an IF enrollment with EFT: sealed bank numbers, policies, member, receipt PDF mailed', async () => {
    const ts = ctx();
    const c = ts.client();
    const id = await enrollmentAtStepFive(ts, c, { tier: 'IF' });
    expect(
      (
        await c.post('/api/v1/save-dependent-info', {
          enrollment_id: id,
          dependents: [dependent('Sam', { birthdate: '02/02/1984' }), dependent('Ava'), dependent('Ben')],
        })
      ).status,
    ).toBe(200);
    const pm = await c.get('/api/v1/get-payment-method', { enrollment_id: id });
    expect(pm.body.data.result).toBe('cc');
    // The server's order decides (review, agreement, billing: decision 2530); save them in its order.
    const tabs = (await c.get('/get-dynamic-tabs', { enrollment_id: id })).body.data
      .filter((t: any) => t.required)
      .map((t: any) => t.tab_name);
    const short = await c.post('/api/v1/save-billing-info', { enrollment_id: id, ...EFT, account_number: '12' });
    expect(short.status).toBe(422);
    expect(short.body.data[0]).toEqual({ target_element: 'account_number', error_message: TEXT.ACCOUNT_NUMBER_LENGTH });
    for (const tab of tabs.slice(tabs.indexOf('dependent_info') + 1)) {
      let r;
      if (tab === 'billing_info') r = await enrollWith(c, id, EFT);
      if (tab === 'agreement_info') {
        const missing = await c.post('/api/v1/save-agreement-info', { enrollment_id: id, agreements: [true, false, true] });
        expect(missing.status).toBe(422);
        expect(missing.body.data).toEqual([
          { target_element: 'agreements.1', error_message: TEXT.THIS_FIELD_REQUIRED },
          { target_element: 'signature', error_message: TEXT.SIGNATURE_REQUIRED },
        ]);
        r = await agree(c, id);
      }
      if (tab === 'review_info') r = await c.post('/api/v1/save-review-info', { enrollment_id: id, additional_notes: 'Thanks' });
      expect(r?.status, tab).toBe(200);
    }
    const e = await ts.db.selectFrom('enrollments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(e.status).toBe('completed');
    expect(e.confirmation_number).toMatch(/^BS-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(JSON.stringify(e.tabs)).not.toContain('123456789012');
    const pay = await c.get('/api/v1/get-enrollment-temp-info', { enrollment_id: id, column: 'payment_info' });
    expect(pay.body.data.result).toMatchObject({
      account_number: 'xxxxxxxx9012',
      routing_number: 'xxxxx0021',
      bank_name: 'JPMORGAN CHASE BANK',
    });
    const policies = await ts.db.selectFrom('policies').selectAll().where('enrollment_id', '=', id).execute();
    expect(policies).toHaveLength(1);
    expect(policies[0]).toMatchObject({ user_id: e.user_id, plan_id: PLAN_IDS.dentalEssentials, tier: 'IF', status: 'ACTIVE' });
    const member = await ts.db.selectFrom('members').selectAll().where('user_id', '=', e.user_id!).executeTakeFirstOrThrow();
    expect(member).toMatchObject({ first_name: 'Dana', last_name: 'Whitfield', ssn_last4: '6789' });
    const receipt = await c.get('/api/v1/get-receipt', { enrollment_id: id });
    expect(receipt.body.data).toMatchObject({ name: 'Dana Whitfield', confirmation_number: e.confirmation_number });
    const mail = await ts.db
      .selectFrom('outbox')
      .selectAll()
      .where('enrollment_id', '=', id)
      .where('kind', '=', 'enrollment-receipt')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toContain(TEXT.ENROLLMENT_RECEIPT);
    expect(mail.attachments[0].contentType).toBe('application/pdf');
    const pdf = await c.request('GET', '/api/v1/get-receipt-pdf', {
      query: { enrollment_id: id },
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    // A PDF is sent as it is, even to a client that accepts compression.
    expect(pdf.headers.get('content-encoding')).toBeNull();
    expect((await ts.client().get('/api/v1/get-receipt-pdf', { enrollment_id: id })).status).toBe(404);
    // Completed: no more changes
    expect((await c.post('/api/v1/save-review-info', { enrollment_id: id, additional_notes: 'again' })).status).toBe(409);
  });

  it('takes cards through the provider: token, brand and last four only; declined card refused', async () => {
    const ts = ctx();
    const c = ts.client();
    const id = await enrollmentAtStepFive(ts, c, { tier: 'IO' });
    await reviewAndAgree(c, id);
    const declined = await c.post('/api/v1/save-billing-info', { enrollment_id: id, ...CARD, card_number: '4000000000000002' });
    expect(declined.status).toBe(422);
    expect(declined.body.data[0]).toEqual({
      target_element: 'card_number',
      error_message: 'Your card was declined. Please use another card.',
    });
    const short = await c.post('/api/v1/save-billing-info', { enrollment_id: id, ...CARD, card_number: '4242', security_code: '1' });
    expect(short.body.data).toEqual(
      expect.arrayContaining([
        { target_element: 'card_number', error_message: TEXT.CARD_NUMBER_LENGTH },
        { target_element: 'security_code', error_message: TEXT.SECURITY_CODE_LENGTH },
      ]),
    );
    const r = await c.post('/api/v1/save-billing-info', { enrollment_id: id, ...CARD });
    expect(r.status).toBe(200);
    const row = await ts.db.selectFrom('enrollments').select('tabs').where('id', '=', id).executeTakeFirstOrThrow();
    const text = JSON.stringify(row.tabs);
    expect(text).not.toContain('4242424242424242');
    expect(text).not.toContain('"123"');
    expect((row.tabs as any).payment_info).toMatchObject({ card_brand: 'Visa', card_last4: '4242', card_number: 'xxxxxxxxxxxx4242' });
    expect((row.tabs as any).payment_info.card_token).toMatch(/^tok_local_/);
  });
});
