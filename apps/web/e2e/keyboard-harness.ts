import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { TEXT } from '@store/domain/texts';
import { CONSENT_BOXES, waitForConsentBoxes } from './harness-enrollment.ts';
import { tabTo, typeInto } from './harness-a11y.ts';

/** An enrollment with the keyboard alone: Tab, the arrow keys, Space, Enter and typing, step by step. */

/** Tabs to the radio group (Tab stops on its checked radio) and moves through it with the arrow keys to `wanted`. */
export async function chooseRadio(page: Page, group: Locator, wanted: Locator) {
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
export async function press(page: Page, button: Locator, opts: { back?: boolean; max?: number } = {}) {
  await tabTo(page, button, opts);
  await page.keyboard.press('Enter');
}

/** The name of the focused element's heading, once focus has moved to a heading. */
export const focusedHeading = (page: Page) =>
  page.evaluate(() => (/^H[1-6]$/.test(document.activeElement?.tagName ?? '') ? document.activeElement!.textContent : null));

/** Personal information, field by field. */
export async function personalInfo(page: Page) {
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
export async function contactInfo(page: Page) {
  await typeInto(page, page.getByLabel(/^Email/), `keys.${Date.now()}@example.org`);
  await typeInto(page, page.getByLabel('Contact Number'), `212555${String(Date.now() % 10000).padStart(4, '0')}`);
  await typeInto(page, page.getByLabel('Street Address 1'), '1 Main Street');
  await typeInto(page, page.getByRole('textbox', { name: 'City', exact: true }), 'New York');
  await typeInto(page, page.getByRole('textbox', { name: 'Zip', exact: true }), '10001');
  await choose(page, page.getByLabel('Birth State'), 'New York');
  await typeInto(page, page.getByLabel('Birth City'), 'Albany');
}

/** Billing by card, the billing address taken from the contact address with Space. */
export async function payByCard(page: Page) {
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
  await tickWithSpace(page, CONSENT_BOXES.authorization);
}

/** Ticks the three agreements with Space. */
export async function tickAgreements(page: Page) {
  await waitForConsentBoxes(page, { authorization: true });
  for (const name of [
    'I agree: Application and Authorization',
    'I agree: Electronic Signature and Records',
    'I agree: Payment Authorization',
    CONSENT_BOXES.esign,
  ])
    await tickWithSpace(page, name);
}

/** Ticks a box with Space. */
async function tickWithSpace(page: Page, name: string) {
  await tabTo(page, page.getByRole('checkbox', { name }));
  await page.keyboard.press('Space');
  await expect.poll(() => page.getByRole('checkbox', { name }).isChecked()).toBe(true);
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

/**
 * Health questions: Yes to heart disease with the arrow keys, and the details a Yes needs; No to every other question
 * (decision 2440: none is answered for the person).
 */
async function healthQuestions(page: Page) {
  const heart = page.getByRole('group', { name: /heart disease/ });
  await chooseRadio(page, heart.getByRole('radio'), heart.getByRole('radio', { name: 'Yes' }));
  await typeInto(page, page.getByLabel('Health condition'), 'Hypertension');
  await typeInto(page, page.getByLabel('Date of onset'), '01022019');
  await choose(page, page.getByLabel('Current treatment'), 'Yes');
  await choose(page, page.getByLabel('Taking medication'), 'No');
  for (const name of [/cancer/, /diabetes/, /hospitalized/, /tobacco/, /pregnant/, /any condition not listed/, /prescription medication/]) {
    const group = page.getByRole('group', { name });
    if (await group.count()) await chooseRadio(page, group.getByRole('radio'), group.getByRole('radio', { name: 'No' }));
  }
}

/** The spouse, through + Add Spouse and the dependent form. */
async function dependentInfo(page: Page) {
  await press(page, page.getByRole('button', { name: TEXT.ADD_SPOUSE }));
  const form = page.getByRole('group', { name: TEXT.ADD_SPOUSE.replace('+ ', '') });
  await typeInto(page, form.getByRole('textbox', { name: 'First Name', exact: true }), 'Sam');
  await typeInto(page, form.getByRole('textbox', { name: 'Last Name', exact: true }), 'Whitfield');
  await typeInto(page, form.getByLabel('Date of Birth'), '02021984');
  await choose(page, form.getByLabel('Gender'), 'Female');
  await typeInto(page, form.getByLabel('SSN'), '587650001');
  await press(page, form.getByRole('button', { name: 'Submit' }));
  await form.waitFor({ state: 'detached' });
  await page.getByText('Spouse #1: Sam Whitfield').waitFor();
}

/** What a keyboard user does on each step before Next. */
export const STEP_KEYS: Record<string, (page: Page) => Promise<void>> = {
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
