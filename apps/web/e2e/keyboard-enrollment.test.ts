import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Route } from 'playwright-core';
import { TEXT } from '@store/domain/texts';
import { STEP_ROUTES } from '@store/domain/codes';
import { TYPED_NAME_REQUIRED } from '@store/domain/agreement';
import { PLAN_IDS } from '../../server/src/db/seed/demo-catalog.ts';
import { putInCart } from '../../server/test/cart/helpers.ts';
import { callApi, startE2E, type E2E } from './harness.ts';
import { newQuote, savePersonalAndContact } from './harness-enrollment.ts';
import { typeInto } from './harness-a11y.ts';
import { chooseRadio, contactInfo, focusedHeading, payByCard, personalInfo, press, STEP_KEYS, tickAgreements } from './keyboard-harness.ts';

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

    // Review, then sign, then pay (decision 2530).
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

    await page.waitForURL((u) => u.pathname === '/enrollment/billing-information');
    await expect.poll(() => focusedHeading(page)).toBe('Billing Information');
    await payByCard(page);
    // The last step's button enrolls and says what it costs (decision 2531).
    await press(page, page.getByRole('button', { name: /^Enroll and pay/ }));

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
      // The review lists every answer with its Change link before Next; the billing step's button enrolls.
      const next = step === 'billing-information' ? /^Enroll/ : 'Next';
      await press(page, page.getByRole('button', { name: next }), { max: 120 });
    }
    expect(visited).toEqual([
      'personal-info',
      'contact-info',
      'employer-info',
      'beneficiary-info',
      'health-questions',
      'dependent-information',
      'review-confirm',
      'agreement-signature',
      'billing-information',
    ]);
    await expect.poll(() => focusedHeading(page), { timeout: 20_000 }).toBe('Dear Dana Whitfield, Thank you');
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

  it("focuses a step's heading when it shows after more than 8 s, unless the person has put the focus elsewhere", async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/'));
    const id = await newQuote(page, { eprocess: 'applicant', type: 'new-member', open_type: 'user' });
    await putInCart(e2e.store, id, PLAN_IDS.dentalEssentials);
    await savePersonalAndContact(page, id);
    // The contact step's fields answer after 9 s.
    const slow = async (route: Route) => {
      await new Promise((r) => setTimeout(r, 9_000));
      await route.continue();
    };
    await page.route('**/api/v1/get-form-fields-contact-info?*', slow);
    await page.goto(e2e.url('/enrollment/contact-info'));
    await page.getByRole('heading', { name: 'Contact Information' }).waitFor({ timeout: 20_000 });
    await expect.poll(() => focusedHeading(page)).toBe('Contact Information');

    // The language chooser taken meanwhile keeps the focus.
    await page.reload();
    await page.getByLabel('Language').focus();
    await page.getByRole('heading', { name: 'Contact Information' }).waitFor({ timeout: 20_000 });
    await page.waitForTimeout(300);
    await expect(page.getByLabel('Language').evaluate((el) => el === document.activeElement)).resolves.toBe(true);
  }, 60_000);
});
