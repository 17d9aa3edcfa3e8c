/**
 * npm run bench:all: runs every bench/*.ts (but this one) in turn, each in its own process, and prints its figures.
 *   npm run bench:all                all of them
 *   npm run bench:all -- load          only those whose name contains "load"
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const dir = import.meta.dirname;
const filter = process.argv[2];
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts' && (!filter || f.includes(filter)))
  .sort();
let failed = 0;
for (const f of files) {
  console.log(`\n=== bench/${f} ===`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, f)], {
    stdio: 'inherit',
    env: process.env,
    cwd: path.resolve(dir, '..'),
  });
  if (r.status !== 0) {
    failed++;
    console.log(`bench/${f} failed (exit ${r.status ?? r.signal})`);
  }
}
console.log(`\n${files.length - failed} of ${files.length} benchmark(s) ran.`);
process.exit(failed ? 1 : 0);
