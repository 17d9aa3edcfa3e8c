import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ESTIMATE_ASSUMPTIONS, USE_LEVEL_LABELS, USE_LEVELS, type TPlanFacts } from '@store/domain/compare';
import { formatCents } from '@store/domain/pricing';
import { recommendPlans } from '@store/domain/recommend';
import { callApi, startE2E, type E2E } from './harness.ts';
import { newQuote } from './harness-enrollment.ts';
import { axeProblems } from './harness-a11y.ts';

const ESSENTIALS = '/plan/101/Dental-Essentials';
const ASSUMED_DENTAL_HIGH =
  'Preventive care (exams, cleanings, x-rays) $300.00; Basic services (fillings, simple extractions) $300.00; Major services (crowns, bridges, root canals) $1,200.00';

const facts = async (page: Page, id: string, categories: string) =>
  (await callApi(page, 'GET', `/api/v1/get-plan-facts?enrollment_id=${id}&categories=${categories}`)).body.data.result as TPlanFacts[];
/** The estimate table of the plan detail page, its rows by use level. */
const estimateRows = (page: Page) => page.getByRole('table', { name: 'Premium for 12 months plus what you pay yourself, for your quote' });

/** Issue 10 on the plan detail page and on /plans: the yearly cost estimate, the compare toggle and the plan finder. */
describe('yearly cost estimate on the plan page, and the plan finder on /plans', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('shows the three estimates of a dental plan as get-plan-facts and /compare give them, with the assumptions', async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/'));
    const id = await newQuote(page);
    await page.goto(e2e.url(ESSENTIALS));
    const section = page.getByRole('region', { name: 'Yearly cost estimate' });
    const table = estimateRows(page);
    await table.waitFor();

    const plan = (await facts(page, id, 'dental')).find((f) => f.plan_id === 101)!;
    const expected = USE_LEVELS.map((level) => {
      const e = plan.estimates.find((x) => x.level === level)!;
      return `${formatCents(e.total_cents)} (you pay ${formatCents(e.out_of_pocket_cents)} yourself)`;
    });
    const shown = async () =>
      Promise.all(USE_LEVELS.map((level) => table.getByRole('row', { name: USE_LEVEL_LABELS[level] }).getByRole('cell').textContent()));
    await expect.poll(shown).toEqual(expected);
    // low use is the premium alone: preventive care is paid in full
    expect(expected[0]).toBe(`${formatCents((plan.monthly_cents! + plan.membership_cents!) * 12)} (you pay $0.00 yourself)`);

    // the assumptions are behind a disclosure
    const assumptions = section.getByText(ESTIMATE_ASSUMPTIONS[0], { exact: true });
    await expect.poll(() => assumptions.isVisible()).toBe(false);
    await section.getByText('How the yearly cost estimate is worked out', { exact: true }).click();
    for (const a of ESTIMATE_ASSUMPTIONS) await section.getByText(a, { exact: true }).waitFor();
    await section.getByRole('heading', { name: 'Dental care assumed in a year' }).waitFor();
    await section.getByText(ASSUMED_DENTAL_HIGH, { exact: true }).waitFor();
    expect(await axeProblems(page)).toEqual([]);

    // the compare toggle saves the choice with the quote; /compare shows the same figures
    await page.getByRole('checkbox', { name: 'Compare Dental Essentials' }).check();
    await page.getByText('1 of 4 plans chosen to compare.').waitFor();
    await expect
      .poll(async () => (await callApi(page, 'GET', `/api/v1/get-compare-plans?enrollment_id=${id}`)).body.data.plan_ids)
      .toEqual([101]);
    await page.getByRole('link', { name: 'Compare plans' }).click();
    await page.waitForURL('**/compare');
    const compare = page.getByRole('table', { name: '1 plans side by side, priced for your quote' });
    await compare.waitFor();
    const compareRow = (level: (typeof USE_LEVELS)[number]) =>
      compare
        .getByRole('row', { name: new RegExp(`^Yearly cost estimate, ${USE_LEVEL_LABELS[level].toLowerCase()}`) })
        .getByRole('cell')
        .textContent();
    expect(await Promise.all(USE_LEVELS.map(compareRow))).toEqual(expected);

    // back on the plan page the box is ticked; unticking it empties the comparison
    await page.goto(e2e.url(ESSENTIALS));
    const box = page.getByRole('checkbox', { name: 'Compare Dental Essentials' });
    await expect.poll(() => box.isChecked()).toBe(true);
    await box.uncheck();
    await expect
      .poll(async () => (await callApi(page, 'GET', `/api/v1/get-compare-plans?enrollment_id=${id}`)).body.data.plan_ids)
      .toEqual([]);
  });

  it('shows no estimate and no compare box without a quote', async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url(ESSENTIALS));
    await page.getByText('Tell us a little about yourself to see plans and prices.').waitFor();
    await expect.poll(() => page.getByRole('region', { name: 'Yearly cost estimate' }).count()).toBe(0);
    await expect.poll(() => page.getByRole('checkbox', { name: 'Compare Dental Essentials' }).count()).toBe(0);
  });

  it('fits a 375 px wide phone with the estimate open', async () => {
    const page = await e2e.newPage({ mobile: true, width: 375 });
    await page.goto(e2e.url('/'));
    await newQuote(page);
    await page.goto(e2e.url(ESSENTIALS));
    await estimateRows(page).waitFor();
    await page.getByText('How the yearly cost estimate is worked out', { exact: true }).click();
    await page.getByText(ASSUMED_DENTAL_HIGH, { exact: true }).waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await axeProblems(page)).toEqual([]);
  });

  it('opens the "Help me find a plan" questionnaire from /plans and recommends plans', async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/'));
    const id = await newQuote(page);
    await page.goto(e2e.url('/plans?type=dental'));
    await page.getByRole('button', { name: 'Help me find a plan' }).click();
    const help = page.getByRole('dialog', { name: 'Help me find a plan' });
    await help.getByRole('heading', { name: 'Answer a few questions' }).waitFor();
    await help.getByRole('radio', { name: 'Check-ups and cleanings only' }).check();
    await help.getByRole('group', { name: 'Do you have a dentist you want to keep?' }).getByRole('radio', { name: 'No' }).check();
    await help.getByRole('button', { name: 'Show my plans' }).click();

    const list = help.getByRole('region', { name: 'Plans for you' });
    await list.waitFor();
    const expected = recommendPlans(
      { covered: 'IO', care: 'low', vision: false, keep_dentist: 'no' },
      await facts(page, id, 'dental,vision'),
    );
    expect(expected.length).toBeGreaterThan(0);
    await expect.poll(() => list.getByRole('heading', { level: 4 }).allTextContents()).toEqual(expected.map((r) => r.plan_name));
    await list.getByRole('listitem').first().getByText('Lowest estimated yearly cost for the care you expect.', { exact: true }).waitFor();
    expect(await axeProblems(page, { selector: '.modal' })).toEqual([]);

    await list.getByRole('link', { name: `More Info: ${expected[0].plan_name}` }).click();
    await page.waitForURL(`**/plan/${expected[0].plan_id}/**`);
    await expect.poll(() => help.count()).toBe(0);
  });
});
