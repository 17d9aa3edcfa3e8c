import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_IDS } from '../../src/db/seed/demo-catalog.ts';
import { startTestStore, type TestStore } from '../helpers/store.ts';

/**
 * What index.html carries so that a page's first paint waits for no API round trip and no late image
 * (apps/server/src/plugins/web.ts, docs/decisions/0910-inner-pages-first-paint.md): the site's logo preloaded on
 * every page; on a plan's page the plan's public answers (its description, its price without a quote) as start-up
 * data and its logo preloaded; never a shopper's own answers.
 */
const json = async (url: string): Promise<any> => (await fetch(url)).json();
const startup = (html: string) => JSON.parse(/<script type="application\/json" id="startup-data">(.*?)<\/script>/s.exec(html)![1]);

describe('index.html for the first paint of a page', () => {
  let ts: TestStore & { close(): Promise<void> };
  let dist: string;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="en"><head><title>Benefit Store</title><script type="module" src="/assets/app-3f9c2d1a.js"></script></head><body><div id="root"></div></body></html>',
    );
    ts = await startTestStore('pglite', { webDist: dist });
  }, 60_000);

  afterAll(async () => {
    await ts?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const page = async (pathname: string, headers: Record<string, string> = {}) => {
    const r = await fetch(new URL(pathname, ts.baseUrl), { headers });
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-cache');
    return r.text();
  };

  it("preloads the site's logo on every page", async () => {
    const site = (await json(`${ts.baseUrl}/api/v1/site`)).data;
    expect(site.settings.logo).toMatch(/^\/media\/[0-9a-f]{16}\/site-main-logo\.svg$/);
    for (const p of ['/', '/plans', '/cart'])
      expect(await page(p)).toContain(`<link rel="preload" as="image" href="${site.settings.logo}">`);
  });

  it("carries the header's common menu on every page, exactly as the API gives it", async () => {
    const menu = (await json(`${ts.baseUrl}/api/v1/get-common-menu`)).data;
    expect(menu).toEqual(expect.arrayContaining(['dental', 'vision']));
    for (const p of ['/', '/plans', '/cart', `/plan/${PLAN_IDS.dentalEssentials}/Dental-Essentials`])
      expect(startup(await page(p)).menu).toEqual(menu);
  });

  it("carries the footer's support ticket link on every page, exactly as the API gives it (decision 2760)", async () => {
    const ticket = (await json(`${ts.baseUrl}/api/v1/get-ticket-link`)).data.ticket;
    expect(ticket).toMatch(/^mailto:/);
    for (const p of ['/', '/plans', '/cart']) expect(startup(await page(p)).ticket).toBe(ticket);
  });

  it("carries a plan page's public answers, exactly as the API gives them, and preloads the plan's logo", async () => {
    const id = PLAN_IDS.dentalEssentials;
    const detail = (await json(`${ts.baseUrl}/api/v1/get-plan-detail/${id}`)).data.result;
    const pricing = (await json(`${ts.baseUrl}/api/v1/get-plan-pricing-detail?pid=${id}`)).data;
    expect(detail.plan_logo).toMatch(/^\/media\//);
    for (const p of [`/plan/${id}/Dental-Essentials`, `/plan/${id}`, `/some-agent/plan/${id}/Dental-Essentials`]) {
      const html = await page(p);
      expect(startup(html).plan).toEqual({ id, detail, pricing });
      expect(html).toContain(`<link rel="preload" as="image" href="${detail.plan_logo}" fetchpriority="high">`);
    }
    // Other pages, and a plan that does not exist, carry no plan.
    expect(startup(await page('/plans')).plan).toBeUndefined();
    expect(startup(await page('/plan/999999/Nothing')).plan).toBeUndefined();
  });

  it("never carries a shopper's own price: with a quote in the session the page still holds the no-quote answer", async () => {
    const shopper = ts.client();
    const q = await shopper.post('/api/v1/add-filter-for-new-user', { zip: '10001', dob: '01/15/1980', gender: '1', tier: 'IO' });
    expect(q.status).toBe(200);
    const cookie = [...shopper.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    expect(cookie).toContain('=');
    const html = await page(`/plan/${PLAN_IDS.dentalEssentials}/Dental-Essentials`, { cookie });
    const { pricing } = startup(html).plan;
    expect(pricing.plans).toEqual([]);
    expect(pricing.errorCode).toBe('enrollmentIdError');
    expect(html).not.toContain(q.body.data.temp_enrollment_id);
    // Nor on /plans, where the page's one request names the quote (decision 2850: no preload of it in index.html).
    const plans = await page('/plans', { cookie });
    expect(plans).not.toContain(q.body.data.temp_enrollment_id);
    expect(plans).not.toContain('get-quote-plans');
  });
});
