import crypto from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { childEnv, TSX_NODE } from './fixtures.ts';

/** The real store process (`apps/server/src/server.ts`), as production runs it, for crash and load tests. */
export const ROOT = path.resolve(import.meta.dirname, '../../../..');
/** Production needs a key from outside DATA_DIR (lib/keys.ts): the processes of a test share this one unless env sets another. */
export const PROCESS_DATA_KEY = crypto.randomBytes(32).toString('base64');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

export interface StoreProcess {
  proc: ChildProcess;
  port: number;
  baseUrl: string;
  /** stdout and stderr so far */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export async function spawnStore(
  env: Record<string, string>,
  opts: { readyTimeoutMs?: number; nodeArgs?: string[]; built?: boolean } = {},
): Promise<StoreProcess> {
  const port = await freePort();
  const [node, ...loader] = TSX_NODE;
  // built: the store as `npm start` runs it (apps/server/dist/server.js, no TypeScript loader); else the source.
  const args = opts.built
    ? [...(opts.nodeArgs ?? []), 'apps/server/dist/server.js']
    : [...(opts.nodeArgs ?? []), ...loader, 'apps/server/src/server.ts'];
  const proc = spawn(node, args, {
    cwd: ROOT,
    // REQUESTS_PER_MINUTE: as in startTestStore, the limit per address is off unless the test sets it.
    // A production store as people run it, with the settings production requires and the demo data the tests use.
    env: childEnv({
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      NODE_ENV: 'production',
      REQUESTS_PER_MINUTE: '0',
      DATA_KEY: PROCESS_DATA_KEY,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SEED_DEMO: 'true',
      ...env,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (opts.readyTimeoutMs ?? 120_000);
  let exitedEarly = false;
  void exited.then(() => (exitedEarly = true));
  for (;;) {
    if (exitedEarly) throw new Error(`store exited before it was ready:\n${out}`);
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`store not ready in time:\n${out}`);
    }
    try {
      const r = await fetch(`${baseUrl}/healthz`);
      if (r.status === 200) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    proc,
    port,
    baseUrl,
    output: () => out,
    exited,
    async stop(signal = 'SIGTERM') {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
      return exited;
    },
  };
}
