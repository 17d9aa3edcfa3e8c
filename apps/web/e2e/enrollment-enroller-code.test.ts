import { afterAll, beforeAll, describe, it } from 'vitest';
import { TEXT } from '@store/domain/texts';
import { startE2E, type E2E } from './harness.ts';
import { newQuote } from './harness-enrollment.ts';

describe('enrollment wizard, part one: the enroller code of a group that requires one', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('shows the Enter Enroller Code modal for group 2556 and requires the code (under a landing prefix)', async () => {
    const page = await e2e.newPage();
    // a visitor of the acme landing: its quote is kept on the landing's deeper pages
    await page.goto(e2e.url('/acme'));
    await page.getByRole('heading', { level: 1, name: 'Acme Manufacturing' }).waitFor();
    await newQuote(page, {
      dob: '04/12/1985',
      is_smoker: undefined,
      eprocess: 'applicant',
      agent_id: 20001,
      group_id: 2556,
      platform_group_id: 501,
      type: 'new-member',
      open_type: 'group',
    });
    await page.goto(e2e.url('/acme/enrollment/personal-info'));
    await page.getByLabel('First Name').fill('Lee');
    await page.getByLabel('Last Name').fill('Ortiz');
    await page.getByLabel('Weight (lbs)').fill('180');
    await page.getByLabel('Height (feet)').fill('6');
    await page.getByLabel('Height (inches)').fill('0');
    await page.getByLabel('Marital Status').selectOption({ label: 'Single' });
    await page.getByLabel('Social Security Number').fill('587654321');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.locator('#enrollerCode_message').getByText(TEXT.ENROLLER_CODE_REQUIRED).waitFor();
    await page.getByRole('button', { name: TEXT.ENTER_ENROLLER_CODE }).click();
    const modal = page.getByRole('dialog', { name: TEXT.ENTER_ENROLLER_CODE });
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.getByText(TEXT.ENTER_ENROLLER_CODE).nth(1).waitFor();
    await modal.getByLabel('Enroller Code').fill('ab12');
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.waitFor({ state: 'detached' });
    await page.getByText('AB12').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/\/acme\/enrollment\/contact-info$/);
  });
});
