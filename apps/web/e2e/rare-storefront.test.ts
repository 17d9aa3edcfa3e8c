import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness.ts';

/** Issue 26's storefront rules, reached as a shopper would from the demo data (README's demo table). */
describe('rare storefront rules (issue 26)', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it("lists only the referral portal's plans and says 'No Plans are available for your selection' for a category it does not offer", async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/referrals?rid=REFDV'));
    await page.getByText('Referred By').waitFor();
    const form = page.getByRole('form', { name: 'Get a quote' });
    await form.getByLabel('Zip code').fill('10001');
    await form.getByLabel('Date of birth').pressSequentially(`0101${new Date().getFullYear() - 35}`);
    await form.getByLabel('Gender').selectOption('1');
    await form.getByLabel('Tier').selectOption('IO');
    await form.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(/\/plans/);
    const results = page.getByRole('region', { name: 'Plans' });
    await results.getByText('Dental Essentials', { exact: true }).first().waitFor();
    await results.getByText('Vision Clear', { exact: true }).first().waitFor();
    await expect(results.getByText('Pet Companion').count()).resolves.toBe(0);
    await expect(results.getByText('No Plans are available for your selection').count()).resolves.toBe(0);
    await page.getByLabel('Categories', { exact: true }).selectOption('pet');
    await results.getByText('No Plans are available for your selection', { exact: true }).waitFor();
    await expect(results.getByRole('link', { name: /More Info/ }).count()).resolves.toBe(0);
  });

  it('looks the external site up at start-up: a known site loads the store with its portal, an unknown one lands on /404', async () => {
    const page = await e2e.newPage();
    const lookUps: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/get-external-site-infromation')) lookUps.push(new URL(r.url()).searchParams.get('site_name') ?? '');
    });
    await page.goto(e2e.url('/external?external_site=Elevate'));
    await page.waitForURL(e2e.url('/'));
    await page.getByRole('button', { name: 'FIND A PLAN', exact: true }).waitFor();
    await expect(page.evaluate(() => [localStorage.getItem('fromSite'), localStorage.getItem('portal_id')])).resolves.toEqual([
      'Elevate',
      '502',
    ]);
    expect(lookUps).toEqual(['Elevate']);

    const other = await e2e.newPage();
    await other.goto(e2e.url('/?websites=no-such-site'));
    await other.getByRole('heading', { name: 'OOPS! Page not found' }).waitFor();
    expect(new URL(other.url()).pathname).toBe('/404');
  });

  it("plays the site's how-to videos with English and Spanish captions, and says plainly when a site has none", async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/'));
    await page.getByRole('button', { name: 'How-To Videos' }).click();
    const dialog = page.getByRole('dialog', { name: 'How-To Videos' });
    await dialog.waitFor();
    const videos = dialog.locator('video');
    await expect(videos.count()).resolves.toBe(2);
    for (const name of ['Member video', 'Employer video']) {
      const video = dialog.getByLabel(name, { exact: true });
      await expect(video.getAttribute('controls')).resolves.not.toBeNull();
      const tracks = await video
        .locator('track')
        .evaluateAll((ts) => ts.map((t) => [(t as HTMLTrackElement).kind, (t as HTMLTrackElement).srclang, (t as HTMLTrackElement).src]));
      expect(tracks.map(([kind, lang]) => `${kind}:${lang}`)).toEqual(['captions:en', 'captions:es']);
      // the video is a real, playable file: its metadata loads and it lasts some seconds
      await expect
        .poll(() => video.evaluate((v: HTMLVideoElement) => (v.readyState >= 1 ? v.duration : 0)), { timeout: 20_000 })
        .toBeGreaterThan(2);
      for (const [, , src] of tracks) {
        const vtt = await page.evaluate(async (u) => (await fetch(u)).text(), src);
        expect(vtt.startsWith('WEBVTT')).toBe(true);
      }
    }
    await expect(dialog.getByText('There is no video for this site yet.').count()).resolves.toBe(0);

    const partner = await e2e.newPage();
    await partner.goto(e2e.url('/', 'partner.localhost'));
    await partner.getByRole('button', { name: 'How-To Videos' }).click();
    const none = partner.getByRole('dialog', { name: 'How-To Videos' });
    await none.waitFor();
    await expect(none.getByText('There is no video for this site yet.').count()).resolves.toBe(2);
    await expect(none.locator('video').count()).resolves.toBe(0);
  });
});
