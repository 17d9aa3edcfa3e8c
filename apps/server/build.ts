/**
 * Builds the server ahead of time: src/server.ts and the project's own modules (with @store/domain) into one
 * ES module, dist/server.js, that node runs without a TypeScript loader, the embedded database's thread into
 * dist/pglite-worker.js and the PDF threads' into dist/pdf-worker.js. Packages stay in node_modules (PGlite
 * finds its wasm and data files there, argon2 its native binary). Folders the source reads from disk at run
 * time (migrations, feature modules) become static imports here: see db/migrations/all.ts and modules/all.ts.
 *
 *   npm run build -w @store/server
 */
import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { MIGRATION_FILE } from './src/db/migrations/all.ts';

const root = import.meta.dirname;
const src = path.join(root, 'src');

/** Source that the bundle gets in place of a module that lists a folder at run time. */
const generated: Record<string, () => string> = {
  [path.join(src, 'db/migrations/all.ts')]: () => {
    const files = fs
      .readdirSync(path.join(src, 'db/migrations'))
      .filter((f) => MIGRATION_FILE.test(f))
      .sort();
    return [
      ...files.map((f, i) => `import * as m${i} from './${f}';`),
      `export const MIGRATION_FILE = ${MIGRATION_FILE};`,
      `export async function loadMigrations() { return { ${files.map((f, i) => `${JSON.stringify(f.replace(/\.ts$/, ''))}: m${i}`).join(', ')} }; }`,
    ].join('\n');
  },
  [path.join(src, 'modules/all.ts')]: () => {
    const features = fs
      .readdirSync(path.join(src, 'modules'))
      .sort()
      .filter((f) => fs.existsSync(path.join(src, 'modules', f, 'routes.ts')));
    return [
      ...features.map((f, i) => `import r${i} from './${f}/routes.ts';`),
      `export async function loadFeatureRoutes() { return [${features.map((_, i) => `r${i}`).join(', ')}]; }`,
    ].join('\n');
  },
};

const staticFolders: Plugin = {
  name: 'static-folders',
  setup(b) {
    b.onLoad({ filter: /[/\\]all\.ts$/ }, (args) => {
      const make = generated[args.path];
      return make ? { contents: make(), loader: 'ts', resolveDir: path.dirname(args.path) } : undefined;
    });
  },
};

/** Packages load from node_modules at run time; only the workspace's own TypeScript (@store/*) is bundled. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@store/') ? undefined : { path: args.path, external: true }));
  },
};

const started = performance.now();
await build({
  // The embedded database's thread (db/pglite-worker.ts) and the PDF threads' (pdf/pdf-worker.ts) are entries of their
  // own: dist/pglite-worker.js and dist/pdf-worker.js beside server.js.
  entryPoints: {
    server: path.join(src, 'server.ts'),
    'pglite-worker': path.join(src, 'db/pglite-worker.ts'),
    'pdf-worker': path.join(src, 'pdf/pdf-worker.ts'),
  },
  outdir: path.join(root, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [staticFolders, externalPackages],
});
console.log(`apps/server/dist/server.js, pglite-worker.js and pdf-worker.js built in ${(performance.now() - started).toFixed(0)} ms`);
