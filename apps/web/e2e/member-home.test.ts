import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pdfUnicodeText } from '../../server/test/helpers/pdf-unicode-text.ts';
import { lifeMember } from '../../server/test/member-home/helpers.ts';
import { signIn, startE2E, type E2E } from './harness.ts';
import { axeProblems, followSummaryLink, refusedSummary } from './harness-a11y.ts';
import { TEXT } from '@store/domain/texts';

/** Issue 24: Riley Chen's home shows her coverage, her ID card (screen and PDF), documents, payment and beneficiaries. */
describe('the member home', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  const rileyHome = async (opts: Parameters<E2E['newPage']>[0] = {}): Promise<Page> => {
    const page = await e2e.newPage(opts);
    await signIn(page, e2e, 'riley.chen@example.com', 'Demo-Member-2026');
    await page.goto(e2e.url('/member-home'));
    await page.getByRole('heading', { name: 'Welcome Riley Chen' }).waitFor();
    await page.getByRole('heading', { name: 'Your coverage' }).waitFor();
    return page;
  };

  it('shows Riley her Dental Essentials coverage and her ID card, and downloads the card as a PDF with her name and member id', async () => {
    const page = await rileyHome();
    const coverage = page.getByRole('region', { name: 'Your coverage' });
    const plan = coverage.getByRole('listitem').filter({ hasText: 'Dental Essentials' });
    await plan.getByRole('heading', { name: 'Dental Essentials' }).waitFor();
    for (const text of ['National Dental Carrier', 'Active', '01/01/2026', 'Riley Chen', 'Member Only'])
      await plan.getByText(text, { exact: true }).waitFor();
    await expect.poll(() => plan.textContent()).toMatch(/\$\d+\.\d\d/);
    // The tier question of the specification stays.
    await page.getByRole('group', { name: 'Who needs covered?' }).waitFor();

    const card = page.getByRole('figure', { name: 'ID cards: Dental Essentials' });
    for (const text of ['Riley Chen', '1001', 'Acme Manufacturing']) await card.getByText(text, { exact: true }).waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download ID card (PDF): Dental Essentials' }).click();
    const file = await (await download).path();
    const text = await pdfUnicodeText(new Uint8Array(fs.readFileSync(file)));
    expect(text).toContain('Riley Chen');
    expect(text).toContain('1001');
    expect(text).toContain('Dental Essentials');
    await page.getByRole('button', { name: 'Print ID card: Dental Essentials' }).waitFor();
    expect(await axeProblems(page)).toEqual([]);
    // A new quote without a tier is refused: the summary takes the focus and its link leads to the tiers.
    const tiers = page.getByRole('group', { name: 'Who needs covered?' });
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await followSummaryLink(await refusedSummary(page), `Who needs covered? ${TEXT.CHOOSE_TIER}`, tiers.getByRole('radio').first());
    await page.locator('#tier_message').getByText(TEXT.CHOOSE_TIER).waitFor();
  });

  it('changes the payment method to a bank account, showing only its last four digits', async () => {
    const page = await rileyHome();
    const section = page.getByRole('region', { name: 'Payment method on file' });
    await section.getByText('No payment method on file.').waitFor();
    await section.getByRole('button', { name: 'Change payment method' }).click();
    await section.getByLabel('Bank account (EFT)').check();
    await section.getByRole('button', { name: 'Save' }).click();
    const summary = page.locator('.error-summary');
    await summary.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('error-summary'))).toBe(true);
    await section.getByLabel('Account Holder Name').fill('Riley Chen');
    await section.getByLabel('Routing Number').fill('021000021');
    await section.getByLabel('Account Number').fill('123456789012');
    await section.getByLabel('Bank Name').fill('JPMORGAN CHASE BANK');
    await section.getByLabel('Account Type').selectOption('checking');
    await section.getByLabel('Account Holder Type').selectOption('individual');
    expect(await axeProblems(page, { selector: '.mh-form' })).toEqual([]);
    await section.getByRole('button', { name: 'Save' }).click();
    await section.getByText('Your payment method was saved.').waitFor();
    await section.getByText(/ending in 9012$/).waitFor();
    expect(await section.textContent()).not.toContain('123456789012');
  });

  it('is usable at 375 px and speaks Spanish', async () => {
    const page = await rileyHome({ mobile: true, width: 375 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('figure', { name: 'ID cards: Dental Essentials' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/member-home-375.png', fullPage: true });
    expect(await axeProblems(page)).toEqual([]);
    await page.evaluate(() => localStorage.setItem('lang', 'es'));
    await page.reload();
    await page.getByRole('heading', { name: 'Su cobertura' }).waitFor();
    await page.getByRole('link', { name: /Descargar la tarjeta de identificación \(PDF\)/ }).waitFor();
  });

  it('a member with life coverage sees the receipt and signed application and changes the beneficiaries (totals checked, then an 834 change)', async () => {
    const dana = await lifeMember(e2e.store, 'Dana-Member-2026');
    const page = await e2e.newPage();
    await signIn(page, e2e, dana.email, 'Dana-Member-2026');
    await page.goto(e2e.url('/member-home'));
    const docs = page.getByRole('region', { name: 'Documents' });
    await docs.getByRole('link', { name: /^Enrollment Receipt BS-.* \(PDF\)$/ }).waitFor();
    const download = page.waitForEvent('download');
    await docs.getByRole('link', { name: /^Signed application BS-.* \(PDF\)$/ }).click();
    expect((await download).suggestedFilename()).toMatch(/^signed-application-BS-.*\.pdf$/);

    const section = page.getByRole('region', { name: 'Beneficiaries' });
    await section.getByText('Sam Whitfield — Child, 100%').waitFor();
    await section.getByRole('button', { name: /^Change beneficiaries/ }).click();
    await section.getByRole('button', { name: 'Add Beneficiary' }).click();
    const second = section.getByRole('group', { name: 'Beneficiary #2' });
    await second.getByLabel('First Name').fill('Alex');
    await second.getByLabel('Last Name').fill('Whitfield');
    await second.getByLabel('Date of Birth').fill('05/06/2008');
    await second.getByLabel('SSN').fill('333445555');
    await second.getByLabel('Relationship').selectOption('Sibling');
    await second.getByLabel('Percentage').fill('50');
    await section.getByRole('button', { name: 'Save' }).click();
    // 100 + 50: the enrollment step's rule, nothing saved.
    await page.locator('.error-summary').getByText(/100/).first().waitFor();
    await section.getByRole('group', { name: 'Beneficiary #1' }).getByLabel('Percentage').fill('50');
    expect(await axeProblems(page, { selector: '.mh-form' })).toEqual([]);
    await section.getByRole('button', { name: 'Save' }).click();
    await section.getByText('Your beneficiaries were saved.').waitFor();
    await section.getByText('Alex Whitfield — Sibling, 50%').waitFor();
    const items = await e2e.store.db
      .selectFrom('carrier_file_items')
      .select('maintenance')
      .where('enrollment_id', '=', dana.id)
      .orderBy('id')
      .execute();
    expect(items.map((i) => i.maintenance)).toEqual(['021', '001']);
  });
});
