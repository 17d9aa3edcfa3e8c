import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT } from '@store/domain/texts';
import { startE2E, type E2E } from './harness.ts';
import { tickAuthorization } from './harness-enrollment.ts';
import { addDependent, finishSteps, startQuote, throughFirstSteps } from './enrollment-journey.ts';

describe('enrollment finish: from the cart to the receipt', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  }, 120_000);
  afterAll(async () => {
    await e2e?.close();
  });

  it('IF with a spouse and two children, EFT billing and a drawn signature', async () => {
    const page = await e2e.newPage();
    const id = await startQuote(e2e, page, 'IF');
    await throughFirstSteps(e2e, page);
    await page.waitForURL((u) => u.pathname === '/enrollment/dependent-information');
    await page.getByRole('heading', { name: TEXT.DEPENDENT_INFORMATION }).waitFor();
    await page.getByRole('heading', { name: TEXT.SPOUSE_CHILD_INFO_REQUIRED }).waitFor();
    // The server's disclaimer for dependents (get-form-fields-dependent-primary-info).
    await page.getByText('Dependents must be your legal spouse or your children under age 26.').waitFor();
    expect(await page.getByRole('button', { name: TEXT.ADD_CHILD }).count()).toBe(0);
    await addDependent(page, TEXT.ADD_SPOUSE, { first: 'Sam', dob: '02/02/1984', gender: '1', ssn: '587650001' });
    await page.getByText('Spouse #1: Sam Whitfield').waitFor();
    expect(await page.getByRole('button', { name: 'Next' }).count()).toBe(0);
    await addDependent(page, TEXT.ADD_CHILD, { first: 'Ava', dob: '03/04/2012', gender: '1', ssn: '587650002' });
    await page.getByText(TEXT.PROCEED_CLICKING_NEXT).waitFor();
    // Editing disables add, delete and next with their hints; Cancel restores them.
    await page.getByRole('button', { name: 'Edit Dependent #2' }).click();
    await page.getByText(TEXT.SUBMIT_EDITED_TO_ADD).waitFor();
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Delete Dependent #1' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(false);
    await addDependent(page, TEXT.ADD_CHILD, { first: 'Ben', dob: '05/06/2015', gender: '0', ssn: '587650003' });
    await page.getByText('Child #3: Ben Whitfield').waitFor();
    // The list survives a reload (temporary store).
    await page.reload();
    await page.getByText('Child #3: Ben Whitfield').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL((u) => u.pathname !== '/enrollment/dependent-information');

    await finishSteps(page, async (p) => {
      await p.getByRole('radio', { name: 'EFT' }).check();
      expect(await p.getByRole('radio', { name: '28th of month' }).isChecked()).toBe(true);
      await p.getByLabel('Routing Number').fill('123456789');
      await p.getByLabel('Account Holder Name').click();
      await p.getByText('Invalid routing number').waitFor();
      await p.getByLabel('Routing Number').fill('021000021');
      await p.getByLabel('Account Holder Name').fill('Dana Whitfield');
      await p.waitForFunction(
        () => (document.querySelector('input[name="bank_name"]') as HTMLInputElement)?.value === 'JPMORGAN CHASE BANK',
      );
      await p.getByLabel('Account Number').fill('12');
      await p.getByLabel('Account Type').selectOption('checking');
      await p.getByLabel('Account Holder Type').selectOption('individual');
      await p.getByRole('button', { name: /^Enroll and authorize the \$\d+\.\d\d debit$/ }).click();
      await p.locator('#account_number_message').getByText(TEXT.ACCOUNT_NUMBER_LENGTH).waitFor();
      await p.getByLabel('Account Number').fill('000123456789');
    });
    await page.getByRole('heading', { name: 'Dear Dana Whitfield, Thank you' }).waitFor();
    // The site's thank-you picture (setting thank_you_image, issue 25) has arrived.
    const thanks = page.locator('img.receipt-art');
    expect(await thanks.getAttribute('src')).toMatch(/^\/media\/[0-9a-f]{16}\/site-main-thank_you_image\.svg$/); // its content-hashed URL (decision 2761)
    await expect.poll(() => thanks.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
    const e = await e2e.store.db.selectFrom('enrollments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(e.status).toBe('completed');
    await page.getByText(e.confirmation_number!).waitFor();
    await page.getByText(TEXT.ENROLLMENT_RECEIPT, { exact: false }).first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('tempId'))).toBeNull();
    const policies = await e2e.store.db.selectFrom('policies').selectAll().where('enrollment_id', '=', id).execute();
    expect(policies.map((p) => p.tier)).toEqual(['IF']);
    const deps = (e.tabs as { dependent_info: { dependents: { primary_info: { relationship: string } }[] } }).dependent_info.dependents;
    expect(deps.map((d) => d.primary_info.relationship)).toEqual(['spouse', 'child', 'child']);
    expect((e.tabs as { aggrement_info: { signature_record: unknown } }).aggrement_info.signature_record).toEqual({
      method: 'drawn',
      typed_name: null,
      signed_at: expect.any(String),
    });
    const mail = await e2e.store.db
      .selectFrom('outbox')
      .selectAll()
      .where('enrollment_id', '=', id)
      .where('kind', '=', 'enrollment-receipt')
      .execute();
    expect(mail).toHaveLength(1);
    // No referral and no open type stored: an applicant goes to the member home.
    await page.getByRole('link', { name: TEXT.RETURN_TO_HOMEPAGE }).click();
    await page.waitForURL((u) => u.pathname === '/member-home');
  }, 180_000);

  it('pays by card 4242424242424242 after a declined card that loses nothing (phone width)', async () => {
    const page = await e2e.newPage({ mobile: true });
    const id = await startQuote(e2e, page, 'IO');
    await throughFirstSteps(e2e, page);
    await finishSteps(page, async (p) => {
      // The page fits the phone: the step bar scrolls sideways inside itself, the page does not.
      await p.getByRole('heading', { name: 'Billing Information' }).waitFor();
      await expect(p.evaluate(() => [window.innerWidth, document.documentElement.scrollWidth])).resolves.toEqual([390, 390]);
      await expect(
        p.locator('.wizard-step-active').evaluate((el) => {
          const r = el.getBoundingClientRect();
          return r.left >= 0 && r.right <= window.innerWidth;
        }),
      ).resolves.toBe(true);
      await p.getByRole('radio', { name: 'Credit Card' }).check();
      await p.getByLabel('First Name on Card').fill('Dana');
      await p.getByLabel('Last Name on Card').fill('Whitfield');
      await p.getByLabel('Card Number').fill('4000000000000002');
      await p.getByLabel('Expiration Month').selectOption('12');
      await p.getByLabel('Expiration Year').selectOption(String(new Date().getFullYear() + 2));
      await p.getByLabel('Security Code').fill('123');
      await p.getByLabel(TEXT.CHOOSE_PHYSICAL_ADDRESS).check();
      expect(await p.getByLabel('Address 1').inputValue()).toBe('1 Main Street');
      expect(await p.getByLabel('Address 1').getAttribute('readonly')).not.toBeNull();
      await tickAuthorization(p);
      await p.getByRole('button', { name: /^Enroll/ }).click();
      await p.locator('#card_number_message').getByText('Your card was declined. Please use another card.').waitFor();
      expect(new URL(p.url()).pathname).toBe('/enrollment/billing-information');
      expect(await p.getByLabel('First Name on Card').inputValue()).toBe('Dana');
      expect(await p.getByLabel('Security Code').inputValue()).toBe('123');
      expect(await p.getByRole('textbox', { name: 'City', exact: true }).inputValue()).toBe('New York');
      await p.getByLabel('Card Number').fill('4242424242424242');
    });
    await page.getByRole('heading', { name: 'Dear Dana Whitfield, Thank you' }).waitFor();
    const e = await e2e.store.db.selectFrom('enrollments').select(['status', 'tabs']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(e.status).toBe('completed');
    expect(JSON.stringify(e.tabs)).not.toContain('4242424242424242');
    expect((e.tabs as { payment_info: { card_number: string } }).payment_info.card_number).toBe('xxxxxxxxxxxx4242');
  }, 180_000);
});
