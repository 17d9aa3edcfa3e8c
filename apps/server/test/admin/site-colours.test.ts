import { describe, expect, it } from 'vitest';
import type { TSiteInfo } from '@store/domain/site';
import { describeEachDb } from '../helpers/store.ts';
import { DEMO, type TestClient } from '../helpers/client.ts';
import { withStartupData } from '../../src/plugins/web.ts';

describe("index.html in the site's colours", () => {
  const html = '<html><head><meta name="theme-color" content="#1d4ed8" /></head><body></body></html>';
  const site = (settings: Record<string, string>): TSiteInfo => ({
    host: 'dental.localhost',
    kind: 'dental',
    name: 'Dental Marketplace',
    site_flag: 'true',
    group_id: null,
    portal_id: null,
    settings,
  });

  it('writes the brand colour and the text on it as design tokens, and as the theme colour', () => {
    const out = withStartupData(html, { site: site({ theme_color: '#0f766e' }) });
    expect(out).toContain('<style id="site-colours">:root{--color-brand:#0f766e;--color-on-brand:#ffffff}</style>');
    expect(out).toContain('<meta name="theme-color" content="#0f766e" />');
  });

  it('keeps the store colours when the saved ones fail AA or are not colours', () => {
    for (const theme_color of ['#f59e0b', 'red;}</style><script>']) {
      const out = withStartupData(html, { site: site({ theme_color }) });
      expect(out).not.toContain('site-colours');
      expect(out).toContain('<meta name="theme-color" content="#1d4ed8" />');
    }
  });
});

/** A white-label site's colours are checked for WCAG 2.1 AA contrast when an operator saves them. */
describeEachDb('site colours', (ctx) => {
  let op: TestClient;
  const operator = async () => {
    if (!op) {
      op = ctx().client();
      await op.signIn(DEMO.operator.email, DEMO.operator.password);
    }
    return op;
  };
  const stored = async (siteId: number) =>
    (await ctx().db.selectFrom('site_settings').select(['key', 'value']).where('site_id', '=', siteId).orderBy('key').execute()).map(
      (s) => `${s.key}=${s.value}`,
    );

  it('refuses white text on a light brand colour with 422 naming the ratio, and changes nothing', async () => {
    const c = await operator();
    const partner = (await c.get('/api/admin/sites', { q: 'partner' })).body.data.items[0];
    const detail = await c.get(`/api/admin/sites/${partner.id}`);
    const settings: { key: string; value: string }[] = detail.body.data.settings;
    const before = await stored(partner.id);
    const audits = (await ctx().db.selectFrom('audit_log').select('id').execute()).length;
    const brand = settings.findIndex((s) => s.key === 'theme_color');
    expect(brand).toBeGreaterThanOrEqual(0);

    const light = settings.map((s) => (s.key === 'theme_color' ? { ...s, value: '#f59e0b' } : s));
    const r = await c.put(`/api/admin/sites/${partner.id}/settings`, { settings: light });
    expect(r.status).toBe(422);
    expect(r.body.data).toContainEqual({
      target_element: `settings.${brand}.value`,
      error_message: 'Text on the brand colour has a contrast ratio of 2.14:1; WCAG 2.1 AA needs at least 4.5:1.',
    });

    const pale = [...settings, { key: 'theme_text_color', value: '#93c5fd' }];
    const r2 = await c.put(`/api/admin/sites/${partner.id}/settings`, { settings: pale });
    expect(r2.status).toBe(422);
    expect(r2.body.data).toEqual([
      {
        target_element: `settings.${settings.length}.value`,
        error_message: 'Text on the brand colour has a contrast ratio of 3.16:1; WCAG 2.1 AA needs at least 4.5:1.',
      },
    ]);

    expect(await stored(partner.id)).toEqual(before);
    expect((await ctx().db.selectFrom('audit_log').select('id').execute()).length).toBe(audits);
  });

  it('saves colours that meet AA, and the site hands them to the store', async () => {
    const c = await operator();
    const partner = (await c.get('/api/admin/sites', { q: 'partner' })).body.data.items[0];
    const settings: { key: string; value: string }[] = (await c.get(`/api/admin/sites/${partner.id}`)).body.data.settings;
    const next = [...settings.filter((s) => s.key !== 'theme_color'), { key: 'theme_color', value: '#0f5132' }];
    const r = await c.put(`/api/admin/sites/${partner.id}/settings`, { settings: next });
    expect(r.status).toBe(200);
    const site = await ctx().client('partner.localhost').get('/api/v1/site');
    expect(site.body.data.settings.theme_color).toBe('#0f5132');
  });
});
