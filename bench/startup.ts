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

interface Start {
  /** ms from spawn to the first 200 from /healthz */
  wall: number;
  /** CPU ms the store process used by then (user + system, all its threads): steadier than wall time on a busy machine */
  cpu: number;
}

/** CPU time of a process so far, in ms (Linux /proc; NaN elsewhere). */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

/** Times one start-up; then stops the store (SIGTERM) and waits for its exit. */
async function timeStart(dataDir: string): Promise<Start> {
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
  let result: Start;
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
      result = { wall: performance.now() - started, cpu: cpuMs(proc.pid) };
      break;
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  proc.kill('SIGTERM');
  await exited;
  return result;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  execFileSync('npm', ['run', 'build', '-w', '@store/server'], { cwd: ROOT, stdio: 'ignore' });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'store-startup-'));
  try {
    const fresh: Start[] = [];
    const existing: Start[] = [];
    for (let i = 0; i < RUNS; i++) fresh.push(await timeStart(path.join(tmp, `fresh-${i}`)));
    for (let i = 0; i < RUNS; i++) existing.push(await timeStart(path.join(tmp, 'fresh-0')));
    const load = os.loadavg().map((l) => l.toFixed(1)).join(' ');
    console.log(`node ${process.version}, ${os.cpus().length} CPU(s) (load average ${load}), built server ${path.relative(ROOT, SERVER)}, embedded database (PGlite)`);
    console.log(`${'start-up to /healthz'.padEnd(37)} ${'median'.padStart(7)}  ${'runs'.padEnd(22)} ${'CPU median'.padStart(10)}  goal`);
    for (const [label, xs, goal] of [
      ['fresh DATA_DIR (migrate + demo data)', fresh, GOALS.fresh],
      ['existing DATA_DIR', existing, GOALS.existing],
    ] as const) {
      const m = median(xs.map((x) => x.wall));
      const runs = xs.map((x) => s(x.wall)).join(', ');
      console.log(`${label.padEnd(37)} ${s(m).padStart(7)}  ${runs.padEnd(22)} ${s(median(xs.map((x) => x.cpu))).padStart(10)}  <= ${s(goal)} ${m <= goal ? 'met' : 'MISSED'}`);
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
