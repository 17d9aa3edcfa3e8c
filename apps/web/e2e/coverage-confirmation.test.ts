import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COVERAGE_CONFIRMATION_TEXT as C } from '@store/domain/coverage-confirmation';
import { lifeMember } from '../../server/test/member-home/helpers.ts';
import { signIn, startE2E, type E2E } from './harness.ts';
import { signInAsOperator } from './admin-harness.ts';
import { axeProblems } from './harness-a11y.ts';

let clock = new Date();

/**
 * Issue 39: a paid plan the carrier has not confirmed within its window is on the console's dashboard (oldest first,
 * with the premium held) and on the member home in the fixed sentence, on a phone, with no axe problem.
 */
describe('paid plans waiting for the carrier’s confirmation', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E({ now: () => clock });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('the dashboard lists the plan with its premium held and the member reads the fixed sentence', async () => {
    clock = new Date();
    const dana = await lifeMember(e2e.store, 'Dana-Member-2026');
    // Past the carrier's window (10 days by default) and no confirmation from the carrier.
    clock = new Date(Date.now() + 11 * 86_400_000);

    const member = await e2e.newPage({ mobile: true, width: 375 });
    await signIn(member, e2e, dana.email, 'Dana-Member-2026');
    await member.goto(e2e.url('/member-home'));
    await member.getByText(C.MEMBER_WAITING, { exact: true }).waitFor();
    expect(await member.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await axeProblems(member)).toEqual([]);

    const op = await e2e.newPage({ mobile: true, width: 375 });
    await signInAsOperator(op, e2e);
    await op.goto(e2e.url('/admin'));
    const list = op.getByRole('region', { name: new RegExp(`^${C.DASHBOARD_TITLE}`) });
    const entry = list.getByRole('listitem').filter({ has: op.locator(`a[href="/admin/enrollments/${dana.id}"]`) });
    await entry.waitFor();
    expect(await entry.textContent()).toMatch(/\$\d+\.\d{2} held/);
    await op
      .getByRole('region', { name: 'What needs you' })
      .getByRole('link', { name: new RegExp(`^${C.DASHBOARD_TITLE}: \\d+$`) })
      .waitFor();
    expect(await op.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await axeProblems(op)).toEqual([]);

    // The enrollment's page: the operator records the carrier's confirmation; the plan leaves the list.
    await entry.getByRole('link').click();
    await op.waitForURL((u) => u.pathname === `/admin/enrollments/${dana.id}`);
    await op.getByText(C.NOT_CONFIRMED).first().waitFor();
    await op.getByRole('button', { name: "Record the carrier's confirmation" }).click();
    await op.locator('.error-summary').getByText(C.POLICY_NUMBER).waitFor();
    await op.getByLabel(C.CARRIER_POLICY_NUMBER).fill('LIFE-2026-77');
    await op.getByRole('button', { name: "Record the carrier's confirmation" }).click();
    await op.getByText(`${C.CONFIRMED} · ${C.CARRIER_POLICY_NUMBER} LIFE-2026-77`).waitFor();
    await op.goto(e2e.url('/admin'));
    await op.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(await op.locator(`a[href="/admin/enrollments/${dana.id}"]`).count()).toBe(0);
    await member.reload();
    await member.getByText(`${C.CONFIRMED} · ${C.CARRIER_POLICY_NUMBER} LIFE-2026-77`).waitFor();
    expect(await member.getByText(C.MEMBER_WAITING).count()).toBe(0);
  });
});
