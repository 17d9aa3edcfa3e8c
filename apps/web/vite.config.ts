import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { ROUTE_PRELOADS } from './src/app/route-preloads.ts';
import react from '@vitejs/plugin-react';
import { contractRoutes } from './build/contract-routes.ts';

const require = createRequire(import.meta.url);
/** React Router's package points bundlers at its development build; a production build takes the production one. */
const reactRouterProduction = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist/production/index.mjs');

const brotli = promisify(zlib.brotliCompress);

const STORE = 'http://localhost:3000';
/** Rewrites the Origin of a request from this dev server's own page to the store's. */
const asFromStore = (proxy: {
  on(
    event: 'proxyReq',
    fn: (
      proxyReq: { getHeader(n: string): unknown; setHeader(n: string, v: string): void },
      req: { headers: Record<string, string | string[] | undefined> },
    ) => void,
  ): void;
}) =>
  proxy.on('proxyReq', (proxyReq, req) => {
    if (proxyReq.getHeader('origin') === `http://${req.headers.host}`) proxyReq.setHeader('origin', STORE);
  });
const gzip = promisify(zlib.gzip);

/**
 * Writes file.br and file.gz beside every built text file of 1 kB and more (best compression, once, at build
 * time); the server sends them to browsers that accept them (apps/server/src/plugins/web.ts).
 */
function precompress(): Plugin {
  return {
    name: 'store-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir!;
      const files = Object.keys(bundle).filter((f) => /\.(js|mjs|css|svg|json|txt)$/.test(f));
      await Promise.all(
        files.map(async (f) => {
          const file = path.join(dir, f);
          const data = await fs.readFile(file);
          if (data.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
            gzip(data, { level: 9 }),
          ]);
          await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * The first page's style sheet goes inside index.html (4 kB gzip): the first paint waits for no other request.
 * Style sheets of lazy pages stay files, loaded with their code.
 */
function inlineEntryCss(): Plugin {
  const inlined = new Set<string>();
  return {
    name: 'store-inline-entry-css',
    apply: 'build',
    // Vite's preload lists of dynamic imports (`__vite__mapDeps`) still name the inlined file, and a dynamic
    // import fails when a style sheet it waits for cannot load. The entry's style sheet is already applied from
    // index.html: its place in those lists goes to the entry script, also already loaded (a no-op preload).
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const entry = Object.values(bundle).find((c) => c.type === 'chunk' && c.isEntry)?.fileName;
        if (!entry) return;
        for (const c of Object.values(bundle)) {
          if (c.type !== 'chunk') continue;
          for (const name of inlined) c.code = c.code.replaceAll(`"${name}"`, `"${entry}"`);
        }
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        return html.replace(/<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[^"]+\.css)">/g, (tag, fileName: string) => {
          const asset = ctx.bundle?.[fileName];
          if (!asset || asset.type !== 'asset') return tag;
          delete ctx.bundle![fileName];
          inlined.add(fileName);
          return `<style>${String(asset.source).replace(/<\/style/gi, '<\\/style')}</style>`;
        });
      },
    },
  };
}

/**
 * dist/preload.json: for each address pattern of src/app/route-preloads.ts, the files its lazy page needs first
 * (its chunk and the chunks that chunk imports, but not the main script, and their style sheets), and whether
 * index.html names them (`preload`).
 */
function routePreloads(): Plugin {
  return {
    name: 'store-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const entry = chunks.find((c) => c.isEntry)?.fileName;
      const routes = ROUTE_PRELOADS.map(({ pattern, module, preload }) => {
        // The page's own chunk, or the group chunk that holds it (output.codeSplitting.groups below).
        const holds = (id: string | null | undefined) => !!id && id.replace(/\\/g, '/').endsWith(`/${module}`);
        const page = chunks.find((c) => holds(c.facadeModuleId)) ?? chunks.find((c) => c.moduleIds.some(holds));
        if (!page) {
          this.warn(`route-preloads: no lazy chunk for ${module}`);
          return { pattern, js: [], css: [], preload: preload !== false };
        }
        const js = new Set<string>();
        const css = new Set<string>();
        const visit = (fileName: string) => {
          if (fileName === entry || js.has(fileName)) return;
          const c = bundle[fileName];
          if (!c || c.type !== 'chunk') return;
          js.add(fileName);
          for (const f of c.viteMetadata?.importedCss ?? []) css.add(f);
          for (const i of c.imports) visit(i);
        };
        visit(page.fileName);
        return { pattern, js: [...js], css: [...css], preload: preload !== false };
      });
      this.emitFile({ type: 'asset', fileName: 'preload.json', source: JSON.stringify(routes) });
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [contractRoutes(), react(), inlineEntryCss(), routePreloads(), precompress()],
  resolve: { alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        // Everything the first page imports statically is one file (one request, one gzip stream); the rest is
        // split by route and dialog (docs/decisions/0800-web-bundle.md).
        // The inner pages' own code is grouped into few files as well: on a slow phone network every extra file
        // of a page costs a request on one of the browser's six connections before the page can paint.
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 40 },
            // The catalog pages (plans, a plan) and what they share; not the compare page's plan finder.
            {
              name: 'catalog',
              test: /[\\/]src[\\/]features[\\/]catalog[\\/](?!compare[\\/](?:compare-page|find-plan-form)\.tsx)/,
              priority: 10,
            },
            // zod with the domain's validation helpers, used by most pages past the first.
            // The billing rules too: the member's home (its payment form) shares them with the billing step.
            {
              name: 'schemas',
              test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]packages[\\/]domain[\\/]src[\\/](validation|billing)\.ts$/,
              priority: 30,
            },
            // What the enrollment pages share besides their page: the wizard's calls, the domain's enrollment rules (enrollment.ts and its per-step files),
            // why each sensitive field is asked (privacy.ts, which the privacy page shares) and
            // the screenshot helper (the cart loads it at checkout, just before the first step).
            {
              name: 'enrollment',
              test: /[\\/]src[\\/]lib[\\/]screenshot\.ts$|[\\/]src[\\/]features[\\/]enrollment[\\/]api[\\/]|[\\/]packages[\\/]domain[\\/]src[\\/](enrollment(?:-[a-z]+)?|billing|privacy)\.ts$|[\\/]packages[\\/]domain[\\/]src[\\/]contract[\\/](enrollment|enrollment-finish|consent)\.ts$/,
              priority: 15,
            },
            // What will be charged (docs/decisions/1000-money-path.md): in the cart page's file, which shows it first;
            // the enrollment steps that show it (billing, review, receipt) load it lazily (components/money/lazy-charge-lines.tsx).
            {
              name: 'cart-page',
              test: /[\\/]src[\\/]features[\\/]cart[\\/]components[\\/]cart-page\.tsx$|[\\/]src[\\/]components[\\/]money[\\/]charge-lines\.(tsx|css)$|[\\/]packages[\\/]domain[\\/]src[\\/]charges\.ts$/,
              priority: 12,
            },
            // Forms: react-hook-form, its zod resolver and the app's form helpers.
            {
              name: 'forms',
              test: /[\\/]node_modules[\\/](react-hook-form|@hookform)[\\/]|[\\/]src[\\/]components[\\/]form[\\/]/,
              priority: 20,
            },
          ],
        },
      },
    },
  },
  // The store accepts changes from its configured origins only (http://localhost:3000 in development): a change sent
  // from this dev server's own page is passed on as coming from the store's origin.
  server: { proxy: Object.fromEntries(['/api', '/media', '/get-dynamic-tabs'].map((p) => [p, { target: STORE, configure: asFromStore }])) },
}));
