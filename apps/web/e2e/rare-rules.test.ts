import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_TEXT } from '@store/domain/billing';
import { PLAN_IDS } from '../../server/src/db/seed/demo-catalog.ts';
import { signIn, startE2E, type E2E } from './harness.ts';
import { fillCard } from './harness-enrollment.ts';
import { addDependent, finishSteps, startQuote, throughFirstSteps } from './enrollment-journey.ts';
import { TEXT } from '@store/domain/texts';

/** Issue 26: the rare rules of the specification, each reached from the demo data (the group's people enrol as members: no employer step). */
describe('rare rules reached from the demo data', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  }, 120_000);
  afterAll(async () => {
    await e2e?.close();
  });

  it('EFTONLY (group 3101) offers only EFT and completes paid by EFT (enrollment.md 4.10)', async () => {
    const page = await e2e.newPage();
    const id = await startQuote(e2e, page, 'IO', { group_id: 3101, type: 'new-member', open_type: 'user' });
    await throughFirstSteps(e2e, page);
    await finishSteps(page, async (p) => {
      await p.getByRole('heading', { name: 'Billing Information' }).waitFor();
      const types = p.getByRole('group', { name: 'Payment Type' });
      expect(await types.getByRole('radio').count()).toBe(1);
      expect(await types.getByRole('radio', { name: 'EFT' }).isChecked()).toBe(true);
      expect(await p.getByRole('radio', { name: 'Credit Card' }).count()).toBe(0);
      expect(await p.getByLabel('Card Number').count()).toBe(0);
      await p.getByLabel('Routing Number').fill('021000021');
      await p.getByLabel('Account Holder Name').fill('Dana Whitfield');
      await p.waitForFunction(
        () => (document.querySelector('input[name="bank_name"]') as HTMLInputElement)?.value === 'JPMORGAN CHASE BANK',
      );
      await p.getByLabel('Account Number').fill('000123456789');
      await p.getByLabel('Account Type').selectOption('checking');
      await p.getByLabel('Account Holder Type').selectOption('individual');
    });
    await page.getByRole('heading', { name: 'Dear Dana Whitfield, Thank you' }).waitFor();
    const e = await e2e.store.db
      .selectFrom('enrollments')
      .select(['status', 'tabs', 'group_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect([e.status, e.group_id]).toEqual(['completed', 3101]);
    expect((e.tabs as { payment_info: { payment_method: string } }).payment_info.payment_method).toBe('eft');
  }, 180_000);

  it("the operator sets a group's payment method in the console", async () => {
    const page = await e2e.newPage();
    await signIn(page, e2e, 'admin@example.com', 'Demo-Admin-2026');
    await page.waitForURL(/\/admin/);
    await page.goto(e2e.url('/admin/groups/3002'));
    const select = page.getByLabel('Payment method');
    expect(await select.inputValue()).toBe('');
    await select.selectOption({ label: 'STMT' });
    await page.getByRole('button', { name: 'Save group' }).click();
    await page.getByText('Group saved.').waitFor();
    const g = await e2e.store.db.selectFrom('groups').select('payment_method').where('group_id', '=', 3002).executeTakeFirstOrThrow();
    expect(g.payment_method).toBe('stmt');
  }, 120_000);

  it('a member tier link with IC3 starts an IC3 quote that Dental Essentials prices (enrollment.md 4.7)', async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/member-benefit-store/1001/IC3'));
    await page.waitForURL(/\/sign-in\?next=/);
    await page.getByLabel('Email').fill('riley.chen@example.com');
    await page.getByLabel('Password').fill('Demo-Member-2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/plans$/);
    const tempId = (await page.evaluate(() => localStorage.getItem('tempId')))!;
    const e = await e2e.store.db.selectFrom('enrollments').select('filter_info').where('id', '=', tempId).executeTakeFirstOrThrow();
    expect((e.filter_info as { tier: string }).tier).toBe('IC3');
    const priced = await page.evaluate(
      async ([id, pid]) => (await fetch(`/api/v1/get-plan-pricing-detail?pid=${pid}&enrollment_id=${id}`)).json(),
      [tempId, PLAN_IDS.dentalEssentials] as const,
    );
    expect(priced.data.plans.some((p: { tier: string }) => p.tier === 'IC3')).toBe(true);
  }, 120_000);

  it('an IC3 enrollment asks for children only, like IC, and keeps the tier on its policy', async () => {
    const page = await e2e.newPage();
    const id = await startQuote(e2e, page, 'IC3');
    await throughFirstSteps(e2e, page);
    await page.waitForURL((u) => u.pathname === '/enrollment/dependent-information');
    await page.getByRole('heading', { name: TEXT.CHILD_INFO_REQUIRED }).waitFor();
    expect(await page.getByRole('button', { name: TEXT.ADD_SPOUSE }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Next' }).count()).toBe(0);
    await addDependent(page, TEXT.ADD_CHILD, { first: 'Ava', dob: '03/04/2012', gender: '1', ssn: '587650002' });
    await page.getByRole('button', { name: 'Next' }).click();
    await finishSteps(page, async (p) => {
      await fillCard(p);
    });
    await page.getByRole('heading', { name: 'Dear Dana Whitfield, Thank you' }).waitFor();
    const policies = await e2e.store.db.selectFrom('policies').select('tier').where('enrollment_id', '=', id).execute();
    expect(policies.map((p) => p.tier)).toEqual(['IC3']);
  }, 180_000);

  it.each([
    [3102, 'elist', 'EFT LIST'],
    [3103, 'stmt', 'STMT'],
  ] as const)(
    'group %i bills by %s: only the note, no fields, and the enrollment completes',
    async (groupId, method, label) => {
      const page = await e2e.newPage();
      const id = await startQuote(e2e, page, 'IO', { group_id: groupId, type: 'new-member', open_type: 'user' });
      await throughFirstSteps(e2e, page);
      await finishSteps(page, async (p) => {
        await p.getByRole('heading', { name: 'Billing Information' }).waitFor();
        await p.getByText(`${label}: ${BILLING_TEXT.NOTE_LIST}`).waitFor();
        expect(await p.getByRole('group', { name: 'Payment Type' }).count()).toBe(0);
        expect(await p.getByLabel('Routing Number').count()).toBe(0);
        expect(await p.getByLabel('Card Number').count()).toBe(0);
      });
      await page.getByRole('heading', { name: 'Dear Dana Whitfield, Thank you' }).waitFor();
      const e = await e2e.store.db.selectFrom('enrollments').select(['status', 'tabs']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(e.status).toBe('completed');
      expect((e.tabs as { payment_info: { payment_method: string } }).payment_info.payment_method).toBe(method);
      // enrollment.md 4.11: the cart info is reset with the receipt, and stays reset after a reload.
      await expect.poll(() => page.evaluate(() => localStorage.getItem('cartCount'))).toBe('0');
      await page.waitForTimeout(500);
      expect(await page.evaluate(() => localStorage.getItem('cartCount'))).toBe('0');
      await page.reload();
      await page.getByRole('heading', { name: 'Dear Dana Whitfield, Thank you' }).waitFor();
      await page.waitForTimeout(500);
      expect(await page.evaluate(() => localStorage.getItem('cartCount'))).toBe('0');
      expect(await page.evaluate(() => localStorage.getItem('tempId'))).toBeNull();
    },
    180_000,
  );
});
