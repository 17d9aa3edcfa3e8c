import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startE2E, type E2E } from './harness.ts';
import { axeProblems } from './harness-a11y.ts';

/**
 * Issue 38 (decision 2560), on a phone (375 px): the demo's next-year rates from 1 January, the member home's
 * "From 1/1: $X a month" and the rep home's renewal list.
 */
describe('renewals on a phone', () => {
  let e2e: E2E;
  beforeAll(async () => {
    // The demo's billing and its next-year rates (the tests' stores leave them out).
    e2e = await startE2E({ SEED_DEMO_BILLING: true });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('shows the member the price from the renewal date beside the plan', async () => {
    const page = await e2e.newPage({ mobile: true, width: 375 });
    await signIn(page, e2e, 'riley.chen@example.com', 'Demo-Member-2026');
    await page.goto(e2e.url('/member-home'));
    const renewal = page.getByRole('region', { name: /^From 1\/1: \$\d+\.\d\d a month$/ });
    await renewal.waitFor();
    expect(await renewal.getByRole('listitem').first().textContent()).toMatch(/^Dental Essentials: \$\d+\.\d\d → \$\d+\.\d\d$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await axeProblems(page, { selector: '.mh-renewal' })).toEqual([]);
  });

  it("lists the rep's clients whose price rises more than 10 % or whose plan is discontinued", async () => {
    const page = await e2e.newPage({ mobile: true, width: 375 });
    await signIn(page, e2e, 'jordan.avery@example.com', 'Demo-Rep-2026');
    await page.goto(e2e.url('/agent-home'));
    const list = page.getByRole('region', { name: 'Renewals', exact: true });
    const table = list.getByRole('table', { name: 'Clients to call before their renewal' });
    await table.waitFor();
    const riley = table.getByRole('row', { name: /Riley Chen/ });
    expect(await riley.textContent()).toContain('Price rises 12 %');
    expect(await table.getByRole('row', { name: /Jamie Garcia/ }).textContent()).toContain('Plan discontinued');
    expect(await table.getByRole('row', { name: /Avery Johnson/ }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await axeProblems(page, { selector: '.rep-home-list' })).toEqual([]);
  });
});
