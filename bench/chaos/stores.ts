import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { ROOT, spawnStore, type StoreProcess } from '../../apps/server/test/security/process.ts';

/**
 * The store as production runs it (apps/server/dist/server.js): built once per harness run, and only when its sources
 * changed since the last build (`npm start`'s fingerprint, scripts/start.mjs --build-only): the web app's build alone
 * is 10 s or more of a loaded machine.
 */
export function buildStore(): void {
  execFileSync(process.execPath, ['scripts/start.mjs', '--build-only'], { cwd: ROOT, stdio: 'ignore' });
}

export interface ChaosStore extends StoreProcess {
  name: string;
  dataDir: string;
}

/**
 * N store processes on one PostgreSQL database, each with a DATA_DIR of its own in a temporary folder, the shared
 * DATA_KEY (spawnStore's), mail to the catcher. JOBS_POLL_MS short: the quick form sees jobs move in seconds.
 */
export async function startStores(n: number, env: Record<string, string>): Promise<ChaosStore[]> {
  // All at once, as a deploy starts them: one applies the migrations (Kysely's migration lock) and the seed (its mark
  // row is its lock), the others wait for them and find them done (docs/operations.md).
  const t = Date.now();
  const started = await Promise.allSettled(Array.from({ length: n }, (_, i) => startStore(`store-${i + 1}`, env)));
  const stores = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const failed = started.find((r) => r.status === 'rejected');
  if (failed) {
    // None left running behind the harness's error.
    await stopStores(stores);
    throw failed.reason;
  }
  console.error(`  ${n} stores ready in ${Date.now() - t} ms`);
  return stores;
}

export async function startStore(name: string, env: Record<string, string>): Promise<ChaosStore> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `chaos-${name}-`));
  const p = await spawnStore(
    { DATA_DIR: dataDir, JOBS_POLL_MS: '1000', LOG_LEVEL: process.env.CHAOS_LOG_LEVEL ?? 'warn', PG_STATEMENT_TIMEOUT_MS: '10000', ...env },
    // A process's first answer, not a fault's budget: on a machine shared by many (load 30 on 2 cores) a fresh process
    // took over a minute to be ready. The faults time what they judge themselves.
    { built: true, readyTimeoutMs: 180_000 },
  );
  return Object.assign(p, { name, dataDir });
}

/** Round robin over the processes that are up: the harness's load balancer. */
export function balancer(stores: () => ChaosStore[]): () => string {
  let i = 0;
  return () => {
    const up = stores().filter((s) => s.proc.exitCode === null && s.proc.signalCode === null);
    const list = up.length ? up : stores();
    return list[i++ % list.length]!.baseUrl;
  };
}

export async function stopStores(stores: ChaosStore[]) {
  await Promise.all(
    stores.map(async (s) => {
      const t = setTimeout(() => s.proc.kill('SIGKILL'), 20_000);
      await s.stop('SIGTERM');
      clearTimeout(t);
      // CHAOS_LOG_DIR: each process's log kept for a look after the run (its request lines with CHAOS_LOG_LEVEL=info).
      if (process.env.CHAOS_LOG_DIR) {
        fs.mkdirSync(process.env.CHAOS_LOG_DIR, { recursive: true });
        fs.writeFileSync(path.join(process.env.CHAOS_LOG_DIR, `${s.name}-${s.proc.pid}.log`), s.output());
      }
      fs.rmSync(s.dataDir, { recursive: true, force: true });
    }),
  );
}
