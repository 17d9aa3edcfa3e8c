import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const require = createRequire(import.meta.url);
/** React Router's package points bundlers at its development build; a production build takes the production one. */
const reactRouterProduction = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist/production/index.mjs');

export default defineConfig(({ command }) => ({
  plugins: [react()],
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
