import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { TEXT } from '@store/domain/texts';
import { STEP_ROUTES } from '@store/domain/codes';
import { TYPED_NAME_REQUIRED } from '@store/domain/agreement';
import { PLAN_IDS } from '../../server/src/db/seed/demo-catalog.ts';
import { putInCart } from '../../server/test/cart/helpers.ts';
import { callApi, newQuote, startE2E, tabTo, typeInto, type E2E, waitForConsentBoxes, CONSENT_BOXES } from './harness.ts';

/** Tabs to the radio group (Tab stops on its checked radio) and moves through it with the arrow keys to `wanted`. */
async function chooseRadio(page: Page, group: Locator, wanted: Locator) {
  await tabTo(page, group);
  for (let i = 0; i < 6 && !(await wanted.isChecked()); i++) await page.keyboard.press('ArrowRight');
  expect(await wanted.isChecked()).toBe(true);
}

/** Tabs to a closed select and picks an option by typing the start of its text. */
async function choose(page: Page, select: Locator, text: string) {
  await tabTo(page, select);
  await page.keyboard.type(text);
}

/** Tabs to the button and presses Enter. */
async function press(page: Page, button: Locator, opts: { back?: boolean; max?: number } = {}) {
  await tabTo(page, button, opts);
  await page.keyboard.press('Enter');
}

/** The name of the focused element's heading, once focus has moved to a heading. */
const focusedHeading = (page: Page) =>
  page.evaluate(() => (/^H[1-6]$/.test(document.activeElement?.tagName ?? '') ? document.activeElement!.textContent : null));

/** Personal information, field by field. */
async function personalInfo(page: Page) {
  await typeInto(page, page.getByRole('textbox', { name: 'First Name', exact: true }), 'Dana');
  await typeInto(page, page.getByRole('textbox', { name: 'Last Name', exact: true }), 'Whitfield');
  await typeInto(page, page.getByLabel('Weight (lbs)'), '150');
  await typeInto(page, page.getByLabel('Height (feet)'), '5');
  await typeInto(page, page.getByLabel('Height (inches)'), '7');
  await choose(page, page.getByLabel('Marital Status'), 'Married');
  await typeInto(page, page.getByLabel('Social Security Number'), '123456789');
  await choose(page, page.getByLabel('Ethnic Group'), 'Asian');
}

/** Contact information, field by field. */
async function contactInfo(page: Page) {
  await typeInto(page, page.getByLabel(/^Email/), `keys.${Date.now()}@example.org`);
  await typeInto(page, page.getByLabel('Contact Number'), `212555${String(Date.now() % 10000).padStart(4, '0')}`);
  await typeInto(page, page.getByLabel('Street Address 1'), '1 Main Street');
  await typeInto(page, page.getByRole('textbox', { name: 'City', exact: true }), 'New York');
  await typeInto(page, page.getByRole('textbox', { name: 'Zip', exact: true }), '10001');
  await choose(page, page.getByLabel('Birth State'), 'New York');
  await typeInto(page, page.getByLabel('Birth City'), 'Albany');
}

/** Billing by card, the billing address taken from the contact address with Space. */
async function payByCard(page: Page) {
  await chooseRadio(page, page.getByRole('radio'), page.getByRole('radio', { name: 'Credit Card' }));
  await typeInto(page, page.getByLabel('First Name on Card'), 'Dana');
  await typeInto(page, page.getByLabel('Last Name on Card'), 'Whitfield');
  await typeInto(page, page.getByLabel('Card Number'), '4242424242424242');
  await choose(page, page.getByLabel('Expiration Month'), '12');
  await choose(page, page.getByLabel('Expiration Year'), String(new Date().getFullYear() + 2));
  await typeInto(page, page.getByLabel('Security Code'), '123');
  await tabTo(page, page.getByLabel(TEXT.CHOOSE_PHYSICAL_ADDRESS));
  await page.keyboard.press('Space');
  await expect.poll(() => page.getByLabel('Address 1').inputValue()).toBe('1 Main Street');
}

/** Ticks the three agreements with Space. */
async function tickAgreements(page: Page) {
  await waitForConsentBoxes(page, { authorization: true });
  for (const name of [
    'I agree: Application and Authorization',
    'I agree: Electronic Signature and Records',
    'I agree: Payment Authorization',
    CONSENT_BOXES.authorization,
    CONSENT_BOXES.esign,
  ]) {
    await tabTo(page, page.getByRole('checkbox', { name }));
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByRole('checkbox', { name }).isChecked()).toBe(true);
  }
}

/** Signs with a typed name: the Type radio with the arrow keys, then the name. */
async function signByTyping(page: Page, name: string) {
  const how = page.getByRole('group', { name: 'How do you want to sign?' });
  await chooseRadio(page, how.getByRole('radio'), how.getByRole('radio', { name: 'Type' }));
  await typeInto(page, page.getByRole('textbox', { name: 'Type your full name' }), name);
  await page.getByRole('img', { name: `Typed signature: ${name}` }).waitFor();
}

/** Employer information of a person who enrolls alone (nothing prefilled). */
async function employerInfo(page: Page) {
  await typeInto(page, page.getByLabel('Employer Name'), 'Acme Manufacturing');
  await typeInto(page, page.getByLabel('Employer Phone'), '2125550142');
  await typeInto(page, page.getByLabel('Address 1'), '350 Fifth Avenue');
  await typeInto(page, page.getByRole('textbox', { name: 'City', exact: true }), 'New York');
  await typeInto(page, page.getByRole('textbox', { name: 'Zip', exact: true }), '10001');
  await expect.poll(() => page.getByRole('textbox', { name: 'State', exact: true }).inputValue()).toBe('NY');
  await choose(page, page.getByLabel('Average Work Week'), '40');
  await typeInto(page, page.getByLabel('Employment Start Date'), '01152020');
  await typeInto(page, page.getByLabel('Occupation'), 'Engineer');
  await choose(page, page.getByLabel('Compensation Type'), 'Salary');
  await choose(page, page.getByLabel('Employment Status'), 'Active');
  await typeInto(page, page.getByLabel('Employer Industry'), 'Manufacturing');
  await typeInto(page, page.getByLabel('Number of Employees'), '120');
  await choose(page, page.getByLabel('Vacation Policy'), '2 weeks');
  await choose(page, page.getByLabel('Bargaining Unit'), 'No');
  await tabTo(page, page.getByLabel('Standard 6 holidays'));
  await page.keyboard.press('Space');
}

/** One beneficiary with all of the benefit, through the add form's Submit. */
async function beneficiaryInfo(page: Page) {
  const form = page.getByRole('form', { name: 'Add Beneficiary' });
  await typeInto(page, form.getByLabel('First Name'), 'Sam');
  await typeInto(page, form.getByLabel('Last Name'), 'Whitfield');
  await typeInto(page, form.getByLabel('Birthdate'), '02032010');
  await typeInto(page, form.getByLabel('Social Security Number'), '222334444');
  await choose(page, form.getByLabel('Relationship'), 'Child');
  await typeInto(page, form.getByLabel('Percentage'), '100');
  await press(page, form.getByRole('button', { name: 'Submit' }));
  await form.waitFor({ state: 'detached' });
}

/** Health questions: Yes to heart disease with the arrow keys, and its details. */
async function healthQuestions(page: Page) {
  const heart = page.getByRole('group', { name: /heart disease/ });
  await chooseRadio(page, heart.getByRole('radio'), heart.getByRole('radio', { name: 'Yes' }));
  await typeInto(page, page.getByLabel('Health condition'), 'Hypertension');
  await choose(page, page.getByLabel('Current treatment'), 'Yes');
  await typeInto(page, page.getByLabel('Date of onset'), '01022019');
}

/** The spouse, through + Add Spouse and the dependent form. */
async function dependentInfo(page: Page) {
  await press(page, page.getByRole('button', { name: TEXT.ADD_SPOUSE }));
  const form = page.getByRole('group', { name: TEXT.ADD_SPOUSE.replace('+ ', '') });
  await typeInto(page, form.getByRole('textbox', { name: 'First Name', exact: true }), 'Sam');
  await typeInto(page, form.getByRole('textbox', { name: 'Last Name', exact: true }), 'Whitfield');
  await typeInto(page, form.getByLabel('Date of Birth'), '02021984');
  await choose(page, form.getByLabel('Gender'), 'Female');
  await typeInto(page, form.getByLabel('SSN'), '987650001');
  await press(page, form.getByRole('button', { name: 'Submit' }));
  await form.waitFor({ state: 'detached' });
  await page.getByText('Spouse #1: Sam Whitfield').waitFor();
}

/** What a keyboard user does on each step before Next. */
const STEP_KEYS: Record<string, (page: Page) => Promise<void>> = {
  'personal-info': personalInfo,
  'contact-info': contactInfo,
  'employer-info': employerInfo,
  'beneficiary-info': beneficiaryInfo,
  'health-questions': healthQuestions,
  'dependent-information': dependentInfo,
  'billing-information': payByCard,
  'agreement-signature': async (page) => {
    await tickAgreements(page);
    await signByTyping(page, 'Dana Whitfield');
  },
  'review-confirm': async () => {},
};

describe('an enrollment with the keyboard alone', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  }, 120_000);
  afterAll(async () => {
    await e2e?.close();
  });

  it('goes from the cart to the receipt with Tab, arrows, Space, Enter and typing, signing with a typed name', async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/'));
    const id = await newQuote(page, { eprocess: 'applicant', type: 'new-member', open_type: 'user' });
    await page.evaluate(() => localStorage.setItem('eprocess', 'applicant'));
    await putInCart(e2e.store, id, PLAN_IDS.dentalEssentials);
    await page.goto(e2e.url('/cart'));

    // Cart: the confirmation dialog takes the focus and keeps Tab inside it.
    await press(page, page.getByRole('button', { name: 'Proceed to Enrollment' }));
    const dialog = page.getByRole('dialog', { name: 'Confirmation' });
    await dialog.waitFor();
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await press(page, dialog.getByRole('button', { name: 'Proceed to Enrollment' }));

    // Personal information: focus starts on the step's heading.
    await page.waitForURL((u) => u.pathname === '/enrollment/personal-info');
    await expect.poll(() => focusedHeading(page)).toBe('Personal Information');
    await personalInfo(page);
    await press(page, page.getByRole('button', { name: 'Next' }));

    await page.waitForURL((u) => u.pathname === '/enrollment/contact-info');
    await expect.poll(() => focusedHeading(page)).toBe('Contact Information');
    await contactInfo(page);
    await press(page, page.getByRole('button', { name: 'Next' }));

    await page.waitForURL((u) => u.pathname === '/enrollment/billing-information');
    await expect.poll(() => focusedHeading(page)).toBe('Billing Information');
    await payByCard(page);
    await press(page, page.getByRole('button', { name: 'Next' }));

    // Agreement: the boxes with Space; the typed signature is the keyboard's way to sign.
    await page.waitForURL((u) => u.pathname === '/enrollment/agreement-signature');
    await expect.poll(() => focusedHeading(page)).toBe(TEXT.AGREEMENT_AND_SIGNATURE);
    await tickAgreements(page);
    const how = page.getByRole('group', { name: 'How do you want to sign?' });
    expect(await how.getByRole('radio', { name: 'Draw' }).isChecked()).toBe(true);
    await chooseRadio(page, how.getByRole('radio'), how.getByRole('radio', { name: 'Type' }));
    const typed = page.getByRole('textbox', { name: 'Type your full name' });
    await press(page, page.getByRole('button', { name: 'Next' }));
    await page.locator('#typed_name_message').getByText(TYPED_NAME_REQUIRED).waitFor();
    expect(await typed.getAttribute('aria-invalid')).toBe('true');
    // The error summary at the top has the focus; its link takes it to the field.
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.classList.contains('error-summary'))).toBe(true);
    await press(page, page.locator('.error-summary').getByRole('link', { name: TYPED_NAME_REQUIRED }));
    await expect.poll(() => typed.evaluate((el) => el === document.activeElement)).toBe(true);
    await typeInto(page, typed, 'Dana Whitfield');
    await page.getByRole('img', { name: 'Typed signature: Dana Whitfield' }).waitFor();
    await expect.poll(() => page.locator('#typed_name_message').count()).toBe(0);
    await press(page, page.getByRole('button', { name: 'Next' }));

    await page.waitForURL((u) => u.pathname === '/enrollment/review-confirm');
    await expect.poll(() => focusedHeading(page)).toBe(TEXT.REVIEW_AND_CONFIRMATION);
    // A details dialog opens with Enter, keeps the focus, closes with Escape and gives the focus back.
    const details = page.getByRole('button', { name: 'View Details: Personal Info' });
    await press(page, details);
    const personal = page.getByRole('dialog', { name: 'Personal Info' });
    await personal.getByText('Married').waitFor();
    await page.keyboard.press('Escape');
    await personal.waitFor({ state: 'detached' });
    await expect.poll(() => details.evaluate((el) => el === document.activeElement)).toBe(true);
    await press(page, page.getByRole('button', { name: 'Next' }));

    await page.waitForURL((u) => u.pathname === '/enrollment/receipt');
    await expect.poll(() => focusedHeading(page)).toBe('Dear Dana Whitfield, Thank you');
    const e = await e2e.store.db.selectFrom('enrollments').select(['status', 'tabs']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(e.status).toBe('completed');
    const record = (e.tabs as { aggrement_info: { signature_record: unknown; signed: boolean } }).aggrement_info;
    expect(record).toMatchObject({
      signed: true,
      signature_record: { method: 'typed', typed_name: 'Dana Whitfield', signed_at: expect.any(String) },
    });
  }, 180_000);

  it('goes through employer, beneficiary, health and dependent steps too, each starting at its heading', async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/'));
    const id = await newQuote(page, { tier: 'IS', eprocess: 'applicant', type: 'new-member', open_type: 'user' });
    await page.evaluate(() => localStorage.setItem('eprocess', 'applicant'));
    for (const plan of [PLAN_IDS.termLife100k, PLAN_IDS.incomeProtectDi, PLAN_IDS.criticalIllnessGuard])
      await putInCart(e2e.store, id, plan);
    await page.goto(e2e.url('/cart'));
    await press(page, page.getByRole('button', { name: 'Proceed to Enrollment' }));
    await press(page, page.getByRole('dialog', { name: 'Confirmation' }).getByRole('button', { name: 'Proceed to Enrollment' }));
    const visited: string[] = [];
    for (let i = 0; i < 12; i++) {
      await page.waitForURL((u) => u.pathname.startsWith('/enrollment/') && u.pathname !== `/enrollment/${visited.at(-1)}`);
      const step = new URL(page.url()).pathname.slice('/enrollment/'.length);
      if (step === 'receipt') break;
      visited.push(step);
      await expect.poll(() => focusedHeading(page)).toBe(Object.values(STEP_ROUTES).find((r) => r.path === step)?.title);
      await STEP_KEYS[step](page);
      // The review lists every answer with its Change link before Next.
      await press(page, page.getByRole('button', { name: 'Next' }), { max: 120 });
    }
    expect(visited).toEqual([
      'personal-info',
      'contact-info',
      'employer-info',
      'beneficiary-info',
      'health-questions',
      'dependent-information',
      'billing-information',
      'agreement-signature',
      'review-confirm',
    ]);
    await expect.poll(() => focusedHeading(page)).toBe('Dear Dana Whitfield, Thank you');
    const e = await e2e.store.db.selectFrom('enrollments').select(['status', 'tabs']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(e.status).toBe('completed');
    const health = await callApi(page, 'GET', `/api/v1/get-health-questions-primary-health-info?enrollment_id=${id}`);
    expect(
      health.body.data.result.codition_questions.find((q: { question_id: number }) => q.question_id === 141).conditions[0],
    ).toMatchObject({ health_condition: 'Hypertension', date_of_onset: '01/02/2019' });
    const tabs = e.tabs as {
      dependent_info: { dependents: { primary_info: { first_name: string } }[] };
      employer_info: { name: string; holiday_policy: unknown };
    };
    expect(tabs.dependent_info.dependents.map((d) => d.primary_info.first_name)).toEqual(['Sam']);
    expect(tabs.employer_info).toMatchObject({ name: 'Acme Manufacturing', holiday_policy: { Standard_6: 1 } });
  }, 240_000);
});
