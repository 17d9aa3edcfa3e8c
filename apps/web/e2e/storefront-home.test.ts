import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness.ts';
import { trackNavigation } from './storefront-harness.ts';

describe('storefront: home page, category menu, language', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('shows featured plans, plan groups, plan-type tiles, the coverage table and the help modal', async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/'));
    const featured = page.getByRole('region', { name: 'Featured Plans' });
    await featured.getByRole('heading', { name: 'Dental Essentials', exact: true }).waitFor();
    // The plan's logo is its carrier's designed logo, named by the carrier.
    await featured
      .getByRole('listitem')
      .filter({ hasText: 'Dental Essentials' })
      .getByRole('img', { name: 'National Dental Carrier', exact: true })
      .waitFor();
    await expect(featured.getByRole('link', { name: 'More Info: Dental Essentials' }).getAttribute('href')).resolves.toBe(
      '/plan/101/Dental-Essentials',
    );
    for (const g of ['Low Deductible', 'High Annual Maximum', 'Bundled', 'Vision'])
      await page.getByRole('heading', { name: g, exact: true }).waitFor();
    await expect(page.getByRole('link', { name: 'Dental Plans' }).getAttribute('href')).resolves.toBe('/plans?type=dental');
    await expect(page.getByRole('link', { name: 'Vision Plans' }).getAttribute('href')).resolves.toBe('/plans?type=vision');
    await expect(page.getByRole('link', { name: 'Term Life' }).first().getAttribute('href')).resolves.toBe('/plans?type=term_life');
    for (const row of ['Preventive Care', 'Basic Services', 'Major Services']) await page.getByRole('rowheader', { name: row }).waitFor();
    await page.getByRole('button', { name: 'Help me find a plan' }).click();
    const help = page.getByRole('dialog', { name: 'Help me find a plan' });
    await help.getByRole('button', { name: 'Get Started' }).click();
    await page.getByRole('dialog', { name: 'Get Started' }).getByText('Steps: 1 of 4').waitFor();
  });

  it('opens the category menu with the display names, each to /plans?type=key, and shows the cart count', async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/'));
    await page.getByRole('link', { name: 'Cart, 0 items' }).waitFor();
    await page.getByRole('button', { name: 'Plans', exact: true }).click();
    const list = page.locator('#category-list');
    for (const name of [
      'Dental',
      'Vision',
      'Medical',
      'Limited Med',
      'Term Life',
      'Supplemental',
      'Lifestyle',
      'RX',
      'Disability Income',
      'Critical Illness',
      'Accident',
      'Hospital',
      'PET',
      'GUARANTEED',
    ]) {
      await list.getByRole('link', { name, exact: true }).waitFor();
    }
    const nav = trackNavigation(page);
    await list.getByRole('link', { name: 'Disability Income' }).click();
    await nav.reached((u) => u.pathname === '/plans' && u.searchParams.get('type') === 'di');
  });

  it('speaks Spanish when chosen', async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/'));
    await page.getByLabel('Language').selectOption('es');
    await page.getByRole('button', { name: 'ENCUENTRE UN PLAN' }).click();
    const dialog = page.getByRole('dialog', { name: 'Comenzar' });
    await dialog.getByText('Pasos: 1 de 4').waitFor();
    await dialog.getByRole('button', { name: 'Continuar' }).click();
    // The error summary speaks Spanish too.
    await dialog.getByRole('heading', { name: 'Hay un problema' }).waitFor();
    await dialog.getByRole('link', { name: '¿Cuál es su código postal? Este campo es obligatorio', exact: true }).waitFor();

    // The choice is kept: the next visit is in Spanish from the first paint, and English comes back when chosen.
    await page.reload();
    await page.getByRole('button', { name: 'ENCUENTRE UN PLAN' }).first().waitFor();
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('es');
    await expect(page.getByRole('button', { name: 'FIND A PLAN' }).count()).resolves.toBe(0);
    await page.getByLabel('Idioma').selectOption('en');
    await page.getByRole('button', { name: 'FIND A PLAN' }).first().waitFor();
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('en');
  });

  it('does not download the Spanish texts for an English visitor', async () => {
    const page = await e2e.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    await page.goto(e2e.url('/'));
    await page.getByRole('button', { name: 'FIND A PLAN' }).first().waitFor();
    const before = scripts.length;
    await page.getByLabel('Language').selectOption('es');
    await page.getByRole('button', { name: 'ENCUENTRE UN PLAN' }).first().waitFor();
    // Choosing Spanish fetched its texts then, not before.
    expect(scripts.length).toBeGreaterThan(before);
  });
});
