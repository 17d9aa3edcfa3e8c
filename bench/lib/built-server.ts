import crypto from 'node:crypto';
/**
 * The store as `npm start` runs it: node apps/server/dist/server.js (built here first), in its own process,
 * ready when /healthz answers 200. For the start-up and scale benchmarks.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort, ROOT } from '../../apps/server/test/security/process.ts';
import { childEnv } from '../../apps/server/test/security/fixtures.ts';

export const SERVER = path.join(ROOT, 'apps/server/dist/server.js');

/** npm run build -w @store/server (about a tenth of a second). */
export function buildServer(): void {
  execFileSync('npm', ['run', 'build', '-w', '@store/server'], { cwd: ROOT, stdio: 'ignore' });
}

export interface BuiltServer {
  proc: ChildProcess;
  baseUrl: string;
  /** ms from spawn to the first 200 from /healthz */
  readyMs: number;
  /** CPU ms the process had used when it was ready (user + system, every thread; Linux only, else NaN) */
  readyCpuMs: number;
  /** SIGTERM, then wait for the exit */
  stop(): Promise<void>;
}

/** CPU time of a process so far, in ms (/proc; NaN elsewhere). */
export function cpuMs(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

/** Production needs a key from outside DATA_DIR (apps/server/src/lib/keys.ts): one per bench run unless env sets another. */
const BENCH_DATA_KEY = crypto.randomBytes(32).toString('base64');

/** Starts the built store with these settings (DATA_DIR or DATABASE_URL …) and waits until /healthz answers. */
export async function startBuiltServer(
  env: Record<string, string>,
  opts: {
    timeoutMs?: number;
    nodeArgs?: string[];
    /** The store's stdout (its log) goes to this file; else nowhere. */ logFile?: string;
    /** Start it with `npm start` (scripts/start.mjs: the build check, then the built server) instead of node. */
    npmStart?: boolean;
  } = {},
): Promise<BuiltServer> {
  const port = await freePort();
  const started = performance.now();
  const out = opts.logFile ? fs.openSync(opts.logFile, 'a') : 'ignore';
  const [command, args] = opts.npmStart ? ['npm', ['start', '--silent']] : [process.execPath, [...(opts.nodeArgs ?? []), SERVER]];
  const proc = spawn(command, args, {
    cwd: ROOT,
    // Production settings as people run the store, with the demo data the benchmarks use.
    env: childEnv({
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      DATA_KEY: BENCH_DATA_KEY,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SEED_DEMO: 'true',
      ...env,
    }),
    stdio: ['ignore', out, 'pipe'],
    // npm runs the server as its child: the two get their own process group, stopped together.
    detached: opts.npmStart,
  });
  if (typeof out === 'number') fs.closeSync(out);
  let err = '';
  proc.stderr!.on('data', (d) => (err += d));
  const exited = new Promise<void>((resolve) => proc.on('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`store exited before it was ready:\n${err}`);
    if (performance.now() - started > (opts.timeoutMs ?? 60_000)) {
      proc.kill('SIGKILL');
      throw new Error(`store not ready in time:\n${err}`);
    }
    const ok = await fetch(`${baseUrl}/healthz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 10));
  }
  return {
    proc,
    baseUrl,
    readyMs: performance.now() - started,
    readyCpuMs: cpuMs(proc.pid),
    async stop() {
      if (proc.exitCode === null) {
        if (opts.npmStart) process.kill(-proc.pid!, 'SIGTERM');
        else proc.kill('SIGTERM');
      }
      await exited;
    },
  };
}
