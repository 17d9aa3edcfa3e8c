import type { Page } from 'playwright-core';
import { TEXT } from '@store/domain/texts';
import { ESIGN_DISCLOSURE, ESIGN_VERSION, paymentAuthorizationText } from '@store/domain/consent';
import { withBillDay } from '@store/domain/charges';
import { cardBrand } from '@store/domain/billing';
import { CONTACT, PERSONAL } from '../../server/test/enrollment/helpers.ts';
import { PLAN_IDS } from '../../server/src/db/seed/demo-catalog.ts';
import { putInCart } from '../../server/test/cart/helpers.ts';
import { CARD, SIGNATURE } from '../../server/test/enrollment/finish/helpers.ts';
import { callApi, type E2E } from './harness.ts';

/** A shopper's quote and enrollment made through the API in the page, and the consent boxes of the wizard's last steps. */

/** What the agreement step needs first (issue 22): the ESIGN consent, and the payment authorization when paying by card or bank. */
export async function consentViaApi(page: Page, id: string) {
  const c = await callApi(page, 'POST', '/api/v1/give-esign-consent', { enrollment_id: id, version: ESIGN_VERSION, agreed: true });
  if (c.status !== 200) throw new Error(`esign consent: ${c.status} ${JSON.stringify(c.body)}`);
  const a = await callApi(page, 'GET', `/api/v1/get-payment-authorization?enrollment_id=${encodeURIComponent(id)}`);
  if (a.body?.data?.required && !a.body.data.accepted)
    await callApi(page, 'POST', '/api/v1/accept-payment-authorization', {
      enrollment_id: id,
      text_sha256: a.body.data.text_sha256,
      agreed: true,
    });
}

/** The consent boxes of issue 22: the ESIGN consent on the agreement step, the payment authorization on the billing step. */
export const CONSENT_BOXES = {
  esign: ESIGN_DISCLOSURE.en.checkbox,
  authorization: 'I accept this payment authorization. A copy will be e-mailed to me.',
};
/**
 * The ESIGN box loads beside the agreement texts: wait for it before ticking every box. The payment authorization is
 * the billing step's (accepted with the payment); unknown whether one is missing, the page's requests are waited for.
 */
export async function waitForConsentBoxes(page: Page, opts: { authorization?: boolean } = {}) {
  await page.getByRole('checkbox', { name: CONSENT_BOXES.esign }).waitFor();
  if (opts.authorization === undefined) await page.waitForLoadState('networkidle');
}

/** On the billing step, once the card or account is filled in: ticks the payment authorization (its text follows the form). */
export async function tickAuthorization(page: Page) {
  const box = page.getByRole('checkbox', { name: CONSENT_BOXES.authorization });
  if (await box.count()) await box.check();
}

/**
 * A quote of this page's session through add-filter-for-new-user (zip 10001, born 01/15/1985, male, Member
 * Only, no tobacco unless `fields` says otherwise); its tempId is stored as the app stores it.
 */
export async function newQuote(page: Page, fields: Record<string, unknown> = {}): Promise<string> {
  const r = await callApi(page, 'POST', '/api/v1/add-filter-for-new-user', {
    zip: '10001',
    dob: '01/15/1985',
    gender: '0',
    tier: 'IO',
    is_smoker: '0',
    ...fields,
  });
  if (r.status !== 200) throw new Error(`add-filter-for-new-user: ${r.status} ${JSON.stringify(r.body)}`);
  const id = r.body.data.temp_enrollment_id as string;
  await page.evaluate((tempId) => localStorage.setItem('tempId', tempId), id);
  return id;
}

let contactSeq = 0;
/** Saves the personal and contact steps of an enrollment through the API, with an e-mail and phone no one else has. */
export async function savePersonalAndContact(page: Page, id: string, personal: Record<string, unknown> = {}) {
  const p = await callApi(page, 'POST', '/api/v1/save-personal-info', { enrollment_id: id, ...PERSONAL, ...personal });
  if (p.status !== 200) throw new Error(`save-personal-info: ${p.status} ${JSON.stringify(p.body)}`);
  contactSeq++;
  const unique = `${Date.now()}${contactSeq}`;
  const c = await callApi(page, 'POST', '/api/v1/save-contact-info', {
    enrollment_id: id,
    ...CONTACT,
    email_address: `e2e.${unique}@example.org`,
    phone_number: `646${unique.slice(-7)}`,
  });
  if (c.status !== 200) throw new Error(`save-contact-info: ${c.status} ${JSON.stringify(c.body)}`);
}

/**
 * A quote of this page's session (made with `fields`) with Dental Essentials in the cart, checked out, with the
 * effective date when one is given; the page holds its tempId.
 */
export async function checkedOutQuote(page: Page, e2e: E2E, fields: Record<string, unknown>, effectiveDate?: string): Promise<string> {
  const id = await newQuote(page, fields);
  await putInCart(e2e.store, id, PLAN_IDS.dentalEssentials);
  await e2e.store.db
    .updateTable('enrollments')
    .set({ status: 'checked_out', ...(effectiveDate ? { effective_date: effectiveDate } : {}) })
    .where('id', '=', id)
    .execute();
  return id;
}

/** The billing step's card form filled as a person does: Dana Whitfield, this card number, a valid expiry, the contact address. */
export async function fillCard(page: Page, cardNumber = '4242424242424242') {
  await page.getByRole('radio', { name: 'Credit Card' }).check();
  await page.getByLabel('First Name on Card').fill('Dana');
  await page.getByLabel('Last Name on Card').fill('Whitfield');
  await page.getByLabel('Card Number').fill(cardNumber);
  await page.getByLabel('Expiration Month').selectOption('12');
  await page.getByLabel('Expiration Year').selectOption(String(new Date().getFullYear() + 2));
  await page.getByLabel('Security Code').fill('123');
  await page.getByLabel(TEXT.CHOOSE_PHYSICAL_ADDRESS).check();
}

/** The two steps before billing (decision 2530) through the API: the review's notes, then the agreement signed. */
export async function reviewAndAgreeViaApi(page: Page, id: string) {
  const r = await callApi(page, 'POST', '/api/v1/save-review-info', { enrollment_id: id, additional_notes: '' });
  if (r.status !== 200) throw new Error(`save-review-info: ${r.status} ${JSON.stringify(r.body)}`);
  await consentViaApi(page, id);
  const a = await callApi(page, 'POST', '/api/v1/save-agreement-info', {
    enrollment_id: id,
    agreements: [true, true, true],
    signature: SIGNATURE,
  });
  if (a.status !== 200) throw new Error(`save-agreement-info: ${a.status} ${JSON.stringify(a.body)}`);
}

/**
 * An enrollment of this page's session for Dental Essentials, saved through the API up to the billing step, the last
 * (quote made with `fields`, cart, checkout, personal, contact, review, agreement); the page holds its tempId.
 */
export async function enrollmentAtBilling(page: Page, e2e: E2E, fields: Record<string, unknown>): Promise<string> {
  const id = await checkedOutQuote(page, e2e, fields);
  await savePersonalAndContact(page, id);
  await reviewAndAgreeViaApi(page, id);
  return id;
}

/** The wizard's last Next through the API: the billing step's card (or `billing`) with its authorization and first_enroll=1. */
export async function enrollViaApi(page: Page, id: string, billing: Record<string, unknown> = CARD) {
  const cart = (await callApi(page, 'GET', `/api/v1/get-plan-cart?enrollment_id=${encodeURIComponent(id)}`)).body.data.summary;
  const s = (k: string) => String(billing[k] ?? '');
  const text = paymentAuthorizationText(
    billing.payment_method === 'eft'
      ? { method: 'eft', payer: s('account_name'), bank_name: s('bank_name'), last4: s('account_number').slice(-4) }
      : {
          method: 'cc',
          payer: `${s('first_name_on_cc')} ${s('last_name_on_cc')}`,
          brand: cardBrand(s('card_number')),
          last4: s('card_number').slice(-4),
        },
    withBillDay(cart, Number(billing.bill_date ?? 28)),
    'en',
  );
  const r = await callApi(page, 'POST', '/api/v1/save-billing-info', {
    enrollment_id: id,
    ...billing,
    payment_authorization: true,
    authorization_text: text,
    first_enroll: 1,
  });
  if (r.status !== 200) throw new Error(`save-billing-info: ${r.status} ${JSON.stringify(r.body)}`);
}

/** On the billing step, the last: a card filled in, its authorization ticked, and the enroll-and-pay button pressed. */
export async function payAndEnroll(page: Page, cardNumber?: string) {
  await fillCard(page, cardNumber);
  await tickAuthorization(page);
  await page.getByRole('button', { name: /^Enroll/ }).click();
  await page.waitForURL((u) => u.pathname === '/enrollment/receipt');
}
