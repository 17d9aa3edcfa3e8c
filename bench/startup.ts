/**
 * Start-up time of the built store (node apps/server/dist/server.js, as `npm start` runs it): from spawning the
 * process to the first 200 from /healthz, on a fresh DATA_DIR (database created, migrated, demo data seeded) and
 * again on that existing one. Median of 3 of each. Builds the server first (npm run build -w @store/server).
 * Goals (issue 11): existing database at most 3 s, fresh at most 15 s.
 *
 *   npx tsx bench/startup.ts
 *   RUNS=5 npx tsx bench/startup.ts
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, ROOT } from '../apps/server/test/security/process.ts';
import { childEnv } from '../apps/server/test/security/fixtures.ts';

const RUNS = Number(process.env.RUNS ?? 3);
const SERVER = path.join(ROOT, 'apps/server/dist/server.js');
const GOALS = { fresh: 15_000, existing: 3_000 };

/** Milliseconds from spawn to a 200 from /healthz; then stops the store (SIGTERM) and waits for its exit. */
async function timeStart(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const proc = spawn(process.execPath, [SERVER], {
    cwd: ROOT,
    env: childEnv({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production' }),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  proc.stderr!.on('data', (d) => (err += d));
  const exited = new Promise<void>((resolve) => proc.on('exit', () => resolve()));
  let elapsed = 0;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`store exited before it was ready:\n${err}`);
    if (performance.now() - started > 60_000) {
      proc.kill('SIGKILL');
      throw new Error(`store not ready in 60 s:\n${err}`);
    }
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) {
      elapsed = performance.now() - started;
      break;
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  proc.kill('SIGTERM');
  await exited;
  return elapsed;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  execFileSync('npm', ['run', 'build', '-w', '@store/server'], { cwd: ROOT, stdio: 'ignore' });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'store-startup-'));
  try {
    const fresh: number[] = [];
    const existing: number[] = [];
    for (let i = 0; i < RUNS; i++) fresh.push(await timeStart(path.join(tmp, `fresh-${i}`)));
    for (let i = 0; i < RUNS; i++) existing.push(await timeStart(path.join(tmp, 'fresh-0')));
    console.log(`node ${process.version}, ${os.cpus().length} CPU(s), built server ${path.relative(ROOT, SERVER)}, embedded database (PGlite)`);
    console.log(`${'start-up to /healthz'.padEnd(36)} ${'median'.padStart(8)}  ${'runs'.padEnd(26)} goal`);
    for (const [label, xs, goal] of [
      ['fresh DATA_DIR (migrate + demo data)', fresh, GOALS.fresh],
      ['existing DATA_DIR', existing, GOALS.existing],
    ] as const) {
      const m = median(xs);
      console.log(`${label.padEnd(36)} ${s(m).padStart(8)}  ${xs.map(s).join(', ').padEnd(26)} <= ${s(goal)} ${m <= goal ? 'met' : 'MISSED'}`);
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
