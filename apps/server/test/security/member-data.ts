import { expect } from 'vitest';
import { sql } from 'kysely';
import { PLAN_IDS } from '../../src/db/seed/demo-catalog.ts';
import type { TestStore } from '../helpers/store.ts';
import { DEMO, type TestClient } from '../helpers/client.ts';
import { CONTACT, EMPLOYER, PERSONAL } from '../enrollment/helpers.ts';
import { consentAndAuthorize, enrollWith, SIGNATURE } from '../enrollment/finish/helpers.ts';
import { healthAnswers } from '../helpers/health.ts';

/**
 * A member (the demo member Riley Chen, user 1001, of the demo rep AGENT100 and of the demo group Acme) who enrolls
 * alone, signed in: health answers, a bank account and a card only they may read again (decision 2320).
 */
export const MEMBER_USER_ID = 1001;

/** Health answers nobody but the member may read: a condition, a medication and notes. */
export const HEALTH_MARKERS = ['Zyxomatosis of the marker', 'Quintaprexomab', 'Hiked the marker trail in 2019'];
/** A card and a bank account whose last four only the member may see. */
export const CARD = {
  payment_method: 'cc',
  bill_date: 28,
  first_name_on_cc: 'Riley',
  last_name_on_cc: 'Chen',
  card_number: '4000056655665556',
  security_code: '321',
  expiration_month: '11',
  expiration_year: String(new Date().getFullYear() + 3),
  address1: '1101 Main Street',
  city: 'New York',
  state: 'NY',
  zip: '10001',
};
export const EFT = {
  payment_method: 'eft',
  bill_date: 28,
  account_name: 'Riley Chen',
  account_number: '000987650731',
  routing_number: '021000021',
  bank_name: 'JPMORGAN CHASE BANK',
  account_type: 'checking',
  account_holder_type: 'individual',
};
/** The last four of the card and of the account, as an answer would show them. */
export const LAST4_MARKERS = ['x5556', '"5556"', 'x0731', '"0731"'];
/** The signature image's bytes (base64) and the start of a PDF. */
export const DOCUMENT_MARKERS = [SIGNATURE.slice(-40), '%PDF'];
export const ALL_MARKERS = [...HEALTH_MARKERS, ...LAST4_MARKERS, ...DOCUMENT_MARKERS];

export const HEALTH = healthAnswers(
  { 141: { health_condition: HEALTH_MARKERS[0], date_of_onset: '01/02/2019', is_treatment: 1, is_medicate: 1 } },
  { medications: [{ medication: HEALTH_MARKERS[1], dosage: '5 mg', medical_condition: 'marker' }], notes: HEALTH_MARKERS[2] },
);

export async function signedIn(ts: TestStore, who: keyof typeof DEMO): Promise<TestClient> {
  const c = ts.client();
  await c.signIn(DEMO[who].email, DEMO[who].password);
  return c;
}

/** An existing-member enrollment of the member, started by `c` (the member, their rep or their group), with `plan` in its cart. */
export async function existingMemberEnrollment(ts: TestStore, c: TestClient, by: 'member' | 'staff', plan: number): Promise<string> {
  const path = by === 'member' ? '/api/v1/add-filter-for-member' : '/api/v1/add-filter-for-existing-user';
  const r = await c.post(path, { user_id: MEMBER_USER_ID, tier: 'IO' });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const id = r.body.data.temp_enrollment_id as string;
  const rate = await ts.db
    .selectFrom('plan_rates')
    .select(['plan_pricing_id', 'price_cents'])
    .where('plan_id', '=', plan)
    .executeTakeFirstOrThrow();
  await ts.db
    .insertInto('cart_items')
    .values({
      enrollment_id: id,
      plan_id: plan,
      plan_pricing_id: rate.plan_pricing_id,
      price_cents: rate.price_cents,
      parent_plan_id: null,
    })
    .execute();
  return id;
}

let seq = 0;
/** Saves one step with plausible answers (health: `health`, billing: `billing`). */
export async function saveStep(c: TestClient, id: string, tab: string, o: { health?: object; billing?: object } = {}) {
  switch (tab) {
    case 'primary_info':
      return c.post('/api/v1/save-personal-info', { enrollment_id: id, ...PERSONAL, first_name: 'Riley', last_name: 'Chen' });
    case 'contact_info':
      return c.post('/api/v1/save-contact-info', {
        enrollment_id: id,
        ...CONTACT,
        email_address: `riley.${++seq}.${Date.now()}@example.org`,
        phone_number: `212${String((Date.now() % 10_000_000) + seq).padStart(7, '0')}`,
      });
    case 'employer_info':
      return c.post('/api/v1/save-employer-info', { enrollment_id: id, ...EMPLOYER });
    case 'primary_health_info':
      return c.post('/api/v1/save-primary-health-info', { enrollment_id: id, ...(o.health ?? healthAnswers()) });
    case 'billing_info': {
      // The answers asked for when the enrollment's method allows them (a group's enrollment is billed by list).
      const method = (await c.get('/api/v1/get-payment-method', { enrollment_id: id })).body.data.result as string;
      const allowed = method === 'cc' ? ['cc', 'eft'] : method === 'eft' ? ['eft'] : [];
      const wanted = (o.billing ?? EFT) as { payment_method: string };
      const body = allowed.includes(wanted.payment_method) ? wanted : allowed.length ? EFT : { payment_method: method, bill_date: 28 };
      // The last step (decision 2530): its save with first_enroll=1 enrolls.
      return enrollWith(c, id, body);
    }
    case 'agreement_info':
      await consentAndAuthorize(c, id);
      return c.post('/api/v1/save-agreement-info', { enrollment_id: id, agreements: [true, true, true], signature: SIGNATURE });
    case 'review_info':
      return c.post('/api/v1/save-review-info', { enrollment_id: id, additional_notes: '' });
    default:
      throw new Error(`no answers for step ${tab}`);
  }
}

export async function requiredTabs(c: TestClient, id: string): Promise<string[]> {
  const r = await c.get('/get-dynamic-tabs', { enrollment_id: id });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.filter((t: { required: boolean }) => t.required).map((t: { tab_name: string }) => t.tab_name);
}

/** Saves every required step before `until` (all of them without it). */
export async function saveStepsUntil(c: TestClient, id: string, until: string | null, o: { health?: object; billing?: object } = {}) {
  for (const tab of await requiredTabs(c, id)) {
    if (tab === until) return;
    const r = await saveStep(c, id, tab, o);
    expect(r.status, `${tab}: ${JSON.stringify(r.body)}`).toBe(200);
  }
}

/**
 * The member, signed in, completes two enrollments alone: a dental plan paid from the bank account, then a plan with
 * health questions answered with the markers and paid by card. Both methods are then saved for the member.
 */
export async function memberEnrollsAlone(ts: TestStore) {
  const member = await signedIn(ts, 'member');
  const byBank = await existingMemberEnrollment(ts, member, 'member', PLAN_IDS.dentalEssentials);
  await saveStepsUntil(member, byBank, null, { billing: EFT });
  const withHealth = await existingMemberEnrollment(ts, member, 'member', PLAN_IDS.criticalIllnessGuard);
  await saveStepsUntil(member, withHealth, null, { health: HEALTH, billing: CARD });
  for (const id of [byBank, withHealth])
    expect((await ts.db.selectFrom('enrollments').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe(
      'completed',
    );
  // Raw SQL: the table's type is declared in the server (modules/enrollment), which the browser tests do not load.
  const saved = (
    await sql<{
      id: number;
      kind: string;
    }>`select id, kind from member_payment_methods where user_id = ${MEMBER_USER_ID} order by id desc`.execute(ts.db)
  ).rows;
  // The newest of each (a test file's tests share one database).
  const cardId = saved.find((s) => s.kind === 'card')!.id;
  const bankId = saved.find((s) => s.kind === 'bank')!.id;
  return { member, byBank, withHealth, cardId, bankId };
}
