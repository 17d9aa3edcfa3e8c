import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACH_SETTINGS_TEXT } from '@store/domain/ach-settings';
import { startE2E, type E2E } from './harness.ts';
import { signInAsOperator } from './admin-harness.ts';
import { axeProblems, refusedSummary } from './harness-a11y.ts';

/** Issue 36: the operator sets the NACHA file's originator, bank and SFTP delivery in the console, on a phone. */
describe("the console's bank file settings", () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('refuses a bad routing number beside its field, then saves SFTP delivery with its password, never shown again', async () => {
    const page = await e2e.newPage({ mobile: true, width: 375 });
    await signInAsOperator(page, e2e);
    await page.goto(e2e.url('/admin/ach-files'));
    const form = page.getByRole('form', { name: 'Bank file settings' });
    await form.getByLabel('Bank routing number (ODFI)').waitFor();
    expect(await form.getByLabel('Bank routing number (ODFI)').inputValue()).toBe('021000021');
    await form.getByLabel('Bank routing number (ODFI)').fill('123456789');
    await form.getByLabel('How the bank gets the files').selectOption('sftp');
    await form.getByLabel('SFTP host').fill('sftp.bank.example');
    await form.getByLabel('SFTP user name').fill('benefitstore');
    await form.getByLabel('Folder on the server').fill('/inbound');
    await form.getByRole('button', { name: 'Save bank file settings' }).click();
    const summary = await refusedSummary(form);
    await summary.getByText(ACH_SETTINGS_TEXT.ODFI_ROUTING).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await axeProblems(page)).toEqual([]);

    await form.getByLabel('Bank routing number (ODFI)').fill('011000015');
    await form.getByLabel('SFTP password or private key').fill('correct horse battery staple');
    await form.getByRole('button', { name: 'Save bank file settings' }).click();
    await form.getByText(ACH_SETTINGS_TEXT.SAVED).waitFor();
    expect(await form.getByLabel('SFTP password or private key').inputValue()).toBe('');
    await form.getByText('One is on file: leave this empty to keep it.').waitFor();
    const row = await e2e.store.db.selectFrom('ach_settings').selectAll().executeTakeFirstOrThrow();
    expect([row.odfi_routing, row.delivery_method, row.sftp_host]).toEqual(['011000015', 'sftp', 'sftp.bank.example']);
    expect(row.sftp_secret_enc).toBeTruthy();
  }, 120_000);
});
