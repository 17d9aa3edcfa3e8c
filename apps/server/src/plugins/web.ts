import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ZSiteInfo, type TSiteInfo } from '@store/domain/site';
import { siteColourCss } from '@store/domain/contrast';
import { siteForHost, ticketLinkOf } from '../modules/site/index.ts';
import { issueCsrfCookie } from './csrf.ts';

/** The id of the JSON data block of index.html that the web app reads at start (lib/site/site-context.tsx). */
export const STARTUP_DATA_ID = 'startup-data';

export interface StartupData {
  site: TSiteInfo;
  /**
   * On a plan's page (/plan/{id}/…): the plan's public answers that its first render waits for, exactly as
   * GET /api/v1/get-plan-detail/{id} and GET /api/v1/get-plan-pricing-detail?pid={id} (no quote) give them to
   * anyone. Never a shopper's own data: the price of a quote is still asked by the page.
   */
  plan?: { id: number; detail: unknown; pricing: unknown };
  /**
   * The common category menu of the header, exactly as GET /api/v1/get-common-menu gives it to anyone (the same
   * for every visitor until the catalog changes); a group's visitors still ask for their group's menu.
   */
  menu?: string[];
  /**
   * The site's support ticket link, exactly as GET /api/v1/get-ticket-link gives it to anyone: the footer and the help
   * widget of every page show it, without a call of their own (decision 2760).
   */
  ticket?: string;
}

/** A plan's page, with or without the landing-name prefix (as apps/web/src/app/route-preloads.ts). */
const PLAN_PAGE = /^(?:\/[^/]+)?\/plan\/(\d{1,9})(?:\/[^/]*)?\/?$/;

/**
 * The plan's public answers for the start-up data, asked of the API itself (the same answers, caches and checks
 * a browser gets, without its cookies), and its logo preloaded: on a slow phone network the page then paints
 * without two round trips after the main script. Nothing when the plan is unknown.
 */
async function publicPlan(app: FastifyInstance, id: number): Promise<{ data: NonNullable<StartupData['plan']>; preload: string } | null> {
  const [detail, pricing] = await Promise.all([
    app.inject({ method: 'GET', url: `/api/v1/get-plan-detail/${id}` }),
    app.inject({ method: 'GET', url: `/api/v1/get-plan-pricing-detail?pid=${id}` }),
  ]);
  if (detail.statusCode !== 200 || pricing.statusCode !== 200) return null;
  const d = detail.json<{ data: { result: { plan_logo?: string | null } } }>().data.result;
  const logo =
    d.plan_logo && /^\/media\/[\w.-]+$/.test(d.plan_logo)
      ? `<link rel="preload" as="image" href="${d.plan_logo}" fetchpriority="high">`
      : '';
  return { data: { id, detail: d, pricing: pricing.json<{ data: unknown }>().data }, preload: logo };
}

/** The common menu for the start-up data, asked of the API itself (its cached answer); nothing on a failure. */
async function commonMenu(app: FastifyInstance): Promise<string[] | undefined> {
  const r = await app.inject({ method: 'GET', url: '/api/v1/get-common-menu' });
  if (r.statusCode !== 200) return undefined;
  const menu = r.json<{ data?: unknown }>().data;
  return Array.isArray(menu) && menu.every((k) => typeof k === 'string') ? menu : undefined;
}

/**
 * index.html with the start-up data its first render needs (the site of the host, the header's menu), so the first paint does
 * not wait for an API round trip. A JSON data block is never run, so the Content-Security-Policy (script-src
 * 'self') allows it; '<' is escaped so that no text inside can close the element.
 */
export function withStartupData(html: string, data: StartupData, preloads = ''): string {
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return withSiteColours(html, data.site).replace(
    '</head>',
    () => `${preloads}<script type="application/json" id="${STARTUP_DATA_ID}">${json}</script></head>`,
  );
}

/**
 * The site's colours (its theme_color and theme_text_color settings) as the web app's design tokens, in a style
 * element of index.html, and as the browser's theme colour: the first paint is in the site's colours, with no
 * script. Only #rrggbb values that pass WCAG 2.1 AA are written (domain/contrast.ts, checked again when saved).
 */
function withSiteColours(html: string, site: TSiteInfo): string {
  const css = siteColourCss(site.settings);
  if (!css) return html;
  const brand = site.settings.theme_color.trim();
  return html
    .replace(/(<meta name="theme-color" content=")[^"]*(")/, (_, a: string, b: string) => `${a}${brand}${b}`)
    .replace('</head>', () => `<style id="site-colours">${css}</style></head>`);
}

interface RoutePreload {
  pattern: RegExp;
  links: string;
}

/**
 * dist/preload.json, written by the build: for an address, the code and style sheets of its lazy page, sent as
 * <link rel="modulepreload"> (and preload for styles) so they download beside the main script; an address whose
 * page loads after the first paint (`preload: false`, the enrollment wizard) gets none.
 */
function readRoutePreloads(dist: string): RoutePreload[] {
  const file = path.join(dist, 'preload.json');
  if (!fs.existsSync(file)) return [];
  const safe = (f: string) => /^assets\/[\w.-]+\.(js|css)$/.test(f);
  const entries = JSON.parse(fs.readFileSync(file, 'utf8')) as { pattern: string; js: string[]; css: string[]; preload?: boolean }[];
  return entries
    .filter((e) => e.preload !== false)
    .map((e) => ({
      pattern: new RegExp(e.pattern),
      links:
        e.js
          .filter(safe)
          .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`)
          .join('') +
        e.css
          .filter(safe)
          .map((f) => `<link rel="preload" as="style" crossorigin href="/${f}">`)
          .join(''),
    }));
}

/**
 * The site's logo, shown in the header of every page above the fold: preloaded from index.html so that it downloads
 * beside the main script instead of after it (a rep's or group's own logo, when a visitor has one, replaces it).
 * Only a same-origin path of ours is named.
 */
export function sitePreloads(site: TSiteInfo): string {
  const logo = site.settings.logo;
  return typeof logo === 'string' && /^\/media\/(?:[0-9a-f]{16}\/)?[\w.-]+$/.test(logo)
    ? `<link rel="preload" as="image" href="${logo}">`
    : '';
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
    const routePreloads = template ? readRoutePreloads(opts.dist) : [];
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
      if (
        url.startsWith('/api/') ||
        (request.method !== 'GET' && request.method !== 'HEAD') ||
        !template ||
        /\.[a-z0-9]{2,5}$/i.test(url)
      ) {
        return reply.code(404).send({ status: 'error', message: 'Not found' });
      }
      const site = ZSiteInfo.parse(await siteForHost(app.db, request.headers.host));
      const planId = PLAN_PAGE.exec(url)?.[1];
      const [plan, menu] = await Promise.all([planId ? publicPlan(app, Number(planId)) : null, commonMenu(app)]);
      const preloads = sitePreloads(site) + (plan?.preload ?? '') + (routePreloads.find((r) => r.pattern.test(url))?.links ?? '');
      const data: StartupData = { site, ...(plan ? { plan: plan.data } : {}), ...(menu ? { menu } : {}), ticket: ticketLinkOf(site) };
      const html = withStartupData(template, data, preloads);
      issueCsrfCookie(request, reply);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
      // @fastify/compress does not see the not-found handler: the page is compressed here.
      const encoding = html.length >= 1024 ? preferredEncoding(request.headers['accept-encoding']) : null;
      if (!encoding) return reply.send(html);
      reply.header('content-encoding', encoding);
      return reply.send(
        encoding === 'br' ? zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }) : zlib.gzipSync(html),
      );
    });
  },
  { name: 'web' },
);
