import { isoToUs, todayIso, usToIso } from '@store/domain/dates';
import { loadConfig } from '../config/env.ts';
import { openDb } from '../db/client.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { Sealer } from '../lib/crypto.ts';
import { loadKeyring } from '../lib/keys.ts';
import { describeDay, runBillingDay } from '../modules/billing/index.ts';
import { makePaymentProvider } from '../modules/enrollment/index.ts';
import { runAsCommand } from './run-command.ts';

/**
 * Runs one billing day by hand (issue 36), as the daily job does, and prints what it did:
 *
 *   npm run billing -- --date 2026-12-28     (or 12/28/2026; without --date: today in US Eastern time)
 *
 * Safe to run again and beside running stores on PostgreSQL: each payment is made once. On the embedded database,
 * stop the store first (one process opens DATA_DIR at a time).
 */
export async function main(argv: string[]) {
  const at = argv.indexOf('--date');
  const given = at >= 0 ? argv[at + 1] : undefined;
  // A real calendar day, typed either way (2026-13-45 and 02/30/2027 are refused).
  const day = given === undefined ? todayIso() : usToIso(/^\d{4}-\d{2}-\d{2}$/.test(given) ? isoToUs(given) : given);
  if (!day) throw new Error(`--date ${given}: give the day as YYYY-MM-DD or MM/DD/YYYY.`);
  const config = loadConfig();
  const keys = loadKeyring(config);
  const handle = await openDb(config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: config.DATA_DIR });
  try {
    await migrateToLatest(handle.db);
    const figures = await runBillingDay(
      {
        db: handle.db,
        sealer: new Sealer(keys.ring),
        provider: await makePaymentProvider(config),
        achOutDir: config.ACH_OUT_DIR,
        // Failed payments' links only from a configured origin: without PUBLIC_URL the store's daily job mails them.
        origin: config.PUBLIC_URL ? async () => new URL(config.PUBLIC_URL!).origin : undefined,
      },
      day,
    );
    console.log(describeDay(figures));
  } finally {
    await handle.close();
  }
}

runAsCommand(import.meta.url, main);
