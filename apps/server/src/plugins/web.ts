import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { ZSiteInfo, type TSiteInfo } from '@store/domain/site';
import { siteForHost } from '../modules/site/service.ts';

/** The id of the JSON data block of index.html that the web app reads at start (features/site/site-context.tsx). */
export const STARTUP_DATA_ID = 'startup-data';

export interface StartupData {
  site: TSiteInfo;
}

/**
 * index.html with the start-up data its first render needs (the site of the host), so the first paint does
 * not wait for an API round trip. A JSON data block is never run, so the Content-Security-Policy (script-src
 * 'self') allows it; '<' is escaped so that no text inside can close the element.
 */
export function withStartupData(html: string, data: StartupData): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return html.replace('</head>', () => `<script type="application/json" id="${STARTUP_DATA_ID}">${json}</script></head>`);
}

/** br or gzip, whichever the Accept-Encoding header allows (br first), or null. */
export function preferredEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const allowed = new Map<string, number>();
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name) allowed.set(name, q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (allowed.get(name) ?? allowed.get('*') ?? 0) > 0;
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : null;
}

/**
 * The built React app on the same origin (docs/decisions/0800-web-bundle.md). Files under /assets/ are named
 * by their content hash: cached for a year, immutable; the build writes .br and .gz beside each text file and
 * they are sent to browsers that accept them. Any other GET page is index.html (the app's own router, its 404
 * page included), never cached, with the start-up data.
 */
export default fp(
  async (app, opts: { dist: string }) => {
    const indexFile = path.join(opts.dist, 'index.html');
    const template = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : null;
    if (template) {
      await app.register(fastifyStatic, {
        root: opts.dist,
        wildcard: false,
        index: false,
        preCompressed: true,
        // Our own Cache-Control below (send's default, 'public, max-age=0', would override it).
        cacheControl: false,
        setHeaders: (res, filePath) => {
          const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
          res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
          res.setHeader('vary', 'accept-encoding');
        },
      });
    }
    app.setNotFoundHandler(async (request, reply) => {
      const url = request.url.split('?')[0];
      if (url.startsWith('/api/') || request.method !== 'GET' || !template || /\.[a-z0-9]{2,5}$/i.test(url)) {
        return reply.code(404).send({ status: 'error', message: 'Not found' });
      }
      const site = ZSiteInfo.parse(await siteForHost(app.db, request.headers.host));
      const html = withStartupData(template, { site });
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
      // @fastify/compress does not see the not-found handler: the page is compressed here.
      const encoding = html.length >= 1024 ? preferredEncoding(request.headers['accept-encoding']) : null;
      if (!encoding) return reply.send(html);
      reply.header('content-encoding', encoding);
      return reply.send(encoding === 'br' ? zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }) : zlib.gzipSync(html));
    });
  },
  { name: 'web' },
);
