import fs from 'node:fs';
import { startOwnPostgres } from './postgres.ts';
import { startStore, stopStores } from './stores.ts';

/**
 * A PostgreSQL cluster migrated and seeded once per harness run, stopped, and copied for each fault's world: a fault
 * starts its stores on a database they find ready, instead of an initdb and every migration and the demo seed each
 * time (5 to 20 s a fault on a loaded machine). The migrations and the seed are still applied by a store process as
 * production does, once, here. Removed when the harness exits.
 */
let prepared: Promise<string> | null = null;

export function preparedCluster(): Promise<string> {
  return (prepared ??= prepare());
}

async function prepare(): Promise<string> {
  const t = Date.now();
  const pg = await startOwnPostgres();
  process.on('exit', () => fs.rmSync(pg.dir, { recursive: true, force: true }));
  try {
    const store = await startStore('migrate-and-seed', { DATABASE_URL: pg.url });
    await stopStores([store]);
  } finally {
    pg.stop();
  }
  console.error(`  prepared cluster (migrated, seeded) in ${Date.now() - t} ms`);
  return pg.data;
}
