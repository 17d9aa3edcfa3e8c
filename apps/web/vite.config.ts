import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { ROUTE_PRELOADS } from './src/app/route-preloads.ts';
import react from '@vitejs/plugin-react';

const require = createRequire(import.meta.url);
/** React Router's package points bundlers at its development build; a production build takes the production one. */
const reactRouterProduction = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist/production/index.mjs');

const brotli = promisify(zlib.brotliCompress);
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
  return {
    name: 'store-inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        return html.replace(/<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[^"]+\.css)">/g, (tag, fileName: string) => {
          const asset = ctx.bundle?.[fileName];
          if (!asset || asset.type !== 'asset') return tag;
          delete ctx.bundle![fileName];
          return `<style>${String(asset.source).replace(/<\/style/gi, '<\\/style')}</style>`;
        });
      },
    },
  };
}

/**
 * dist/preload.json: for each address pattern of src/app/route-preloads.ts, the files its lazy page needs first
 * (its chunk and the chunks that chunk imports, but not the main script, and their style sheets).
 */
function routePreloads(): Plugin {
  return {
    name: 'store-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const entry = chunks.find((c) => c.isEntry)?.fileName;
      const routes = ROUTE_PRELOADS.map(({ pattern, module }) => {
        const page = chunks.find((c) => c.facadeModuleId?.replace(/\\/g, '/').endsWith(`/${module}`));
        if (!page) {
          this.warn(`route-preloads: no lazy chunk for ${module}`);
          return { pattern, js: [], css: [] };
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
        return { pattern, js: [...js], css: [...css] };
      });
      this.emitFile({ type: 'asset', fileName: 'preload.json', source: JSON.stringify(routes) });
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [react(), inlineEntryCss(), routePreloads(), precompress()],
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
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000', '/get-dynamic-tabs': 'http://localhost:3000' } },
}));
