import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
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

export default defineConfig(({ command }) => ({
  plugins: [react(), precompress()],
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
