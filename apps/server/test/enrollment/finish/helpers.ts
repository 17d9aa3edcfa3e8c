import { PLAN_IDS } from '../../../src/db/seed/demo-catalog.ts';
import type { TestStore } from '../../helpers/store.ts';
import { expect } from 'vitest';
import { ESIGN_VERSION, paymentAuthorizationText } from '@store/domain/consent';
import { cardBrand } from '@store/domain/billing';
import { withBillDay } from '@store/domain/charges';
import type { TestClient } from '../../helpers/client.ts';
import { CONTACT, newEnrollment, PERSONAL } from '../helpers.ts';

export { PLAN_IDS, CONTACT, PERSONAL };

/** An enrollment with personal and contact info saved through part one's API (the earlier steps). */
let seq = 0;
export async function enrollmentAtStepFive(ts: TestStore, c: TestClient, opts: Parameters<typeof newEnrollment>[2] = {}) {
  const id = await newEnrollment(ts, c, opts);
  const p = await c.post('/api/v1/save-personal-info', { enrollment_id: id, ...PERSONAL });
  if (p.status !== 200) throw new Error(`personal: ${p.status} ${JSON.stringify(p.body)}`);
  const k = await c.post('/api/v1/save-contact-info', {
    enrollment_id: id,
    ...CONTACT,
    email_address: `dana${++seq}.${Date.now()}@example.org`,
    phone_number: `212${String((Date.now() % 10_000_000) + seq).padStart(7, '0')}`,
  });
  if (k.status !== 200) throw new Error(`contact: ${k.status} ${JSON.stringify(k.body)}`);
  return id;
}

export const dependent = (first_name: string, extra: Record<string, unknown> = {}) => ({
  primary_info: {
    first_name,
    last_name: 'Whitfield',
    birthdate: '03/04/2012',
    gender: '1',
    ssn: '587654321',
    weight: '',
    height_feet: '',
    height_inch: '',
    ...extra,
  },
});

export const SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export const EFT = {
  payment_method: 'eft',
  bill_date: 28,
  account_name: 'Dana Whitfield',
  account_number: '123456789012',
  routing_number: '021000021',
  bank_name: 'JPMORGAN CHASE BANK',
  account_type: 'checking',
  account_holder_type: 'individual',
};

export const CARD = {
  payment_method: 'cc',
  bill_date: 28,
  first_name_on_cc: 'Dana',
  last_name_on_cc: 'Whitfield',
  card_number: '4242424242424242',
  security_code: '123',
  expiration_month: '12',
  expiration_year: String(new Date().getFullYear() + 2),
  address1: '1 Main Street',
  city: 'New York',
  state: 'NY',
  zip: '10001',
};

/** What the agreement step needs first (issue 22): the ESIGN consent, and the payment authorization accepted when paying by card or bank. */
export async function consentAndAuthorize(c: TestClient, id: string) {
  const r = await c.post('/api/v1/give-esign-consent', { enrollment_id: id, version: ESIGN_VERSION, agreed: true });
  if (r.status !== 200) throw new Error(`esign consent: ${r.status} ${JSON.stringify(r.body)}`);
  const a = await c.get('/api/v1/get-payment-authorization', { enrollment_id: id });
  if (a.status === 200 && a.body.data.required && !a.body.data.accepted) {
    const k = await c.post('/api/v1/accept-payment-authorization', {
      enrollment_id: id,
      text_sha256: a.body.data.text_sha256,
      agreed: true,
    });
    if (k.status !== 200) throw new Error(`authorization: ${k.status} ${JSON.stringify(k.body)}`);
  }
}

export const agree = async (c: TestClient, id: string, extra: Record<string, unknown> = {}) => {
  await consentAndAuthorize(c, id);
  return c.post('/api/v1/save-agreement-info', { enrollment_id: id, agreements: [true, true, true], signature: SIGNATURE, ...extra });
};

/**
 * The payment authorization the billing step shows for this card or bank payment (packages/domain, as the browser
 * builds it), accepted with the save; nothing for a list bill.
 */
export async function withAuthorization(c: TestClient, id: string, billing: Record<string, unknown>) {
  const m = billing.payment_method;
  if (m !== 'cc' && m !== 'eft') return billing;
  const cart = (await c.get('/api/v1/get-plan-cart', { enrollment_id: id })).body.data.summary;
  const s = (k: string) => String(billing[k] ?? '');
  const text = paymentAuthorizationText(
    m === 'eft'
      ? { method: 'eft', payer: s('account_name'), bank_name: s('bank_name'), last4: s('account_number').slice(-4) }
      : {
          method: 'cc',
          payer: `${s('first_name_on_cc')} ${s('last_name_on_cc')}`,
          brand: cardBrand(s('card_number')),
          last4: s('card_number').slice(-4),
        },
    withBillDay(cart, Number(billing.bill_date ?? 28)),
    // The words the page shows in the client's language (the server checks them in it).
    /^es\b/.test(String(c.headers['accept-language'] ?? '')) ? 'es' : 'en',
  );
  return { ...billing, payment_authorization: true, authorization_text: text };
}

/** The wizard's last Next (decision 2530): the billing step saved with its authorization and first_enroll=1. */
export const enrollWith = async (c: TestClient, id: string, billing: Record<string, unknown>) =>
  c.post('/api/v1/save-billing-info', { enrollment_id: id, ...(await withAuthorization(c, id, billing)), first_enroll: 1 });

/** The two steps before billing (decision 2530): the review's notes and the agreement signed. */
export async function reviewAndAgree(c: TestClient, id: string, extra: Record<string, unknown> = { user_name: 'Dana Whitfield' }) {
  const r = await c.post('/api/v1/save-review-info', { enrollment_id: id, additional_notes: '' });
  expect(r.status, `review: ${JSON.stringify(r.body)}`).toBe(200);
  const a = await agree(c, id, extra);
  expect(a.status, `agreement: ${JSON.stringify(a.body)}`).toBe(200);
}

/**
 * Saves every step after contact info in the server's order (the billing last), with the given billing, to a
 * completed enrollment: the billing's save must send first_enroll=1 (the wizard's last Next).
 */
export async function finish(c: TestClient, id: string, billing: () => Promise<{ status: number; body: any }>) {
  const tabs: string[] = (await c.get('/get-dynamic-tabs', { enrollment_id: id })).body.data
    .filter((t: any) => t.required)
    .map((t: any) => t.tab_name);
  for (const tab of tabs.slice(tabs.indexOf('contact_info') + 1)) {
    let r: { status: number; body: any } | undefined;
    if (tab === 'billing_info') r = await billing();
    if (tab === 'agreement_info') r = await agree(c, id, { agent_name: 'Mallory Forger', user_name: 'Someone Else' });
    if (tab === 'review_info') r = await c.post('/api/v1/save-review-info', { enrollment_id: id, additional_notes: '' });
    expect(r?.status, `${tab}: ${JSON.stringify(r?.body)}`).toBe(200);
  }
}

/** The steps a Term Life enrollment adds before billing: its beneficiary and the health questions (all 'No'), when the cart asks for them. */
export async function stepsBeforeBilling(c: TestClient, id: string) {
  const tabs: string[] = (await c.get('/get-dynamic-tabs', { enrollment_id: id })).body.data
    .filter((t: any) => t.required)
    .map((t: any) => t.tab_name);
  if (tabs.includes('beneficiary_info')) {
    const b = {
      first_name: 'Sam',
      last_name: 'Whitfield',
      birthdate: '02/03/2010',
      ssn: '222334444',
      relationship: 'Child',
      beneficiary_percentage: '100',
    };
    const r = await c.post('/api/v1/save-beneficiary-info', { enrollment_id: id, beneficiaries: [b] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
  if (tabs.includes('primary_health_info')) {
    const q = (await c.get('/api/v1/get-health-questions-primary-health-info', { enrollment_id: id })).body.data.result;
    const r = await c.post('/api/v1/save-primary-health-info', {
      enrollment_id: id,
      condition_questions: q.codition_questions.map((x: { question_id: number }) => ({
        question_id: x.question_id,
        yes_no_flag: 0,
        conditions: [],
      })),
      medication_question: { question_id: q.medication_question.question_id, yes_no_flag: 0, medications: [] },
      notes: '',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
}
