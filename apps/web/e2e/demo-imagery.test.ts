import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { startE2E, type E2E } from './harness.ts';
import { signInAsOperator, startQuote } from './admin-harness.ts';

/** Whether an image has arrived and been decoded (an image that failed or 404ed has a natural width of 0). */
const loaded = (img: Locator) => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0);

async function expectShown(img: Locator, label: string) {
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => loaded(img), { message: label }).toBe(true);
  const box = await img.boundingBox();
  expect(box?.width, label).toBeGreaterThan(40);
  // Width and height are set, so the page does not move when the picture arrives.
  expect(await img.getAttribute('width'), label).toMatch(/^\d+$/);
  expect(await img.getAttribute('height'), label).toMatch(/^\d+$/);
}

/** Media answered 404 or 5xx while the page loaded. */
function failedMedia(page: Page): string[] {
  const failed: string[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'image' && r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
  });
  return failed;
}

/** Issue 25: designed logos and illustrations show where a shopper and an operator look. */
describe('demo imagery', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  for (const width of [375, 1280]) {
    it(`shows the hero illustration and the plan-type tile pictures at ${width} px`, async () => {
      const page = await e2e.newPage(width === 375 ? { mobile: true, width } : { width });
      const failed = failedMedia(page);
      await page.goto(e2e.url('/'));
      const hero = page.locator('.hero img.hero-art');
      await hero.waitFor();
      await expectShown(hero, 'hero');
      expect(await hero.getAttribute('src')).toMatch(/^\/media\/[0-9a-f]{16}\/site-main-hero_image\.svg$/); // its content-hashed URL (decision 2761)
      // The hero sits beside the quote form's heading, above the fold.
      const heroBox = (await hero.boundingBox())!;
      expect(heroBox.x + heroBox.width).toBeLessThanOrEqual(width);
      for (const name of ['Dental Plans', 'Vision Plans', 'Term Life']) {
        const tile = page.getByRole('link', { name });
        await expectShown(tile.locator('img'), name);
        // Below the fold: loaded lazily.
        expect(await tile.locator('img').getAttribute('loading')).toBe('lazy');
      }
      expect(failed).toEqual([]);
    });
  }

  it('shows a hero of its own on the dental-branded host', async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/', 'dental.localhost'));
    const hero = page.locator('.hero img.hero-art');
    await hero.waitFor();
    await expectShown(hero, 'dental hero');
    expect(await hero.getAttribute('src')).toMatch(/^\/media\/[0-9a-f]{16}\/site-dental-hero_image\.svg$/); // its content-hashed URL (decision 2761)
  });

  it("shows each plan card's carrier logo named by the carrier, and each network's logo", async () => {
    const page = await e2e.newPage();
    const failed = failedMedia(page);
    await page.goto(e2e.url('/'));
    await startQuote(page);
    await page.goto(e2e.url('/plans'));
    const card = page.getByRole('article', { name: 'Dental Essentials' });
    const logo = card.getByRole('img', { name: 'National Dental Carrier', exact: true });
    await logo.waitFor();
    await expectShown(logo, 'Dental Essentials logo');
    expect(await logo.getAttribute('src')).toMatch(/^\/media\/[0-9a-f]{16}\/plan-logo-101\.svg$/);
    await expectShown(
      page.getByRole('article', { name: 'Vision Clear' }).getByRole('img', { name: 'National Vision Carrier', exact: true }),
      'Vision Clear logo',
    );

    await page.goto(e2e.url('/provider-list'));
    for (const name of ['BrightSmile Dental Network', 'Careline Dental Access', 'Summit Dental PPO', 'Harborview Dental Alliance']) {
      await expectShown(page.getByRole('region', { name: 'Dental networks' }).getByRole('img', { name: `${name} logo` }), name);
    }
    for (const name of ['ClearSight Vision Network', 'Lumina Eye Care']) {
      await expectShown(page.getByRole('region', { name: 'Vision networks' }).getByRole('img', { name: `${name} logo` }), name);
    }
    expect(failed).toEqual([]);
  });

  it("loads the console's plan-logo preview (the stored media id is served from /media)", async () => {
    const page = await e2e.newPage();
    await signInAsOperator(page, e2e);
    const failed = failedMedia(page);
    await page.getByRole('link', { name: 'Plans' }).click();
    await page.getByLabel('Search plans by name or id').fill('Dental Essentials');
    await page.getByRole('button', { name: 'Search' }).click();
    // Listened for before the page opens: the preview may load as soon as the form shows.
    const answer = page.waitForResponse((r) => r.url().endsWith('/media/plan-logo-101.svg'));
    await page.getByRole('link', { name: 'Dental Essentials', exact: true }).click();
    await expect.poll(() => page.getByLabel('Plan logo', { exact: true }).inputValue()).toBe('plan-logo-101.svg');
    const preview = page.locator('.admin-image-field', { has: page.getByLabel('Plan logo', { exact: true }) }).locator('img');
    await preview.waitFor();
    expect(await preview.getAttribute('src')).toBe('/media/plan-logo-101.svg');
    expect((await answer).status()).toBe(200);
    await expect.poll(() => loaded(preview)).toBe(true);
    expect(failed).toEqual([]);
  });
});
