/**
 * Start-up time of the built store (node apps/server/dist/server.js, as `npm start` runs it): from spawning the
 * process to the first 200 from /healthz, on a fresh DATA_DIR (database created, migrated, demo data seeded) and
 * again on that existing one. Median of 3 of each, with the CPU time the process used by then (steadier than
 * wall time on a busy machine). Builds the server first. Goals (issue 11): existing database at most 3 s, fresh
 * at most 15 s; and (issue 21) `npm start` on an unchanged checkout, existing database, at most 3 s (the CPU column
 * is npm's own there, not the server's).
 *
 *   npx tsx bench/startup.ts
 *   RUNS=5 npx tsx bench/startup.ts
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../apps/server/test/security/process.ts';
import { buildServer, SERVER, startBuiltServer } from './lib/built-server.ts';

const RUNS = Number(process.env.RUNS ?? 3);
const GOALS = { fresh: 15_000, existing: 3_000 };

interface Start {
  wall: number;
  cpu: number;
}

async function timeStart(dataDir: string, npmStart = false): Promise<Start> {
  const store = await startBuiltServer({ DATA_DIR: dataDir }, { npmStart });
  await store.stop();
  return { wall: store.readyMs, cpu: store.readyCpuMs };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  buildServer();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'store-startup-'));
  try {
    const fresh: Start[] = [];
    const existing: Start[] = [];
    for (let i = 0; i < RUNS; i++) fresh.push(await timeStart(path.join(tmp, `fresh-${i}`)));
    for (let i = 0; i < RUNS; i++) existing.push(await timeStart(path.join(tmp, 'fresh-0')));
    // `npm start` as a person runs it on an unchanged checkout: npm, the build check (nothing to build), the server.
    execFileSync(process.execPath, ['scripts/start.mjs', '--build-only'], { cwd: ROOT, stdio: 'ignore' });
    const npmStart: Start[] = [];
    for (let i = 0; i < RUNS; i++) npmStart.push(await timeStart(path.join(tmp, 'fresh-0'), true));
    const load = os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
    console.log(
      `node ${process.version}, ${os.cpus().length} CPU(s) (load average ${load}), ${path.relative(ROOT, SERVER)}, embedded database (PGlite)`,
    );
    console.log(`${'start-up to /healthz'.padEnd(37)} ${'median'.padStart(7)}  ${'runs'.padEnd(22)} ${'CPU median'.padStart(10)}  goal`);
    for (const [label, xs, goal] of [
      ['fresh DATA_DIR (migrate + demo data)', fresh, GOALS.fresh],
      ['existing DATA_DIR', existing, GOALS.existing],
      ['npm start, unchanged checkout', npmStart, GOALS.existing],
    ] as const) {
      const m = median(xs.map((x) => x.wall));
      const runs = xs.map((x) => s(x.wall)).join(', ');
      console.log(
        `${label.padEnd(37)} ${s(m).padStart(7)}  ${runs.padEnd(22)} ${s(median(xs.map((x) => x.cpu))).padStart(10)}  <= ${s(goal)} ${m <= goal ? 'met' : 'MISSED'}`,
      );
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
