import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso, todayIso } from '@store/domain/dates';
import { LIFE_EVENT_TEXT } from '@store/domain/life-events';
import { enrollInPlans, PLAN_IDS } from '../../server/test/after-enrollment/helpers.ts';
import { hashPassword } from '../../server/src/lib/passwords.ts';
import { callApi, signIn, startE2E, type E2E } from './harness.ts';
import { axeProblems } from './harness-a11y.ts';

/**
 * Issue 38 at 375 px: a member reports a birth, uploads the certificate (a file that is not one first), the operator
 * approves it, the member adds the baby and sees the new monthly amount.
 */
describe('the member home: a life event', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('reports a birth, uploads the certificate, is approved, adds the baby and sees the new price', async () => {
    const ts = e2e.store;
    const id = await enrollInPlans(ts, [PLAN_IDS.dentalEssentials]);
    const { user_id } = await ts.db.selectFrom('enrollments').select('user_id').where('id', '=', id).executeTakeFirstOrThrow();
    const email = `life.${user_id}@example.org`;
    await ts.db
      .insertInto('accounts')
      .values({ email, password_hash: await hashPassword('Dana-Member-2026'), role: 'member', agent_id: null, group_id: null, user_id })
      .execute();

    const page = await e2e.newPage({ mobile: true, width: 375 });
    await signIn(page, e2e, email, 'Dana-Member-2026');
    await page.goto(e2e.url('/member-home'));
    const section = page.getByRole('region', { name: 'Life events' });
    const before = await section.getByText(/^You pay \$[\d,.]+ a month\.$/).textContent();
    await section.getByRole('button', { name: 'Report a life event' }).click();
    await section.getByLabel('Life event').selectOption({ label: 'Birth or adoption' });
    const born = addDaysIso(todayIso(), -5);
    await section.getByLabel('Date of the event').fill(born);
    await section.getByRole('button', { name: 'Save' }).click();
    await section.getByText('Waiting for your document').waitFor();

    // Not a PDF, whatever its name says: refused beside the field.
    const file = section.getByLabel(/Your document/);
    await file.setInputFiles({ name: 'birth.pdf', mimeType: 'application/pdf', buffer: Buffer.from('GIF89a not a certificate') });
    await section.getByRole('button', { name: 'Upload document' }).click();
    await section.getByText(LIFE_EVENT_TEXT.DOCUMENT_TYPE).first().waitFor();
    await file.setInputFiles({ name: 'birth.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n%%EOF\n') });
    await section.getByRole('button', { name: 'Upload document' }).click();
    await section.getByText('Document under review').waitFor();

    // The operator approves in the console's API.
    const op = await e2e.newPage();
    await signIn(op, e2e, 'admin@example.com', 'Demo-Admin-2026');
    const list = await callApi(op, 'GET', '/api/admin/life-events');
    const ev = list.body.data.find((e: { status: string; member_name: string }) => e.status === 'in_review');
    expect((await callApi(op, 'POST', `/api/admin/life-events/${ev.id}/decision`, { decision: 'approved' })).status).toBe(200);

    await page.reload();
    const again = page.getByRole('region', { name: 'Life events' });
    await again.getByText('Approved: you may change your coverage').waitFor();
    await again.getByRole('button', { name: 'Add a person to your coverage' }).click();
    await again.getByLabel('First Name').fill('Avery');
    await again.getByLabel('Last Name').fill('Whitfield');
    await again.getByRole('button', { name: 'Save' }).click();
    await again.getByText(/Your new monthly amount is \$[\d,.]+/).waitFor();
    const after = await again.getByText(/^You pay \$[\d,.]+ a month\.$/).textContent();
    expect(after).not.toBe(before);
    expect(await axeProblems(page)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
