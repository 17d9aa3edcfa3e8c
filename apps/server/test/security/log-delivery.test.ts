import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnStore, type StoreProcess } from './process.ts';

/**
 * The store's log goes to stdout through pino's synchronous destination, the request lines once per turn of the event
 * loop (docs/decisions/2200-request-line.md): a quiet store still shows a request's line at once, and the last
 * ones are there when it stops.
 */
describe('the request log of a running store', () => {
  let store: StoreProcess | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-log-'));
  afterAll(async () => {
    await store?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const lines = () =>
    store!
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { msg?: string; req?: { url?: string } });
  const completed = (url: string) => lines().filter((l) => l.msg === 'request completed' && l.req?.url === url).length;

  it('shows a single request of a quiet store within two seconds, and the last ones when it stops', async () => {
    store = await spawnStore({ LOG_LEVEL: 'info', DATA_DIR: dataDir });
    expect((await fetch(`${store.baseUrl}/api/v1/get-common-menu`)).status).toBe(200);
    const deadline = Date.now() + 2000;
    while (completed('/api/v1/get-common-menu') === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(completed('/api/v1/get-common-menu')).toBe(1);

    for (let i = 0; i < 3; i++) expect((await fetch(`${store.baseUrl}/api/v1/site`)).status).toBe(200);
    const { code } = await store.stop();
    expect(code).toBe(0);
    expect(completed('/api/v1/site')).toBe(3);
  }, 150_000);
});
