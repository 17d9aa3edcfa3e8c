import { expect, it } from 'vitest';
import { CARRIER_REVIEW_TEXT, PRIMARY_HEALTH_QUESTIONS } from '@store/domain/health';
import { paymentAuthorizationText } from '@store/domain/consent';
import { withBillDay } from '@store/domain/charges';
import { describeEachDb } from '../helpers/store.ts';
import { agree, dependent, EFT, enrollmentAtStepFive, PERSONAL, PLAN_IDS } from '../enrollment/finish/helpers.ts';
import { pdfUnicodeText } from '../helpers/pdf-unicode-text.ts';
import { healthAnswers, HYPERTENSION } from '../helpers/health.ts';
import { openedMail } from '../helpers/mail.ts';
import { pdfText } from '../helpers/pdf-text.ts';

const question = (id: number) => PRIMARY_HEALTH_QUESTIONS.find((q) => q.question_id === id)!.question_text;

describeEachDb('signed application: every answer as reviewed (issue 22)', (ctx) => {
  it("prints the review's labels and words (health questions word for word), the authorization, and no unmasked number", async () => {
    const ts = ctx();
    const c = ts.client();
    const id = await enrollmentAtStepFive(ts, c, { plans: [PLAN_IDS.criticalIllnessGuard], tier: 'IS' });
    const tabs: string[] = (await c.get('/get-dynamic-tabs', { enrollment_id: id })).body.data
      .filter((t: any) => t.required)
      .map((t: any) => t.tab_name);
    expect(tabs).toEqual(expect.arrayContaining(['primary_health_info', 'dependent_info']));
    let authorization = '';
    for (const tab of tabs.slice(tabs.indexOf('contact_info') + 1)) {
      let r: { status: number; body: any } | undefined;
      if (tab === 'primary_health_info')
        r = await c.post('/api/v1/save-primary-health-info', {
          enrollment_id: id,
          ...healthAnswers({ 141: HYPERTENSION }, { notes: 'No surgeries.' }),
        });
      if (tab === 'dependent_info')
        r = await c.post('/api/v1/save-dependent-info', {
          enrollment_id: id,
          dependents: [dependent('Sam', { gender: '0', birthdate: '02/02/1984' })],
        });
      if (tab === 'billing_info') {
        const cart = (await c.get('/api/v1/get-plan-cart', { enrollment_id: id })).body.data.summary;
        authorization = paymentAuthorizationText(
          { method: 'eft', payer: EFT.account_name, bank_name: EFT.bank_name, last4: '9012' },
          withBillDay(cart, 28),
          'en',
        );
        r = await c.post('/api/v1/save-billing-info', {
          enrollment_id: id,
          ...EFT,
          payment_authorization: true,
          authorization_text: authorization,
          first_enroll: 1,
        });
      }
      if (tab === 'agreement_info') r = await agree(c, id);
      if (tab === 'review_info') r = await c.post('/api/v1/save-review-info', { enrollment_id: id, additional_notes: 'Call after 5pm.' });
      expect(r?.status, `${tab}: ${JSON.stringify(r?.body)}`).toBe(200);
    }
    const got = await ts.app.inject({
      method: 'GET',
      url: `/api/v1/get-signed-application?enrollment_id=${id}`,
      headers: { cookie: (c as any).cookieHeader() },
    });
    expect(got.statusCode).toBe(200);
    const text = await pdfUnicodeText(got.rawPayload);
    const flat = text.replace(/\s+/g, ' ');
    for (const line of [
      'Personal Info',
      'First Name: Dana',
      'Marital Status: Married',
      'Height: 5 ft 7 in',
      'SSN: xxxxx6789',
      'Contact Info',
      'Street Address 1: 1 Main Street',
      'Health Questions',
      `${question(141)}: Yes`,
      `${question(142)}: No`,
      'Additional Notes: No surgeries.',
      'Dependent Info',
      'Spouse #1: Sam Whitfield, 02/02/1984, SSN xxxxx4321',
      'Billing Info',
      'Payment Method: EFT',
      'Account Number: xxxxxxxx9012',
      'Bill Date: 28th of month',
      'Additional Notes: Call after 5pm.',
    ])
      expect(flat).toContain(line);
    // The payment authorization word for word.
    expect(flat).toContain(authorization.replace(/\s+/g, ' '));
    // No raw keys or codes, no unmasked number.
    for (const raw of ['marital status:', 'first name:', 'payment method: eft', 'account number: ', 'yes_no_flag', 'question id'])
      expect(flat).not.toContain(raw);
    for (const secret of [PERSONAL.ssn, EFT.account_number, EFT.routing_number, '587654321']) expect(text).not.toContain(secret);

    // A Yes: the receipt, its PDF and its mail say the carrier reviews the application (decision 2440).
    expect((await c.get('/api/v1/get-receipt', { enrollment_id: id })).body.data.carrier_review).toBe(true);
    const receiptPdf = await ts.app.inject({
      method: 'GET',
      url: `/api/v1/get-receipt-pdf?enrollment_id=${id}`,
      headers: { cookie: (c as any).cookieHeader() },
    });
    const receiptText = (await pdfText(receiptPdf.rawPayload)).replace(/\s+/g, ' ');
    expect(receiptText).toContain(CARRIER_REVIEW_TEXT);
    const mail = await ts.db
      .selectFrom('outbox')
      .selectAll()
      .where('enrollment_id', '=', id)
      .where('kind', '=', 'enrollment-receipt')
      .executeTakeFirstOrThrow();
    expect(openedMail(ts, mail).text).toContain(CARRIER_REVIEW_TEXT);
  });
});
