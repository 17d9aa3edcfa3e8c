import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness.ts';
import { axeProblems, refusedSummary } from './harness-a11y.ts';

describe('storefront accessibility', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('the home page, the wizard and the footer modals have no serious axe problems', async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/jordan-avery'));
    await page.getByRole('heading', { name: 'Featured Plans' }).waitFor();
    await page.getByRole('img', { name: 'National Dental and Vision Carrier', exact: true }).waitFor();
    expect(await axeProblems(page)).toEqual([]);
    await page.getByRole('button', { name: 'FIND A PLAN', exact: true }).click();
    await page.getByRole('dialog', { name: 'Get Started' }).getByRole('button', { name: 'Continue' }).click();
    await refusedSummary(page.getByRole('dialog', { name: 'Get Started' }));
    expect(await axeProblems(page, { selector: '.modal' })).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    const signUp = page.getByRole('dialog', { name: 'Sign Up' });
    await signUp.waitFor();
    expect(await axeProblems(page, { selector: '.modal' })).toEqual([]);
    await signUp.getByRole('button', { name: 'Submit' }).click();
    await refusedSummary(signUp);
    expect(await axeProblems(page, { selector: '.modal' })).toEqual([]);
  });

  it('the provider list and the help chat have no serious axe problems on a phone', async () => {
    const page = await e2e.newPage({ mobile: true });
    await page.goto(e2e.url('/provider-list'));
    await page.getByRole('heading', { name: 'Dental networks' }).waitFor();
    expect(await axeProblems(page)).toEqual([]);
    await page.getByRole('button', { name: 'Help', exact: true }).click();
    await page.getByRole('button', { name: 'Contact Rep' }).click();
    await page.getByText('What is your name?').waitFor();
    expect(await axeProblems(page, { selector: '.help-widget' })).toEqual([]);
  });

  it("the footer's links and buttons are 24 by 24 px targets at least on a 375 px phone, and the footer fits it", async () => {
    const page = await e2e.newPage({ mobile: true, width: 375 });
    await page.goto(e2e.url('/plans'));
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: 'Submit a support ticket' }).waitFor();
    // A link inside a sentence (the support phone number) may be smaller: WCAG 2.5.8's inline exception.
    const targets = await footer.locator('a, button').evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return {
          name: el.textContent?.trim() ?? '',
          size: `${Math.round(r.width)}x${Math.round(r.height)}`,
          small: r.width < 24 || r.height < 24,
          inline: el.matches('p > a[href^="tel:"]'),
          right: r.right,
        };
      }),
    );
    expect(targets.length).toBeGreaterThanOrEqual(9);
    expect(targets.filter((t) => t.small && !t.inline).map((t) => `${t.name}: ${t.size}`)).toEqual([]);
    for (const t of targets) expect(t.right, t.name).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
    expect(await axeProblems(page, { selector: 'footer', tags: ['wcag22aa'], allImpacts: true })).toEqual([]);
  });
});
