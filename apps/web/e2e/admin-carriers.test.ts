import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANCEL_DATE_INVALID, CANCEL_REASON_REQUIRED, CARRIER_TEXTS } from '@store/domain/carriers';
import { TEXT } from '@store/domain/texts';
import { startE2E, type E2E } from './harness.ts';
import { axeProblems } from './harness-a11y.ts';
import { signInAsOperator } from './admin-harness.ts';
import { ack999, completeFamily, tempDropDir } from '../../server/test/carriers/helpers.ts';
import { fileText } from '../../server/src/modules/carriers/service.ts';

/**
 * Issue 23 in the operator console: a carrier file read, a 999 uploaded and its status seen to change (on the files
 * page and on the enrollment), the enrollment cancelled through its dialog, a carrier's settings edited.
 */
describe('operator console: carriers and their 834 files', () => {
  let e2e: E2E;
  let enrollmentId = '';
  let fileId = 0;
  let fileName = '';
  beforeAll(async () => {
    e2e = await startE2E({ CARRIER_DROP_DIR: tempDropDir(), JOBS_POLL_MS: 0 });
    enrollmentId = await completeFamily(e2e.store, e2e.store.client());
    await e2e.store.app.jobs.runDue();
    const file = await e2e.store.db.selectFrom('carrier_files').selectAll().executeTakeFirstOrThrow();
    fileId = file.id;
    fileName = file.file_name;
  }, 120_000);
  afterAll(async () => {
    await e2e?.close();
  });

  it('reads a file, uploads a 999 and sees the status change, then cancels the enrollment', async () => {
    const page = await e2e.newPage();
    await signInAsOperator(page, e2e);
    await page.goto(e2e.url('/admin/carrier-files'));
    await page.getByRole('heading', { level: 1, name: 'Carrier files' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: fileName });
    await expect.poll(() => row.getByText('Delivered').isVisible()).toBe(true);
    await row.getByRole('link', { name: fileName }).click();
    await page.getByRole('heading', { level: 1, name: `Carrier file ${fileId}` }).waitFor();
    const text = page.getByLabel('X12 text');
    await expect.poll(() => text.textContent()).toContain('ST*834*0001*005010X220A1~');
    expect(await text.textContent()).toContain('NM1*IL*1*Whitfield*Sam****34*587654321~');

    await page.getByRole('link', { name: 'All carrier files' }).click();
    const ack = page.getByLabel('Acknowledgment (999 or TA1)');
    await page.getByRole('button', { name: 'Apply acknowledgment' }).click();
    const ackSummary = page.locator('.error-summary');
    await ackSummary.getByRole('link', { name: 'Paste the 999 or TA1 text' }).waitFor();
    await expect.poll(() => ackSummary.evaluate((el) => el === document.activeElement)).toBe(true);
    await ack.fill('hello');
    await page.getByRole('button', { name: 'Apply acknowledgment' }).click();
    const notX12 = 'The content is not X12: it must begin with an ISA segment.';
    await page.locator('.field-error').getByText(notX12).waitFor();
    expect(await ack.getAttribute('aria-invalid')).toBe('true');
    await ackSummary.getByRole('link', { name: notX12 }).waitFor();
    await ack.fill(ack999(fileId, 'R', [{ st: '0001', ik3: ['DMG', '9', '2100', '8'], ik4: ['2', '', '8'], ik5: ['R', '5'] }]));
    await page.getByRole('button', { name: 'Apply acknowledgment' }).click();
    await page.getByText(`File ${fileId}: Rejected`).waitFor();
    await row.getByText('Rejected').waitFor();
    await row.getByText('8: Segment has data element errors (set 0001)').waitFor();

    await page.goto(e2e.url(`/admin/enrollments/${enrollmentId}`));
    const files = page.getByRole('table', { name: 'Carrier files' });
    const addition = files.getByRole('row').filter({ hasText: 'Addition' });
    await addition.getByText('Rejected').waitFor();
    await addition.getByText('8: Invalid date').waitFor();
    await addition.getByText('5: One or more segments in error').waitFor();
    expect(await axeProblems(page)).toEqual([]);

    await page.getByRole('button', { name: 'Cancel enrollment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel enrollment' });
    await dialog.getByRole('button', { name: 'Confirm cancellation' }).click();
    const summary = dialog.locator('.error-summary');
    await summary.getByRole('heading', { name: TEXT.ERROR_SUMMARY_TITLE }).waitFor();
    await expect.poll(() => summary.evaluate((el) => el === document.activeElement)).toBe(true);
    await summary.getByRole('link', { name: CANCEL_REASON_REQUIRED }).waitFor();
    await summary.getByRole('link', { name: CANCEL_DATE_INVALID }).waitFor();
    expect(await axeProblems(page)).toEqual([]);
    expect(await e2e.store.db.selectFrom('carrier_files').select('id').execute()).toHaveLength(1);

    await dialog.getByLabel('Reason').fill('Moved abroad');
    await dialog.getByLabel('Last day of coverage').fill('2026-12-31');
    await dialog.getByRole('button', { name: 'Confirm cancellation' }).click();
    await page.getByText('The enrollment is cancelled; the carriers get a cancellation file.').waitFor();
    expect(await dialog.count()).toBe(0);
    const cancellation = files.getByRole('row').filter({ hasText: 'Cancellation' });
    await cancellation.getByText('Generated').waitFor();
    const policies = await e2e.store.db.selectFrom('policies').select('status').where('enrollment_id', '=', enrollmentId).execute();
    expect(policies.map((p) => p.status)).toEqual(['INACTIVE']);
  }, 180_000);

  it('downloads a file (audited) and marks a rejected file resolved, which starts its retention (issue 34)', async () => {
    const page = await e2e.newPage();
    await signInAsOperator(page, e2e);
    await page.goto(e2e.url(`/admin/carrier-files/${fileId}`));
    await page.getByRole('heading', { level: 1, name: `Carrier file ${fileId}` }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download 834' }).click()]);
    expect(download.suggestedFilename()).toBe(fileName);
    const saved = await download.path();
    const file = await e2e.store.db.selectFrom('carrier_files').selectAll().where('id', '=', fileId).executeTakeFirstOrThrow();
    expect(fs.readFileSync(saved, 'utf8')).toBe(fileText(e2e.store.app, file));
    const downloads = await e2e.store.db.selectFrom('audit_log').selectAll().where('action', '=', 'carrier-file.download').execute();
    expect(downloads.map((a) => a.target)).toEqual([`carrier_file:${fileId}`]);

    await page.getByRole('link', { name: 'All carrier files' }).click();
    const row = page.getByRole('row').filter({ hasText: fileName });
    await row.getByText('Rejected').waitFor();
    await row.getByRole('button', { name: `Mark resolved: ${fileName}` }).click();
    await row.getByText(/^Resolved /).waitFor();
    expect(await row.getByRole('button', { name: /Mark resolved/ }).count()).toBe(0);
    const resolved = await e2e.store.db.selectFrom('audit_log').selectAll().where('action', '=', 'carrier-file.resolve').execute();
    expect(resolved.map((a) => a.target)).toEqual([`carrier_file:${fileId}`]);
    expect(await axeProblems(page)).toEqual([]);
  }, 120_000);

  it("edits a carrier's settings, with the refusal beside the field", async () => {
    const page = await e2e.newPage();
    await signInAsOperator(page, e2e);
    await page.goto(e2e.url('/admin/carriers'));
    await page.getByRole('link', { name: 'National Vision Carrier' }).click();
    await page.getByRole('heading', { level: 1, name: 'National Vision Carrier' }).waitFor();
    await page.getByLabel('Sender ID', { exact: true }).fill('BAD*ID');
    await page.getByLabel('Delivery').selectOption({ label: 'SFTP' });
    await page.getByLabel('SFTP host').waitFor();
    expect(await axeProblems(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save carrier' }).click();
    await page.locator('.error-summary').getByRole('link', { name: CARRIER_TEXTS.ISA_ID }).waitFor();
    await page.locator('.error-summary').getByRole('link', { name: CARRIER_TEXTS.SFTP_HOST }).waitFor();
    await expect.poll(() => page.locator('.error-summary').evaluate((el) => el === document.activeElement)).toBe(true);
    await page.locator('.error-summary').getByRole('link', { name: CARRIER_TEXTS.ISA_ID }).click();
    await expect.poll(() => page.getByLabel('Sender ID', { exact: true }).evaluate((el) => el === document.activeElement)).toBe(true);

    await page.getByLabel('Sender ID', { exact: true }).fill('BENEFITSTORE');
    await page.getByLabel('Delivery').selectOption({ label: 'Drop folder' });
    await page.getByLabel('Acknowledgment window (hours)').fill('24');
    await page.getByLabel('Keep files after acknowledgment (days)').fill('0');
    await page.getByRole('button', { name: 'Save carrier' }).click();
    await page.locator('.error-summary').getByRole('link', { name: CARRIER_TEXTS.FILE_RETENTION }).waitFor();
    await page.getByLabel('Keep files after acknowledgment (days)').fill('45');
    await page.getByLabel('Batch').selectOption({ label: 'A daily file' });
    await page.getByRole('button', { name: 'Save carrier' }).click();
    await page.getByText('Carrier saved.').waitFor();
    const saved = await e2e.store.db
      .selectFrom('carriers')
      .selectAll()
      .where('name', '=', 'National Vision Carrier')
      .executeTakeFirstOrThrow();
    expect([saved.ack_window_hours, saved.batch_mode, saved.isa_sender_id, saved.file_retention_days]).toEqual([
      24,
      'daily',
      'BENEFITSTORE',
      45,
    ]);
    await page.getByRole('link', { name: 'All carriers' }).click();
    const row = page.getByRole('row').filter({ hasText: 'National Vision Carrier' });
    await row.getByText('24 hours').waitFor();
    await row.getByText('A daily file').waitFor();
  }, 120_000);

  it('creates a carrier that appoints every current rep (decision 2640, amended)', async () => {
    const page = await e2e.newPage();
    await signInAsOperator(page, e2e);
    await page.goto(e2e.url('/admin/carriers'));
    await page.getByRole('link', { name: 'New carrier' }).click();
    await page.getByRole('heading', { level: 1, name: 'New carrier' }).waitFor();
    expect(await page.getByLabel('Appoint every current rep').isChecked()).toBe(true);
    expect(await axeProblems(page)).toEqual([]);
    await page.getByLabel('Name').fill('Summit Dental Carrier');
    await page.getByRole('button', { name: 'Create carrier' }).click();
    await page.locator('.error-summary').getByRole('link', { name: CARRIER_TEXTS.ISA_ID }).first().waitFor();
    await page.getByLabel('Group or policy number').fill('GRP-SUMMIT');
    await page.getByLabel('Sender ID', { exact: true }).fill('BENEFITSTORE');
    await page.getByLabel('Receiver ID', { exact: true }).fill('SUMMIT01');
    await page.getByRole('button', { name: 'Create carrier' }).click();
    await page.getByRole('heading', { level: 1, name: 'Summit Dental Carrier' }).waitFor();
    const carrier = await e2e.store.db
      .selectFrom('carriers')
      .select('id')
      .where('name', '=', 'Summit Dental Carrier')
      .executeTakeFirstOrThrow();
    const appointed = await e2e.store.db.selectFrom('rep_appointments').select('agent_id').where('carrier_id', '=', carrier.id).execute();
    expect(appointed.map((a) => a.agent_id)).toEqual(expect.arrayContaining([10109, 20001, 20002]));
  }, 120_000);
});
