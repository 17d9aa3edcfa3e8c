import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TEXT } from '@store/domain/texts';
import { PLAN_IDS } from '../../server/src/db/seed/demo-catalog.ts';
import { putInCart } from '../../server/test/cart/helpers.ts';
import { callApi, startE2E, type E2E } from './harness.ts';
import { newQuote, savePersonalAndContact, tickAuthorization, waitForConsentBoxes } from './harness-enrollment.ts';
import { followSummaryLink, refusedSummary } from './harness-a11y.ts';

/** An IF enrollment with a premier plan and a plan that needs health questions; personal and contact info saved. */
async function prepared(e2e: E2E, page: Page) {
  await page.goto(e2e.url('/'));
  const id = await newQuote(page, { gender: '1', tier: 'IF', eprocess: 'applicant', type: 'new-member', open_type: 'user' });
  await putInCart(e2e.store, id, PLAN_IDS.premierDentalL713);
  await putInCart(e2e.store, id, PLAN_IDS.criticalIllnessGuard);
  await savePersonalAndContact(page, id);
  return id;
}

describe('enrollment finish steps in the browser', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  }, 120_000);
  afterAll(async () => {
    await e2e?.close();
  });

  it('health questions, the premier spouse question, and Edit Details back to review', async () => {
    const page = await e2e.newPage();
    const id = await prepared(e2e, page);
    await page.goto(e2e.url('/enrollment/health-questions'));
    await page.getByRole('heading', { name: 'Health Questions' }).waitFor();

    // Nothing is answered for the person (decision 2440): Next names every question in the error summary.
    const q141 = page.getByRole('group', { name: /heart disease/ });
    expect(await q141.getByRole('radio', { name: 'No' }).isChecked()).toBe(false);
    expect(await q141.getByRole('radio', { name: 'Yes' }).isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Next' }).click();
    const summary = page.locator('.error-summary');
    await summary.waitFor();
    // One link per question asked (the medication question among them).
    expect(await summary.getByRole('link').count()).toBe(await page.locator('.health-question fieldset').count());
    expect(await summary.getByRole('link').count()).toBe(7);
    await expect.poll(() => q141.getByText('Field is required').count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/enrollment/health-questions');
    for (const name of [/cancer/, /diabetes/, /hospitalized/, /any condition not listed/])
      await page.getByRole('group', { name }).getByRole('radio', { name: 'No' }).check();
    // Yes reveals the details of each layout, and asks for them.
    await q141.getByRole('radio', { name: 'Yes' }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => page.locator('.field-error', { hasText: 'Field is required' }).count()).toBeGreaterThanOrEqual(4);
    await page.getByLabel('Taking medication').selectOption('0');
    await page.getByLabel('Health condition').fill('Hypertension');
    await page.getByLabel('Current treatment').selectOption('1');
    await page.getByLabel('Date of onset').fill('01022019');
    expect(await page.getByLabel('Date of onset').inputValue()).toBe('01/02/2019');
    // Tobacco was answered on the plan page (the quote's No): shown with that answer, not asked again.
    expect(await page.getByRole('group', { name: /tobacco/ }).count()).toBe(0);
    await page.getByText('(your answer on the plan page, which the price is based on)').waitFor();
    await expect.poll(() => page.getByLabel('Health condition').count()).toBe(1);
    await page
      .getByRole('group', { name: /pregnant/ })
      .getByRole('radio', { name: 'Yes' })
      .check();
    await page.getByLabel('Physician name').fill('Dr. Lee');
    await page.getByLabel('Condition', { exact: true }).fill('Pregnancy');
    await page.getByLabel('Status').fill('ongoing');
    await page.getByLabel('Last seen by physician').fill('01022026');
    await page
      .getByRole('group', { name: /prescription medication/ })
      .getByRole('radio', { name: 'Yes' })
      .check();
    await expect.poll(() => page.getByLabel(/^Medication \d/).count()).toBe(3);
    await page.getByLabel('Medication 1').fill('Lisinopril');
    await page.getByLabel('Dosage 1').fill('10mg');
    await page.getByLabel('Additional Notes').fill('Nothing else.');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL((u) => u.pathname === '/enrollment/dependent-information');
    const saved = await callApi(page, 'GET', `/api/v1/get-health-questions-primary-health-info?enrollment_id=${id}`);
    const qs = saved.body.data.result.codition_questions;
    expect(qs.find((q: { question_id: number }) => q.question_id === 141).conditions[0]).toMatchObject({
      health_condition: 'Hypertension',
      is_treatment: 1,
      date_of_onset: '01/02/2019',
    });
    expect(qs.find((q: { question_id: number }) => q.question_id === 145)).toMatchObject({ yes_no_flag: 0, answered_on_plan_page: 0 });
    expect(saved.body.data.result.medication_question.medications).toEqual([{ medication: 'Lisinopril', dosage: '10mg' }]);

    // Premier plan: the spouse question first.
    await page.getByRole('heading', { name: TEXT.SPOUSE_CHILD_INFO_REQUIRED }).waitFor();
    await page.getByText(TEXT.ADD_EDIT_DEPENDENT_FIRST).waitFor();
    expect(await page.getByRole('button', { name: TEXT.ADD_SPOUSE }).count()).toBe(0);
    await page.getByRole('button', { name: 'Submit' }).click();
    // The question is a form of its own: refused, its summary takes the focus and leads to it.
    await followSummaryLink(
      await refusedSummary(page),
      `${TEXT.WILL_YOU_ENROLL_SPOUSE} ${TEXT.SELECT_SPOUSE_STATUS}`,
      page.getByLabel(TEXT.WILL_YOU_ENROLL_SPOUSE),
    );
    await page.locator('#spouse_status_message').getByText(TEXT.SELECT_SPOUSE_STATUS).waitFor();
    await page.getByLabel(TEXT.WILL_YOU_ENROLL_SPOUSE).selectOption('yes');
    await page.getByRole('button', { name: 'Submit' }).click();
    for (const [button, first, ssn, dob] of [
      [TEXT.ADD_SPOUSE, 'Sam', '587650011', '02/02/1984'],
      [TEXT.ADD_CHILD, 'Ava', '587650012', '03/04/2012'],
    ]) {
      await page.getByRole('button', { name: button }).click();
      const form = page.getByRole('group', { name: button.replace('+ ', '') });
      await form.getByRole('textbox', { name: 'First Name', exact: true }).fill(first);
      await form.getByRole('textbox', { name: 'Last Name', exact: true }).fill('Whitfield');
      await form.getByLabel('Date of Birth').fill(dob);
      await form.getByLabel('Gender').selectOption('0');
      await form.getByLabel('SSN').fill('12');
      await form.getByRole('button', { name: 'Submit' }).click();
      await form.locator('[id$="_ssn_message"]').getByText(TEXT.INVALID_SSN).waitFor();
      await form.getByLabel('SSN').fill(ssn);
      await form.getByRole('button', { name: 'Submit' }).click();
      await form.waitFor({ state: 'detached' });
    }
    await page.getByText(TEXT.PROCEED_CLICKING_NEXT).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();

    // Review, then sign, then pay (decision 2530).
    await page.waitForURL((u) => u.pathname === '/enrollment/review-confirm');
    await page.getByRole('heading', { name: TEXT.REVIEW_AND_CONFIRMATION }).waitFor();
    await page.getByText('Premier Dental L713').waitFor();
    // The site's review-card picture (setting review_card_image, issue 25) above the cart.
    const reviewArt = page.getByRole('complementary', { name: 'Cart' }).locator('img.review-art');
    await reviewArt.scrollIntoViewIfNeeded();
    await expect.poll(() => reviewArt.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
    // The agreement and the billing come after the review: no cards for them.
    expect(await page.getByRole('button', { name: 'View Details: Billing Info' }).count()).toBe(0);
    // The quote's gender and birthdate are locked: no Change link for them (issue 37).
    const personal = page.getByRole('region', { name: 'Personal Info' });
    await personal.getByText('From your quote').first().waitFor();
    expect(await personal.getByRole('link', { name: 'Change Gender' }).count()).toBe(0);
    expect(await personal.getByRole('link', { name: 'Change Marital Status' }).count()).toBe(1);
    // On a phone no answer's label runs into its value or its note (the birthdate's "From your quote" squeezed the
    // label's column until "Birthdate" overlapped "01/15/1985" at 375 px).
    await page.setViewportSize({ width: 375, height: 812 });
    const overlaps = await personal.locator('.summary-list-row').evaluateAll((rows) =>
      rows.flatMap((row) => {
        const boxes = [...row.children].map((c) => c.getBoundingClientRect());
        const hit = boxes.some((a, i) =>
          boxes.slice(i + 1).some((b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1),
        );
        const wide = [...row.children].some((c) => c.scrollWidth > c.clientWidth + 1);
        return hit || wide ? [row.textContent] : [];
      }),
    );
    expect(overlaps).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'View Details: Dependent Info' }).click();
    const deps = page.getByRole('dialog', { name: 'Dependent Info' });
    await deps.getByText('Spouse #1').waitFor();
    await deps.getByRole('button', { name: 'Edit Details' }).click();
    await page.waitForURL((u) => u.pathname === '/enrollment/dependent-information');
    expect(await page.evaluate(() => localStorage.getItem('navto'))).not.toBeNull();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL((u) => u.pathname === '/enrollment/review-confirm');
    expect(await page.evaluate(() => localStorage.getItem('navto'))).toBeNull();
    // A Change further back keeps the steps after it done in the step bar (issue 37).
    await page.getByRole('link', { name: 'Change Email' }).click();
    await page.waitForURL((u) => u.pathname === '/enrollment/contact-info');
    const bar = page.getByRole('navigation', { name: 'Enrollment steps' });
    await bar.locator('[data-state="done"]', { hasText: 'Dependent Information' }).waitFor();
    await bar.locator('[data-state="done"]', { hasText: 'Personal Information' }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL((u) => u.pathname === '/enrollment/review-confirm');
    await page.getByRole('button', { name: 'Next' }).click();

    await page.waitForURL((u) => u.pathname === '/enrollment/agreement-signature');
    // The agreement texts load after the page: wait for them before ticking every box.
    await page.getByRole('checkbox', { name: 'I agree: Payment Authorization' }).waitFor();
    await waitForConsentBoxes(page, { authorization: true });
    for (const box of await page.getByRole('checkbox').all()) await box.check();
    const pad = page.getByRole('img', { name: 'Signature pad' });
    await pad.scrollIntoViewIfNeeded();
    const b = (await pad.boundingBox())!;
    await page.mouse.move(b.x + 30, b.y + 30);
    await page.mouse.down();
    await page.mouse.move(b.x + 200, b.y + 90, { steps: 10 });
    await page.mouse.up();
    await page.getByRole('button', { name: 'Next' }).click();

    // Billing by card, the last step: its button enrolls and says what it costs (decision 2531).
    await page.waitForURL((u) => u.pathname === '/enrollment/billing-information');
    await page.getByRole('radio', { name: 'Credit Card' }).check();
    await page.getByLabel('Card Number').fill('4242');
    await page.getByLabel('Security Code').fill('12');
    const enroll = page.getByRole('button', { name: /^Enroll and pay \$\d+\.\d\d today$/ });
    await enroll.click();
    await page.locator('#card_number_message').getByText(TEXT.CARD_NUMBER_LENGTH).waitFor();
    await page.locator('#security_code_message').getByText(TEXT.SECURITY_CODE_LENGTH).waitFor();
    await page.getByLabel('First Name on Card').fill('Dana');
    await page.getByLabel('Last Name on Card').fill('Whitfield');
    await page.getByLabel('Card Number').fill('4242424242424242');
    await page.getByLabel('Expiration Month').selectOption('01');
    await page.getByLabel('Expiration Year').selectOption(String(new Date().getFullYear() + 1));
    await page.getByLabel('Security Code').fill('1234');
    await page.getByLabel(TEXT.CHOOSE_PHYSICAL_ADDRESS).check();
    await page.getByLabel(TEXT.CHOOSE_PHYSICAL_ADDRESS).uncheck();
    expect(await page.getByLabel('Address 1').inputValue()).toBe('');
    await page.getByLabel(TEXT.CHOOSE_PHYSICAL_ADDRESS).check();
    await tickAuthorization(page);
    await enroll.click();
    await page.waitForURL((u) => u.pathname === '/enrollment/receipt');
    await page.getByText(/^Dear Dana Whitfield, Thank you$/).waitFor();
    const pdf = await page.evaluate(
      async (eid) => (await fetch(`/api/v1/get-receipt-pdf?enrollment_id=${eid}`)).headers.get('content-type'),
      id,
    );
    expect(pdf).toContain('application/pdf');
  }, 180_000);
});
