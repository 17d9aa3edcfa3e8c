import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatCents } from '@store/domain/pricing';
import { callApi, startE2E, type E2E } from './harness.ts';
import { newQuote } from './harness-enrollment.ts';
import { axeProblems } from './harness-a11y.ts';
import { signInAsOperator } from './admin-harness.ts';

/** Issue 25: plan cards with the numbers that matter, the plan page's one title and disclosures, plan texts in Spanish. */

const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
/** A key number of a card: its term and its value. */
const keyNumber = async (page: Page, plan: string, term: string) =>
  card(page, plan)
    .locator('.key-numbers div')
    .filter({ has: page.getByText(term, { exact: true }) })
    .locator('dd')
    .textContent();
const monthlyCents = async (page: Page, pid: number, id: string) =>
  (await callApi(page, 'GET', `/api/v1/get-plan-pricing-detail?pid=${pid}&enrollment_id=${id}`)).body.data.plans[0].price_cents as number;

describe('plan cards, the plan page and Spanish plan texts', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('shows a dental card with its deductible, annual maximum, waiting period and price a month, then in Spanish', async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/'));
    const id = await newQuote(page);
    await page.goto(e2e.url('/plans'));
    const essentials = card(page, 'Dental Essentials');
    const price = essentials.locator('.plan-price');
    await price.waitFor();
    // One price (issue 37): the membership said in the same sentence as the plan's price.
    expect(await price.textContent()).toBe(`${formatCents(await monthlyCents(page, 101, id))}/month + $5.00 membership`);
    expect(await price.textContent()).toMatch(/^\$\d+\.\d{2}\/month \+ \$5\.00 membership$/);
    expect(await keyNumber(page, 'Dental Essentials', 'Deductible')).toBe('$50.00');
    expect(await keyNumber(page, 'Dental Essentials', 'Annual maximum')).toBe('$1,000.00');
    expect(await keyNumber(page, 'Dental Essentials', 'Waiting periods')).toBe('Major: 12 months');
    await essentials.getByText('Low $50 annual deductible').waitFor();
    // life and supplemental cards: coverage and term, benefit amounts
    expect(await keyNumber(page, 'Term Life 100k', 'Coverage amount')).toBe('$100,000.00');
    expect(await keyNumber(page, 'Term Life 100k', 'Term')).toBe('10 years');
    expect(await keyNumber(page, 'Supplemental Care', 'Hospital admission')).toBe('$1,000.00');

    await page.getByLabel('Language').selectOption('es');
    await essentials.getByText('Deducible anual bajo de $50').waitFor();
    await essentials.getByText('Exámenes y limpiezas preventivas cubiertos al 100% dentro de la red').waitFor();
    expect(await essentials.getByText('Low $50 annual deductible').count()).toBe(0);
    expect(await keyNumber(page, 'Dental Essentials', 'Deducible')).toBe('$50.00');
    expect(await keyNumber(page, 'Dental Essentials', 'Máximo anual')).toBe('$1,000.00');
    expect(await keyNumber(page, 'Dental Essentials', 'Períodos de espera')).toBe('Mayor: 12 meses');
    expect(await keyNumber(page, 'Supplemental Care', 'Ingreso hospitalario')).toBe('$1,000.00');
    expect(await price.textContent()).toMatch(/^\$\d+\.\d{2}\/mes \+ \$5\.00 de membresía$/);
    await card(page, 'Vision Clear').getByText('Examen de la vista anual con un copago de $10').waitFor();
  });

  it('gives the plan page one title, the price beside the key numbers and disclosures that open, in both languages', async () => {
    const page = await e2e.newPage({ width: 1280 });
    await page.goto(e2e.url('/'));
    await newQuote(page);
    await page.goto(e2e.url('/plan/101/Dental-Essentials'));
    const h1 = page.getByRole('heading', { level: 1 });
    await page.getByRole('button', { name: 'Add to Cart' }).first().waitFor();
    expect(await h1.allTextContents()).toEqual(['Dental Essentials']);
    await page.getByText('Low-deductible coverage for everyday dental care').waitFor();
    const table = page.getByRole('table', { name: 'Key numbers' });
    expect(
      await table
        .getByRole('row', { name: /Deductible/ })
        .getByRole('cell')
        .textContent(),
    ).toBe('$50.00');
    expect(
      await table
        .getByRole('row', { name: /Waiting periods/ })
        .getByRole('cell')
        .textContent(),
    ).toBe('Major: 12 months');
    // beside it: the price
    const side = await page.getByRole('complementary', { name: 'Price' }).boundingBox();
    const numbers = await table.boundingBox();
    expect(side!.x).toBeGreaterThan(numbers!.x + numbers!.width - 1);
    expect(Math.abs(side!.y - numbers!.y)).toBeLessThan(80);
    // the income lines belong to plans whose rules ask for them
    expect(await page.getByText('Annual Income:').count()).toBe(0);

    const faq = page.locator('details').filter({ has: page.locator('summary', { hasText: 'Frequently Asked Questions' }) });
    const answer = faq.getByText('Can I cancel at any time?');
    expect(await answer.isVisible()).toBe(false);
    await faq.locator('summary').click();
    await answer.waitFor();
    const exclusions = page.locator('summary', { hasText: 'Exclusions and Limitations' });
    await exclusions.click();
    await page.getByText('Treatment started before the coverage effective date').waitFor();
    expect(await axeProblems(page)).toEqual([]);

    await page.getByLabel('Language').selectOption('es');
    await page.getByText('Cobertura con deducible bajo para el cuidado dental de todos los días').waitFor();
    expect(await h1.allTextContents()).toEqual(['Dental Essentials']);
    const preguntas = page.locator('summary', { hasText: 'Preguntas frecuentes' });
    await preguntas.click();
    await page.getByText('¿Puedo cancelar en cualquier momento?').waitFor();
    await page.getByText('Exclusiones y limitaciones', { exact: true }).waitFor();
    await page.getByRole('table', { name: 'Cifras clave' }).getByText('Mayor: 12 meses').waitFor();

    await page.getByLabel('Idioma').selectOption('en');
    await page.goto(e2e.url('/plan/901/Income-Protect-DI'));
    await page.getByText('Annual Income:').waitFor();
  });

  it('edits the key numbers and the Spanish texts in the console; a bad amount is refused beside its field', async () => {
    const page = await e2e.newPage();
    await signInAsOperator(page, e2e);
    await page.goto(e2e.url('/admin/plans/102'));
    const form = page.getByRole('form', { name: 'Key numbers and Spanish texts' });
    const deductible = form.getByLabel('Deductible (dollars)');
    await expect.poll(() => deductible.inputValue()).toBe('50.00');
    expect(await form.getByLabel('Waiting period for Major (months)').inputValue()).toBe('6');
    await deductible.fill('fifty');
    await form.getByRole('button', { name: 'Save key numbers and Spanish texts' }).click();
    await form.getByText('There is a problem').waitFor();
    await form.getByText('Enter an amount in dollars, such as 50 or 1500.00.').first().waitFor();
    await deductible.fill('75');
    await form.getByLabel('Waiting period for Major (months)').fill('3');
    await form.getByLabel('Headline in Spanish').fill('Dental Preferred Plus: más cobertura para trabajos mayores');
    await form.getByRole('button', { name: 'Save key numbers and Spanish texts' }).click();
    await form.getByText('Key numbers and Spanish texts saved.').waitFor();

    const shopper = await e2e.newPage();
    await shopper.goto(e2e.url('/'));
    await newQuote(shopper);
    await shopper.goto(e2e.url('/plans'));
    await card(shopper, 'Dental Preferred Plus').locator('.plan-price').waitFor();
    expect(await keyNumber(shopper, 'Dental Preferred Plus', 'Deductible')).toBe('$75.00');
    expect(await keyNumber(shopper, 'Dental Preferred Plus', 'Waiting periods')).toBe('Major: 3 months; Orthodontia: 12 months');
    await shopper.getByLabel('Language').selectOption('es');
    // the choice is kept once the Spanish texts are in (then the page's own language)
    await expect.poll(() => shopper.evaluate(() => document.documentElement.lang)).toBe('es');
    await shopper.goto(e2e.url('/plan/102/Dental-Preferred-Plus'));
    await expect
      .poll(() => shopper.locator('.plan-hero').textContent(), { timeout: 15_000 })
      .toContain('Más cobertura para trabajos mayores');
  });
});
