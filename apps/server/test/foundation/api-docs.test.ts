import { expect, it } from 'vitest';
import { describeEachDb } from '../helpers/store.ts';

describeEachDb('API documentation at /api/docs', (ctx) => {
  it('answers the Swagger UI page, whose scripts and style sheets are files of the store under its own policy', async () => {
    const c = ctx().client();
    const page = await c.get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = String(page.body);
    expect(html).toContain('<div id="swagger-ui"></div>');
    // No inline script: every script is a file, which the store's policy (script-src 'self') lets run.
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/src="[^"]+"/);
      expect(body.trim()).toBe('');
    }
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    for (const asset of [
      '/api/docs/static/swagger-ui-bundle.js',
      '/api/docs/static/swagger-initializer.js',
      '/api/docs/static/swagger-ui.css',
    ]) {
      const r = await c.get(asset);
      expect(r.status, asset).toBe(200);
    }
    // The initializer reads the document from this origin and asks no outside validator.
    const init = String((await c.get('/api/docs/static/swagger-initializer.js')).body);
    expect(init).toContain('"validatorUrl":null');
  });

  it('lists the routes in /api/docs/json, the same document as /api/openapi.json', async () => {
    const c = ctx().client();
    const r = await c.get('/api/docs/json');
    expect(r.status).toBe(200);
    expect(r.body.openapi).toMatch(/^3\./);
    expect(r.body.info.title).toBe('Benefit Store API');
    const paths = Object.keys(r.body.paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/v1/site', '/api/v1/get-plan-cart']));
    expect(paths.length).toBeGreaterThan(50);
    // The documentation's own pages are not part of the API.
    expect(paths.some((p) => p.startsWith('/api/docs'))).toBe(false);
    const published = await c.get('/api/openapi.json');
    expect(Object.keys(published.body.paths)).toEqual(paths);
  });
});
