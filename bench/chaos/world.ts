import fs from 'node:fs';
import path from 'node:path';
import { startCatcher, type Catcher } from './smtp.ts';
import { startOwnPostgres, type OwnPostgres } from './postgres.ts';
import { preparedCluster } from './prepared.ts';
import { balancer, startStores, stopStores, type ChaosStore } from './stores.ts';
import { Shopper, type Journey, type Op } from './shopper.ts';

/** What a fault runs against: its own PostgreSQL, the mail catcher, N store processes, and shoppers. */
export interface World {
  pg: OwnPostgres;
  smtp: Catcher;
  stores: ChaosStore[];
  pick: () => string;
  plan: { planId: number; planPricingId: number; name: string };
  /**
   * One whole journey on each store at once, not counted: a fresh process's first completions are its start's cost
   * (the PDF thread started, the fonts parsed, the code compiled: 5 to 7 s at load 14 against 0.6 s after), not a
   * fault's, and a fault that times its answers would judge them against the warm ones (docs/operations.md).
   */
  warmUp(): Promise<void>;
  /** Runs `n` shoppers doing whole journeys until `until()` says stop; collects their journeys and requests. */
  shop(n: number, until: () => boolean, stopAfter?: 'saves', emailPrefix?: string): Promise<{ journeys: Journey[]; ops: Op[] }>;
  close(): Promise<void>;
}

export const DENTAL_ESSENTIALS = 101;
let seq = 0;
let shops = 0;

/** `warm`: warmUp() once the stores are ready (the faults that time their answers). */
export async function startWorld(opts: { stores?: number; env?: Record<string, string>; warm?: boolean } = {}): Promise<World> {
  const from = await preparedCluster();
  const t0 = Date.now();
  const pg = await startOwnPostgres({ from });
  const smtp = await startCatcher();
  console.error(`  postgres ready in ${Date.now() - t0} ms`);
  let stores: ChaosStore[];
  try {
    stores = await startStores(opts.stores ?? 2, { DATABASE_URL: pg.url, SMTP_URL: smtp.url, ...opts.env });
  } catch (err) {
    pg.destroy();
    await smtp.close();
    throw err;
  }
  const rate = (
    await pg.query<{ plan_pricing_id: number; name: string }>(
      `select r.plan_pricing_id, p.plan_name as name from plan_rates r join plans p on p.plan_id = r.plan_id where r.plan_id = $1 limit 1`,
      [DENTAL_ESSENTIALS],
    )
  )[0]!;
  const world: World = {
    pg,
    smtp,
    stores,
    pick: balancer(() => world.stores),
    plan: { planId: DENTAL_ESSENTIALS, planPricingId: rate.plan_pricing_id, name: rate.name },
    async warmUp() {
      const t = Date.now();
      await Promise.all(
        world.stores.map(async (store) => {
          const s = new Shopper(() => store.baseUrl, { giveUpMs: 60_000, ...world.plan, seq: ++seq, emailPrefix: 'warm-up' });
          const j = await s.journey();
          if (!j.completed) throw new Error(`${store.name}'s warm-up journey did not complete: ${j.error}`);
        }),
      );
      console.error(`  stores warmed up in ${Date.now() - t} ms`);
    },
    async shop(n, until, stopAfter, emailPrefix) {
      const journeys: Journey[] = [];
      const ops: Op[] = [];
      await Promise.all(
        Array.from({ length: n }, async () => {
          while (!until()) {
            const s = new Shopper(world.pick, { giveUpMs: 30_000, ...world.plan, seq: ++seq, emailPrefix });
            journeys.push(await s.journey(stopAfter));
            ops.push(...s.ops);
          }
        }),
      );
      // CHAOS_LOG_DIR: the shoppers' side of every request too, to set beside the stores' request lines.
      if (process.env.CHAOS_LOG_DIR) {
        fs.mkdirSync(process.env.CHAOS_LOG_DIR, { recursive: true });
        fs.writeFileSync(path.join(process.env.CHAOS_LOG_DIR, `shoppers-${process.pid}-${++shops}.json`), JSON.stringify(ops));
      }
      return { journeys, ops };
    },
    async close() {
      await stopStores(world.stores);
      await smtp.close();
      pg.destroy();
    },
  };
  if (opts.warm) {
    try {
      await world.warmUp();
    } catch (err) {
      await world.close();
      throw err;
    }
  }
  return world;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** ms until every store's /healthz answers 200 (or the timeout). */
export async function untilHealthy(world: World, timeoutMs = 30_000): Promise<number> {
  const started = Date.now();
  for (const s of world.stores) {
    for (;;) {
      const ok = await fetch(`${s.baseUrl}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) break;
      if (Date.now() - started > timeoutMs) return Infinity;
      await sleep(100);
    }
  }
  return Date.now() - started;
}
