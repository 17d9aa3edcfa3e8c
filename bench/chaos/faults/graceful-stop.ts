import fs from 'node:fs';
import { checkCompletions, checkSaves, type Row } from '../verify.ts';
import { sleep, startWorld } from '../world.ts';
import { startStore } from '../stores.ts';

/**
 * SIGTERM to one of two store processes under load, then a start of it again (a rolling restart): every request it
 * had in flight is answered (a refused connection, tried on the other process, is not a loss; a connection cut with a
 * request on it is), it exits 0, and the traffic the other could serve loses nothing.
 */
export async function gracefulStop(opts: { quick: boolean }): Promise<Row[]> {
  const fault = 'graceful stop';
  const world = await startWorld({ stores: 2 });
  try {
    let stop = false;
    const traffic = world.shop(opts.quick ? 4 : 8, () => stop);
    await sleep(4000);
    const victim = world.stores[0]!;
    const sentAt = Date.now();
    victim.proc.kill('SIGTERM');
    const exit = await victim.exited;
    // Its DATA_DIR is not the world's any more (stopStores removes the live ones).
    fs.rmSync(victim.dataDir, { recursive: true, force: true });
    const stopMs = Date.now() - sentAt;
    // Started again, as a supervisor would, with the same settings.
    world.stores[0] = await startStore('store-1b', { DATABASE_URL: world.pg.url, SMTP_URL: world.smtp.url });
    await sleep(opts.quick ? 3000 : 15_000);
    stop = true;
    const { journeys, ops } = await traffic;
    const victimUrl = victim.baseUrl;
    const cut = ops.filter((o) => o.status === 0 && o.error !== 'ECONNREFUSED');
    // A 503 from the closing process (Fastify's answer to a request on a kept-alive connection while it closes) is
    // tried again on the other: not a loss. Any other 5xx is.
    const fiveHundreds = ops.filter((o) => o.status >= 500 && o.status !== 503);
    const closing503 = ops.filter((o) => o.status === 503).length;
    // Each with Retry-After (server.ts adds it to Fastify's closing answer): a client knows to try again.
    const bare503 = ops.filter((o) => o.status === 503 && !o.retryAfter);
    const tail = victim.output().trim().split('\n').slice(-1)[0] ?? '';
    return [
      await checkSaves(world.pg, fault, journeys, ops),
      await checkCompletions(world.pg, fault, journeys, ops),
      {
        fault,
        what: 'requests',
        sent: ops.length,
        acknowledged: ops.filter((o) => o.status > 0 && o.status < 500).length,
        lost: cut.length + fiveHundreds.length + bare503.length,
        duplicated: 0,
        note:
          `refused after SIGTERM (tried on the other): ${ops.filter((o) => o.error === 'ECONNREFUSED').length}, 503 while closing: ${closing503}` +
          (bare503.length ? `, ${bare503.length} without Retry-After` : '') +
          (cut.length
            ? `; cut: ${cut
                .slice(0, 3)
                .map((o) => `${o.error} ${o.path}`)
                .join(', ')}`
            : '') +
          (fiveHundreds.length
            ? `; 5xx: ${fiveHundreds
                .slice(0, 3)
                .map((o) => `${o.status} ${o.path}`)
                .join(', ')}`
            : ''),
      },
      {
        fault,
        what: 'the stopped process',
        sent: 1,
        acknowledged: exit.code === 0 ? 1 : 0,
        lost: exit.code === 0 ? 0 : 1,
        duplicated: 0,
        note:
          `exit ${exit.code ?? exit.signal} ${stopMs} ms after SIGTERM (${victimUrl})` +
          (tail ? `; last log line: ${tail.slice(0, 120)}` : ''),
      },
    ];
  } finally {
    await world.close();
  }
}
