import { spawn } from 'node:child_process';
import { freePort, ROOT } from '../../apps/server/test/security/process.ts';
import { TSX_NODE } from '../../apps/server/test/security/fixtures.ts';

/** bench/hello.ts as a child process, ready to answer. */
export async function spawnHello(): Promise<{ baseUrl: string; pid: number; stop(): Promise<void> }> {
  const port = await freePort();
  const [node, ...loader] = TSX_NODE;
  const proc = spawn(node, [...loader, 'bench/lib/hello.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), NODE_OPTIONS: '' },
    stdio: 'inherit',
  });
  const exited = new Promise<void>((resolve) => proc.on('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {
      if (i > 300) throw new Error('hello-world did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    baseUrl,
    pid: proc.pid!,
    async stop() {
      proc.kill('SIGTERM');
      await exited;
    },
  };
}
