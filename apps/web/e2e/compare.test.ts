import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { COMPARE_MAX_MESSAGE, ESTIMATE_ASSUMPTIONS } from '@store/domain/compare';
import { formatCents } from '@store/domain/pricing';
import { TEXT } from '@store/domain/texts';
import { callApi, holdAnswers, startE2E, type E2E } from './harness.ts';
import { newQuote } from './harness-enrollment.ts';
import { axeProblems } from './harness-a11y.ts';
import { openedMail } from '../../server/test/helpers/mail.ts';

const DENTAL = ['Dental Essentials', 'Dental Preferred Plus', 'Dental + Vision Bundle', 'Premier Dental L713'];
const PRICE_REASON =
  'Sorted by your monthly price, lowest first. Plans without a price for your quote come last. No plan is paid to be placed higher.';

/** A visitor with a quote (Member Only, born 1985, zip 10001) on /plans?type=dental. */
async function shopper(e2e: E2E, page: Page) {
  await page.goto(e2e.url('/'));
  const id = await newQuote(page);
  await page.goto(e2e.url('/plans?type=dental'));
  await page.getByText(PRICE_REASON).waitFor();
  return id;
}
const cardNames = (page: Page) => page.locator('#section-dental ~ .plan-cards h3').allTextContents();
const cardPrice = (page: Page, name: string) => page.getByRole('article', { name, exact: true }).locator('.plan-price').textContent();
const monthlyCents = async (page: Page, pid: number, id: string) =>
  (await callApi(page, 'GET', `/api/v1/get-plan-pricing-detail?pid=${pid}&enrollment_id=${id}`)).body.data.plans[0].price_cents as number;

describe('compare, sort, cost estimate and plan finder', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('lists plans with the server price in a neutral order, sorts and filters them, and says why', async () => {
    const page = await e2e.newPage();
    const id = await shopper(e2e, page);
    await expect.poll(() => cardNames(page)).toEqual(DENTAL);
    expect(await cardPrice(page, 'Dental Essentials')).toBe(`${formatCents(await monthlyCents(page, 101, id))}/month + $5.00 membership`);
    const sort = page.getByLabel('Sort plans by');
    await expect.poll(() => sort.inputValue()).toBe('price');

    await sort.selectOption({ label: 'Annual maximum, highest first' });
    await page.getByText('Sorted by annual maximum, highest first.', { exact: false }).waitFor();
    await expect
      .poll(() => cardNames(page))
      .toEqual(['Premier Dental L713', 'Dental Preferred Plus', 'Dental + Vision Bundle', 'Dental Essentials']);
    await sort.selectOption({ label: 'Deductible, lowest first' });
    await page.getByText('Sorted by deductible, lowest first.', { exact: false }).waitFor();
    await sort.selectOption({ label: 'Plan name, A to Z' });
    await page.getByText('Sorted by plan name, A to Z. No plan is paid to be placed higher.').waitFor();
    await expect.poll(() => cardNames(page)).toEqual([...DENTAL].sort((a, b) => a.localeCompare(b, 'en')));

    const carrier = page.getByLabel('Carrier');
    await carrier.selectOption({ label: 'National Dental and Vision Carrier' });
    await expect.poll(() => cardNames(page)).toEqual(['Dental + Vision Bundle']);
    await carrier.selectOption({ label: 'All carriers' });
    await expect.poll(() => cardNames(page)).toHaveLength(4);
    const price = page.getByLabel('Monthly price');
    await price.selectOption({ label: 'Up to $50.00 a month' });
    const under50: string[] = [];
    for (const [pid, name] of [
      [101, 'Dental Essentials'],
      [102, 'Dental Preferred Plus'],
      [103, 'Dental + Vision Bundle'],
      [105, 'Premier Dental L713'],
    ] as const)
      if ((await monthlyCents(page, pid, id)) <= 5000) under50.push(name);
    await expect
      .poll(() => cardNames(page))
      .toEqual([...DENTAL].filter((n) => under50.includes(n)).sort((a, b) => a.localeCompare(b, 'en')));
    await price.selectOption({ label: 'Up to $25.00 a month' });
    await page.getByText(TEXT.NO_PLANS, { exact: true }).waitFor();
    await price.selectOption({ label: 'Any price' });
    await expect.poll(() => cardNames(page)).toHaveLength(4);
  });

  it('compares chosen plans side by side with the card prices, survives a reload, adds to cart from there', async () => {
    const page = await e2e.newPage();
    const id = await shopper(e2e, page);
    // keyboard: Tab to the checkbox and Space to choose it
    const essentials = page.getByRole('checkbox', { name: 'Compare Dental Essentials' });
    await expect.poll(() => essentials.isEnabled()).toBe(true); // once the saved choice (none yet) is known
    await essentials.focus();
    await page.keyboard.press('Space');
    await page.getByText('1 of 4 plans chosen to compare.').waitFor();
    await page.getByRole('checkbox', { name: 'Compare Dental Preferred Plus' }).check();
    await page.getByText('2 of 4 plans chosen to compare.').waitFor();
    const prices = [await cardPrice(page, 'Dental Essentials'), await cardPrice(page, 'Dental Preferred Plus')];

    // four at most: the others can no longer be chosen
    await page.getByRole('checkbox', { name: 'Compare Dental + Vision Bundle' }).check();
    await page.getByRole('checkbox', { name: 'Compare Premier Dental L713' }).check();
    await page.getByText(`4 of 4 plans chosen to compare. ${COMPARE_MAX_MESSAGE}`).waitFor();
    await page.goto(e2e.url('/plans?type=vision'));
    await expect.poll(() => page.getByRole('checkbox', { name: 'Compare Vision Clear' }).isDisabled()).toBe(true);
    // A box never shows before the saved choice (a click then would save a choice made from nothing): the saved
    // choice comes in the list's own answer (decision 2380), and the page asks for nothing else about it.
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    const release = await holdAnswers(page, '**/api/v1/get-quote-plans?*');
    await page.goto(e2e.url('/plans?type=dental'));
    const premier = page.getByRole('checkbox', { name: 'Compare Premier Dental L713' });
    await expect.poll(() => asked).toContain('/api/v1/get-quote-plans');
    expect(await premier.count()).toBe(0);
    release();
    await premier.waitFor();
    expect(await premier.isChecked()).toBe(true);
    expect(asked).not.toContain('/api/v1/get-compare-plans');
    await page.unroute('**/api/v1/get-quote-plans?*');
    await premier.uncheck();
    await page.getByText('3 of 4 plans chosen to compare.').waitFor();
    await page.getByRole('checkbox', { name: 'Compare Dental + Vision Bundle' }).uncheck();
    await page.getByText('2 of 4 plans chosen to compare.').waitFor();

    await page.getByRole('link', { name: 'Compare plans' }).click();
    await page.waitForURL('**/compare');
    const table = page.getByRole('table', { name: '2 plans side by side, priced for your quote' });
    await table.waitFor();
    const rowCells = async (header: string) =>
      table
        .getByRole('row', { name: new RegExp(`^${header.replace(/[()]/g, '\\$&')}`) })
        .getByRole('cell')
        .allTextContents();
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(['Dental Essentials', 'Dental Preferred Plus']);
    expect(await rowCells('Monthly price')).toEqual(prices);
    // One price (issue 37): the first month, the year and the estimates with the $5.00 membership, as the cart charges.
    const essentialsCents = (await monthlyCents(page, 101, id)) + 500;
    expect(await rowCells('First month cost')).toEqual([
      formatCents(essentialsCents),
      formatCents((await monthlyCents(page, 102, id)) + 500),
    ]);
    expect((await rowCells('Yearly cost (12 months)'))[0]).toBe(formatCents(essentialsCents * 12));
    expect(await rowCells('Annual maximum')).toEqual(['$1,000.00', '$2,500.00']);
    expect(await rowCells('Deductible')).toEqual(['$50.00', '$50.00']);
    expect((await rowCells('Waiting periods'))[0]).toContain('Major services (crowns, bridges, root canals): 12-month waiting period');
    expect((await rowCells('Network'))[0]).toBe('National PPO network with 75% of dentists. Out-of-network providers are paid too.');
    expect((await rowCells('What it covers'))[1]).toContain('Orthodontia for children under 19: 50% paid by the plan');
    // low use: preventive only; medium: $50 deductible + 20% of $250; high: + a $1,200 crown in its 12-month wait
    expect((await rowCells('Yearly cost estimate, low use'))[0]).toBe(`${formatCents(essentialsCents * 12)} (you pay $0.00 yourself)`);
    expect((await rowCells('Yearly cost estimate, medium use'))[0]).toBe(
      `${formatCents(essentialsCents * 12 + 10000)} (you pay $100.00 yourself)`,
    );
    expect((await rowCells('Yearly cost estimate, high use'))[0]).toBe(
      `${formatCents(essentialsCents * 12 + 130000)} (you pay $1,300.00 yourself)`,
    );
    await page.getByRole('heading', { name: 'How the yearly cost estimate is worked out' }).waitFor();
    for (const a of ESTIMATE_ASSUMPTIONS) await page.getByText(a, { exact: true }).waitFor();
    await page
      .getByText(
        'Preventive care (exams, cleanings, x-rays) $300.00; Basic services (fillings, simple extractions) $300.00; Major services (crowns, bridges, root canals) $1,200.00',
      )
      .waitFor();
    expect(await axeProblems(page)).toEqual([]);

    await page.reload();
    await expect.poll(() => table.getByRole('columnheader').allTextContents()).toEqual(['Dental Essentials', 'Dental Preferred Plus']);
    await page.getByRole('button', { name: 'Remove Dental Preferred Plus from the comparison' }).click();
    await page.getByRole('table', { name: '1 plans side by side, priced for your quote' }).waitFor();

    await page.getByRole('button', { name: 'Add to Cart: Dental Essentials' }).click();
    await page.waitForURL('**/cart');
    await page.getByText('Dental Essentials').first().waitFor();
    const cart = await callApi(page, 'GET', `/api/v1/get-plan-cart?enrollment_id=${id}`);
    expect(cart.body.data.result.map((r: { plan_name: string }) => r.plan_name)).toEqual(['Dental Essentials']);
  });

  it('"Help me find a plan" asks four questions and recommends plans with the reasons', async () => {
    const page = await e2e.newPage();
    const id = await shopper(e2e, page);
    await page.goto(e2e.url('/home'));
    await page.getByRole('button', { name: 'Help me find a plan' }).click();
    const help = page.getByRole('dialog', { name: 'Help me find a plan' });
    await help.getByRole('button', { name: 'Show my plans' }).click();
    await expect.poll(() => help.getByText('Field is required').count()).toBe(2);
    await expect.poll(() => help.getByRole('radio', { name: 'Me', exact: true }).isChecked()).toBe(true);
    await help.getByRole('radio', { name: 'Major work such as a crown or a root canal' }).check();
    await help.getByRole('checkbox', { name: 'I also need glasses or contacts' }).check();
    await help.getByRole('group', { name: 'Do you have a dentist you want to keep?' }).getByRole('radio', { name: 'Yes' }).check();
    await help.getByRole('button', { name: 'Show my plans' }).click();

    const list = help.getByRole('region', { name: 'Plans for you' });
    await list.waitFor();
    const facts = (await callApi(page, 'GET', `/api/v1/get-plan-facts?enrollment_id=${id}&categories=dental`)).body.data.result as {
      plan_id: number;
      estimates: { level: string; total_cents: number }[];
    }[];
    const high = facts.find((f) => f.plan_id === 102)!.estimates.find((e) => e.level === 'high')!.total_cents;
    await expect
      .poll(() => list.getByRole('heading', { level: 4 }).allTextContents())
      .toEqual(['Dental Preferred Plus', 'Premier Dental L713', 'Dental Essentials', 'Vision Plus']);
    const first = list.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Dental Preferred Plus' }) });
    for (const reason of [
      'Lowest estimated yearly cost for the care you expect.',
      `About ${formatCents(high)} a year with premium and your own costs.`,
      'Out-of-network dentists are paid too, so you can keep your dentist.',
      'Major services wait 6 months.',
    ])
      await first.getByText(reason, { exact: true }).waitFor();
    await list.getByText('For glasses or contacts: covers an eye exam, lenses and frames.').waitFor();
    expect(await axeProblems(page, { selector: '.modal' })).toEqual([]);

    await help.getByRole('button', { name: 'Compare these plans' }).click();
    await page.waitForURL('**/compare');
    await expect
      .poll(() => page.getByRole('table').getByRole('columnheader').allTextContents())
      .toEqual(['Dental Preferred Plus', 'Premier Dental L713', 'Dental Essentials', 'Vision Plus']);
    await page.getByRole('heading', { name: 'Eye care assumed in a year' }).waitFor();
  });

  it('fits a 375 px wide phone without horizontal scrolling, and the comparison scrolls inside its own region', async () => {
    const ctx = await e2e.browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    try {
      const page = await ctx.newPage();
      await shopper(e2e, page);
      for (const name of DENTAL) await page.getByRole('checkbox', { name: `Compare ${name}` }).check();
      await page.getByText('4 of 4 plans chosen to compare.', { exact: false }).waitFor();
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      expect(await axeProblems(page)).toEqual([]);
      await page.getByRole('link', { name: 'Compare plans' }).click();
      await page.getByRole('table', { name: '4 plans side by side, priced for your quote' }).waitFor();
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      expect(await axeProblems(page)).toEqual([]);
    } finally {
      await ctx.close();
    }
  });

  it('mails the comparison with the personalised quote of a rep', async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/'));
    expect(
      (await callApi(page, 'POST', '/api/auth/sign-in', { email: 'jordan.avery@example.com', password: 'Demo-Rep-2026' })).status,
    ).toBe(200);
    await page.evaluate(() => localStorage.setItem('eprocess', 'rep'));
    const id = await newQuote(page, { eprocess: 'rep', group_id: 3001 });
    await page.goto(e2e.url('/plans?type=dental'));
    await page.getByRole('checkbox', { name: 'Compare Dental Essentials' }).check();
    await page.getByRole('checkbox', { name: 'Compare Premier Dental L713' }).check();
    await page.getByText('2 of 4 plans chosen to compare.').waitFor();
    await page.getByRole('link', { name: 'Compare plans' }).click();
    await page.getByRole('button', { name: 'Add to Cart: Dental Essentials' }).click();
    await page.waitForURL('**/cart');

    await page.getByRole('button', { name: 'Send Personalized Quote' }).click();
    const modal = page.getByRole('dialog', { name: 'Send Personalized Quote' });
    await modal.getByLabel('Name').fill('Sam Rivera');
    await modal.getByLabel('Email').fill('sam.rivera@example.com');
    await modal.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('dialog', { name: 'Preview' });
    await preview.getByRole('heading', { name: 'Plans you compared' }).waitFor();
    const cents = await monthlyCents(page, 105, id);
    const price = formatCents(cents);
    // The first month is the one price the person pays: the plan and the $5.00 association membership (decision 2500).
    const first = formatCents(cents + 500);
    await expect
      .poll(() => preview.getByTestId('quote-preview').innerText())
      .toMatch(new RegExp(`Premier Dental L713\\s+\\${price}\\s+\\${first}`));
    await preview.getByRole('button', { name: 'Close' }).last().click();
    await modal.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('dialog', { name: 'Quote Sent' }).getByText('Your quote has been sent.').waitFor();
    const mail = openedMail(
      e2e.store,
      await e2e.store.db.selectFrom('outbox').select(['id', 'html', 'text']).where('enrollment_id', '=', id).executeTakeFirstOrThrow(),
    );
    expect(mail.html).toContain('Plans you compared');
    expect(mail.text).toContain(`- Premier Dental L713; Monthly price ${price}; First month ${first}`);
  });
});
