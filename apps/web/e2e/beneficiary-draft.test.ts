import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TEXT } from '@store/domain/texts';
import { callApi, startE2E, type E2E } from './harness.ts';
import { startGroupTermLifeEnrollment } from './enrollment-journey.ts';
import { savePersonalAndContact } from './harness-enrollment.ts';
import { EMPLOYER } from '../../server/test/enrollment/helpers.ts';

/**
 * The beneficiary step keeps what the person entered through a reload (decision 2890): a beneficiary added with the
 * form's Submit but not yet saved with Next is still listed after the reload. Its Social Security Number is never kept
 * in the browser: the page says so, and the person enters it again before Next.
 */
describe('the beneficiary step through a reload', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  const addBeneficiary = async (page: Page, first: string, ssn: string, pct: string) => {
    const form = page.getByRole('form', { name: 'Add Beneficiary' });
    await form.getByLabel('First Name').fill(first);
    await form.getByLabel('Last Name').fill('Whitfield');
    await form.getByLabel('Birthdate').pressSequentially('02032010');
    await form.getByLabel('Social Security Number').fill(ssn);
    await form.getByLabel('Relationship').selectOption({ label: 'Child' });
    await form.getByLabel('Percentage').fill(pct);
    await form.getByRole('button', { name: 'Submit' }).click();
    await form.waitFor({ state: 'detached' });
  };

  it('lists a beneficiary added but not saved after a reload, without keeping its SSN in the browser', async () => {
    const page = await e2e.newPage();
    const id = await startGroupTermLifeEnrollment(e2e, page);
    await savePersonalAndContact(page, id);
    expect((await callApi(page, 'POST', '/api/v1/save-employer-info', { enrollment_id: id, ...EMPLOYER })).status).toBe(200);
    await page.goto(e2e.url('/enrollment/beneficiary-info'));
    await page.getByRole('heading', { name: 'Beneficiary Information' }).waitFor();
    await addBeneficiary(page, 'Sam', '222334444', '60');
    await page.getByText('Beneficiary #1: Sam Whitfield (60%)').waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'Beneficiary Information' }).waitFor();
    await page.getByText('Beneficiary #1: Sam Whitfield (60%)').waitFor();
    // The number was not written to the browser's storage; the page asks for it again.
    const stored = await page.evaluate(() => JSON.stringify([{ ...sessionStorage }, { ...localStorage }]));
    expect(stored).not.toMatch(/222-?33-?4444/);
    await page.getByText(TEXT.BENEFICIARY_SSN_NOT_KEPT).waitFor();
    await page.getByRole('listitem').filter({ hasText: 'Sam Whitfield' }).getByText(TEXT.BENEFICIARY_SSN_NEEDED, { exact: true }).waitFor();
    await expect(page.getByRole('button', { name: 'Next' }).count()).resolves.toBe(0);

    // Edit: the number is entered again; a second beneficiary makes 100 %; Next saves both.
    await page.getByRole('button', { name: 'Edit Beneficiary #1' }).click();
    const edit = page.getByRole('form', { name: 'Edit Beneficiary #1' });
    await expect(edit.getByLabel('First Name').inputValue()).resolves.toBe('Sam');
    await edit.getByLabel('Social Security Number').fill('222334444');
    await edit.getByRole('button', { name: 'Submit' }).click();
    await edit.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: TEXT.ADD_BENEFICIARY }).click();
    await addBeneficiary(page, 'Alex', '555667777', '40');
    await expect(page.getByText(TEXT.BENEFICIARY_SSN_NOT_KEPT).count()).resolves.toBe(0);
    await expect(page.getByText(TEXT.BENEFICIARY_SSN_NEEDED, { exact: true }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL((u) => !u.pathname.endsWith('/beneficiary-info'));
    const saved = await callApi(page, 'GET', `/api/v1/get-beneficiaries-existing-user-enrollment?enrollment_id=${encodeURIComponent(id)}`);
    expect(saved.body.data.result.map((b: { first_name: string }) => b.first_name)).toEqual(['Sam', 'Alex']);
    // Saved: the draft is gone, the page shows the server's list.
    expect(await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.includes('beneficiar')))).toEqual([]);

    // Back on the step: a saved beneficiary changed but not saved keeps its saved (masked) number through a reload.
    await page.goto(e2e.url('/enrollment/beneficiary-info'));
    await page.getByRole('button', { name: 'Edit Beneficiary #1' }).click();
    await page.getByRole('form', { name: 'Edit Beneficiary #1' }).getByLabel('Percentage').fill('50');
    await page.getByRole('form', { name: 'Edit Beneficiary #1' }).getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Beneficiary #1: Sam Whitfield (50%)').waitFor();
    await page.reload();
    await page.getByText('Beneficiary #1: Sam Whitfield (50%)').waitFor();
    await page.getByText('Beneficiary #2: Alex Whitfield (40%)').waitFor();
    await expect(page.getByText(TEXT.BENEFICIARY_SSN_NEEDED, { exact: true }).count()).resolves.toBe(0);
  });
});
