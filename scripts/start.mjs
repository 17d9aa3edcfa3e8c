/**
 * npm start: builds the web app and the server only when their sources changed since the last build, then runs the
 * built server in this process (signals reach it directly). What the build read is fingerprinted by path, size and
 * modification time (a few hundred files: milliseconds), and the fingerprint is kept beside the build in
 * apps/server/dist/.build-stamp. `node scripts/start.mjs --build-only` builds if needed and stops.
 */
import { execSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '..');
/** What the two builds read: sources, configuration and the installed packages' lock. */
const INPUTS = [
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'packages/domain/src',
  'packages/domain/package.json',
  'apps/server/src',
  'apps/server/build.ts',
  'apps/server/package.json',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
];
const OUTPUTS = [
  'apps/server/dist/server.js',
  'apps/server/dist/pglite-worker.js',
  'apps/server/dist/pdf-worker.js',
  'apps/web/dist/index.html',
];
const STAMP = path.join(ROOT, 'apps/server/dist/.build-stamp');

function fingerprint() {
  const hash = crypto.createHash('sha256');
  const visit = (rel) => {
    const abs = path.join(ROOT, rel);
    let st;
    try {
      st = fs.statSync(abs);
    } catch {
      hash.update(`${rel}\0missing\n`);
      return;
    }
    if (st.isDirectory()) {
      for (const name of fs.readdirSync(abs).sort()) if (name !== 'node_modules' && name !== 'dist') visit(`${rel}/${name}`);
    } else hash.update(`${rel}\0${st.size}\0${st.mtimeMs}\n`);
  };
  INPUTS.forEach(visit);
  return hash.digest('hex');
}

const current = fingerprint();
const built = OUTPUTS.every((f) => fs.existsSync(path.join(ROOT, f))) && fs.existsSync(STAMP) && fs.readFileSync(STAMP, 'utf8') === current;
if (!built) {
  console.log('sources changed since the last build: building …');
  execSync('npm run build', { cwd: ROOT, stdio: 'inherit' });
  fs.writeFileSync(STAMP, current);
}
if (!process.argv.includes('--build-only')) await import(pathToFileURL(path.join(ROOT, 'apps/server/dist/server.js')).href);
