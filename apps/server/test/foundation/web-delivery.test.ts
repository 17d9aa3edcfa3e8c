import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStore, type TestStore } from '../helpers/store.ts';

/**
 * How the web app and the API travel (docs/decisions/0800-web-bundle.md): hashed assets immutable-cached and
 * sent precompressed (brotli or gzip, from the .br/.gz files the build writes), index.html never cached and
 * carrying the site as start-up data, JSON compressed on the fly from 1 kB, security headers on all of it.
 */
interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function get(baseUrl: string, pathname: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    http
      .get(new URL(pathname, baseUrl), { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** The body as the browser reads it, after undoing the content-encoding it was sent with. */
function decoded(r: RawResponse): string {
  const enc = r.headers['content-encoding'];
  if (enc === 'br') return zlib.brotliDecompressSync(r.body).toString('utf8');
  if (enc === 'gzip') return zlib.gunzipSync(r.body).toString('utf8');
  return r.body.toString('utf8');
}

describe('web app delivery: compression and caching', () => {
  let ts: TestStore & { close(): Promise<void> };
  let dist: string;
  const asset = '/assets/app-3f9c2d1a.js';
  const script = `export const greeting = ${JSON.stringify('Hello from the first page. '.repeat(200))};\n`;

  beforeAll(async () => {
    // A built app as the build leaves it: index.html, a hashed script with its .br and .gz.
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      `<!doctype html><html lang="en"><head><title>Benefit Store</title><script type="module" src="${asset}"></script></head><body><div id="root"></div><!-- ${'padding '.repeat(150)} --></body></html>`,
    );
    // What the build says a first visit to the plans page needs besides the main script.
    fs.writeFileSync(
      path.join(dist, 'preload.json'),
      JSON.stringify([
        { pattern: '^(?:/[^/]+)?/plans/?$', js: ['assets/plans-page-1a2b3c4d.js'], css: ['assets/catalog-5e6f7a8b.css'], preload: true },
        { pattern: '^(?:/[^/]+)?/enrollment/', js: ['assets/wizard-page-9a8b7c6d.js'], css: [], preload: false },
      ]),
    );
    const file = path.join(dist, asset);
    fs.writeFileSync(file, script);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(script));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(script));
    ts = await startTestStore('pglite', { webDist: dist });
  }, 60_000);

  afterAll(async () => {
    await ts?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('sends a hashed asset precompressed as the browser asks, cached for a year as immutable', async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=0.8', 'gzip'],
    ] as const) {
      const r = await get(ts.baseUrl, asset, { 'accept-encoding': accept });
      expect(r.status).toBe(200);
      expect(r.headers['content-encoding'], accept).toBe(encoding);
      expect(r.headers['content-type']).toMatch(/javascript/);
      expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(r.headers.vary).toMatch(/accept-encoding/i);
      expect(r.body.length).toBeLessThan(script.length / 5);
      expect(decoded(r)).toBe(script);
    }
    const plain = await get(ts.baseUrl, asset);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers['content-security-policy']).toContain("script-src 'self'");
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends every page as index.html, never cached, compressed, with the site of the host as start-up data', async () => {
    for (const pathname of ['/', '/plans', '/enrollment/personal-info']) {
      const r = await get(ts.baseUrl, pathname, { 'accept-encoding': 'gzip, deflate, br', host: 'dental.localhost' });
      expect(r.status).toBe(200);
      expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(r.headers['cache-control']).toBe('no-cache');
      expect(r.headers['content-encoding']).toBe('br');
      expect(r.headers['content-security-policy']).toContain("default-src 'self'");
      expect(r.headers['x-frame-options']).toBe('SAMEORIGIN');
      const html = decoded(r);
      expect(html).toContain(`<script type="module" src="${asset}"></script>`);
      const block = /<script type="application\/json" id="startup-data">(.*?)<\/script>/.exec(html);
      expect(block).not.toBeNull();
      const site = (await ts.client('dental.localhost').get('/api/v1/site')).body.data;
      const menu = (await ts.client('dental.localhost').get('/api/v1/get-common-menu')).body.data;
      // The support ticket link too, as get-ticket-link gives it (decision 2760).
      const { ticket } = (await ts.client('dental.localhost').get('/api/v1/get-ticket-link')).body.data;
      expect(JSON.parse(block![1])).toEqual({ site, menu, ticket });
      expect(site.kind).toBe('dental');
    }
    // The plans page (also under a landing name) gets its lazy page's code and styles preloaded; the home page does not.
    for (const pathname of ['/plans', '/acme/plans']) {
      const html = decoded(await get(ts.baseUrl, pathname));
      expect(html).toContain(
        '<link rel="modulepreload" crossorigin href="/assets/plans-page-1a2b3c4d.js"><link rel="preload" as="style" crossorigin href="/assets/catalog-5e6f7a8b.css">',
      );
    }
    expect(decoded(await get(ts.baseUrl, '/'))).not.toContain('modulepreload');
    // The enrollment wizard's code comes after the first paint (its entry says preload: false).
    expect(decoded(await get(ts.baseUrl, '/enrollment/personal-info'))).not.toContain('modulepreload');
    // The page hands out the CSRF token cookie (the app's first API calls then share one token), once.
    const first = await get(ts.baseUrl, '/plans');
    expect(String(first.headers['set-cookie'])).toMatch(/^csrf=[^;]+;.*SameSite=Strict/i);
    expect((await get(ts.baseUrl, '/plans', { cookie: 'csrf=abcdefghijklmnopqrstuvwxyz012345' })).headers['set-cookie']).toBeUndefined();
    const gz = await get(ts.baseUrl, '/cart', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decoded(gz)).toContain('id="startup-data"');
    expect((await get(ts.baseUrl, '/cart')).headers['content-encoding']).toBeUndefined();
  });

  it('keeps start-up data that holds markup from ending its element', async () => {
    const host = new URL(ts.baseUrl).hostname;
    const { name } = await ts.db.selectFrom('sites').select('name').where('host', '=', host).executeTakeFirstOrThrow();
    await ts.db.updateTable('sites').set({ name: 'Evil </script><script>alert(1)</script>' }).where('host', '=', host).execute();
    try {
      const html = decoded(await get(ts.baseUrl, '/'));
      const block = /<script type="application\/json" id="startup-data">(.*?)<\/script>/.exec(html)!;
      expect(JSON.parse(block[1]).site.name).toBe('Evil </script><script>alert(1)</script>');
      expect(html).not.toContain('<script>alert(1)');
    } finally {
      await ts.db.updateTable('sites').set({ name }).where('host', '=', host).execute();
    }
  });

  it('compresses JSON answers of 1 kB and more when asked, and leaves small ones as they are', async () => {
    const plain = await get(ts.baseUrl, '/api/v1/get-featured-plans');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const r = await get(ts.baseUrl, '/api/v1/get-featured-plans', { 'accept-encoding': accept });
      expect(r.headers['content-encoding']).toBe(encoding);
      expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(r.headers.vary).toMatch(/accept-encoding/i);
      expect(r.body.length).toBeLessThan(plain.body.length);
      expect(JSON.parse(decoded(r))).toEqual(JSON.parse(plain.body.toString('utf8')));
    }
    const small = await get(ts.baseUrl, '/healthz', { 'accept-encoding': 'br, gzip' });
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString('utf8'))).toBeTruthy();
  });

  it('answers HEAD on a page as GET does, without the body (uptime monitors and link checkers, issue 37)', async () => {
    for (const pathname of ['/', '/plans', '/member-home']) {
      const r = await fetch(new URL(pathname, ts.baseUrl), { method: 'HEAD' });
      expect(r.status, pathname).toBe(200);
      expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await r.text()).toBe('');
    }
    expect((await fetch(new URL('/assets/missing-123.js', ts.baseUrl), { method: 'HEAD' })).status).toBe(404);
  });

  it('answers unknown files and API paths with a JSON 404, not the page', async () => {
    const file = await get(ts.baseUrl, '/assets/missing-123.js', { 'accept-encoding': 'br' });
    expect(file.status).toBe(404);
    expect(JSON.parse(decoded(file))).toEqual({ status: 'error', message: 'Not found' });
    const api = await get(ts.baseUrl, '/api/v1/nothing-here');
    expect(api.status).toBe(404);
  });
});
