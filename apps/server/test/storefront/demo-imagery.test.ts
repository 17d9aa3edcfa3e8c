import { expect, it } from 'vitest';
import { PROVIDER_NETWORKS } from '@store/domain/storefront';
import { mediaUrl } from '@store/domain/media';
import { describeEachDb } from '../helpers/store.ts';
import type { TestClient } from '../helpers/client.ts';
import { CARRIER_LOGOS, carrierLogoId, ILLUSTRATION_KEYS } from '../../src/db/seed/demo-brands.ts';

/** An SVG served as an image that cannot run script: its type, nosniff and the sandbox policy. */
async function expectSafeSvg(c: TestClient, url: string) {
  const r = await c.get(url);
  expect(r.status, url).toBe(200);
  expect(r.headers.get('content-type'), url).toMatch(/^image\/svg\+xml/);
  expect(r.headers.get('x-content-type-options'), url).toBe('nosniff');
  expect(r.headers.get('content-security-policy'), url).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
  const svg = String(r.body);
  expect(svg, url).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 \d+ \d+" width="\d+" height="\d+">/);
  expect(svg, url).not.toMatch(/<script|\bon\w+=|javascript:|<foreignObject|href=/i);
  return svg;
}

/** Issue 25: the demo carriers, networks, plans and sites carry designed images, served safely. */
describeEachDb('demo imagery', (ctx) => {
  it("gives every demo carrier its own designed logo, and every plan its carrier's logo (not initials on a tile)", async () => {
    const c = ctx().client();
    const carriers = await ctx().db.selectFrom('carriers').select('name').execute();
    expect(carriers.length).toBeGreaterThan(10);
    for (const { name } of carriers) {
      expect(CARRIER_LOGOS[name], name).toBeDefined();
      const svg = await expectSafeSvg(c, `/media/${carrierLogoId(name)}`);
      // The wordmark says the carrier's name: its first words in bold, the rest in capitals.
      expect(svg).toContain(name.split(' ')[0]);
    }
    expect(new Set(Object.values(CARRIER_LOGOS)).size).toBe(Object.keys(CARRIER_LOGOS).length);

    const plans = await ctx().db.selectFrom('plans').select(['plan_id', 'plan_logo', 'carrier']).execute();
    for (const p of plans) {
      expect(p.plan_logo, `plan ${p.plan_id}`).toBeTruthy();
      const svg = await expectSafeSvg(c, mediaUrl(p.plan_logo)!);
      const carrierSvg = (await c.get(`/media/${carrierLogoId(p.carrier)}`)).body;
      expect(svg, `plan ${p.plan_id}`).toBe(carrierSvg);
    }
  });

  it('gives the 4 dental and 2 vision networks (fictional brands) their logos', async () => {
    const c = ctx().client();
    const networks = [...PROVIDER_NETWORKS.dental, ...PROVIDER_NETWORKS.vision];
    expect(networks.map((n) => n.name)).toEqual([
      'BrightSmile Dental Network',
      'Careline Dental Access',
      'Summit Dental PPO',
      'Harborview Dental Alliance',
      'ClearSight Vision Network',
      'Lumina Eye Care',
    ]);
    for (const n of networks) {
      const svg = await expectSafeSvg(c, `/media/${n.logo}`);
      expect(svg).toContain(`>${n.name.split(' ')[0]}</text>`);
      expect(new URL(n.url).hostname).toMatch(/\.example$/);
    }
  });

  it('gives every demo site a hero, plan-type tile, thank-you and review-card illustration, each small', async () => {
    const heroes = new Set<string>();
    for (const host of [undefined, 'dental.localhost', 'partner.localhost', 'goenroll.localhost']) {
      const c = ctx().client(host);
      const site = (await c.get('/api/v1/site')).body.data;
      for (const key of ILLUSTRATION_KEYS) {
        expect(site.settings[key], `${host} ${key}`).toMatch(/^\/media\/[0-9a-f]{16}\/site-[\w-]+\.svg$/);
        const svg = await expectSafeSvg(c, site.settings[key]);
        // Sized for the performance budget: a few kilobytes each.
        expect(Buffer.byteLength(svg), `${host} ${key}`).toBeLessThan(3000);
        if (key === 'hero_image') heroes.add(svg);
      }
    }
    // A hero of its own per site.
    expect(heroes.size).toBe(4);
  });

  it('shows believable example addresses, never placeholder ones', async () => {
    for (const host of [undefined, 'dental.localhost', 'partner.localhost', 'goenroll.localhost']) {
      const site = (await ctx().client(host).get('/api/v1/site')).body.data;
      expect(site.settings.support_email).toMatch(/^[a-z]+@benefitstore\.example\.com$/);
    }
    const dump = JSON.stringify([
      await ctx().db.selectFrom('site_settings').selectAll().execute(),
      await ctx().db.selectFrom('agents').select(['email', 'display_email']).execute(),
      await ctx().db.selectFrom('groups').select(['display_email']).execute(),
      await ctx().db.selectFrom('accounts').select('email').execute(),
    ]);
    expect(dump).not.toContain('.local"');
    expect(dump).not.toMatch(/@[\w.-]+\.local\b/);
  });
});
