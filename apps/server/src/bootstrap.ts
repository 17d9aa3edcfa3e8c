import { buildApp, type App } from './app.ts';
import type { Config } from './config/env.ts';
import { openDb, type DbHandle, type DbOptions } from './db/client.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDemo } from './db/seed/seed.ts';
import { Sealer } from './lib/crypto.ts';
import { loadKeyring } from './lib/keys.ts';
import { shippedZipDirectory } from './lib/zip-directory.ts';
import type { FastifyServerOptions } from 'fastify';
import type { PaymentProvider } from './lib/payment-provider.ts';
import { makePaymentProvider } from './modules/enrollment/index.ts';

export interface Store {
  app: App;
  handle: DbHandle;
  close(): Promise<void>;
}

/** Opens the database, applies migrations, seeds the demo data (unless SEED_DEMO=false) and builds the app. */
export async function createStore(
  config: Config,
  opts: {
    db?: DbOptions;
    logger?: FastifyServerOptions['logger'];
    logStream?: { write(line: string): void };
    /**
     * The embedded database's thread died while the store ran (server.ts stops the process: the database is in it).
     * PostgreSQL going away is not fatal: requests are answered 503 until it is back (db/unavailable.ts).
     */
    onDatabaseFailure?: (err: Error) => void;
    /** The payment provider instead of the configured one (tests). */
    payments?: PaymentProvider;
  } = {},
): Promise<Store> {
  let connectionLost = (_err: Error) => {};
  const dbOptions: DbOptions = {
    ...(opts.db ?? (config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: config.DATA_DIR })),
    onFatal: opts.onDatabaseFailure,
    // PostgreSQL: an idle connection ended by the server is dropped and made again when needed (logged once the app is up).
    onConnectionLost: (err) => connectionLost(err),
    poolMax: config.PG_POOL_MAX,
    statementTimeoutMs: config.PG_STATEMENT_TIMEOUT_MS,
  };
  // Before the database opens: production without DATA_KEY/DATA_KEY_FILE, or PostgreSQL without a shared key, stop here.
  const keys = loadKeyring(
    { ...config, DATABASE_URL: dbOptions.databaseUrl ?? config.DATABASE_URL },
    dbOptions.dataDir ?? (config.DATABASE_URL ? undefined : config.DATA_DIR),
  );
  const handle = await openDb(dbOptions);
  try {
    await migrateToLatest(handle.db);
    const sealer = new Sealer(keys.ring);
    if (config.SEED_DEMO) await seedDemo(handle.db, sealer, { billing: config.SEED_DEMO_BILLING });
    const payments = opts.payments ?? (await makePaymentProvider(config));
    const app = await buildApp(
      { db: handle.db, dbKind: handle.kind, listen: handle.listen, sealer, zips: shippedZipDirectory, config, payments },
      { logger: opts.logger, logStream: opts.logStream },
    );
    if (keys.warning) app.log.warn(keys.warning);
    connectionLost = (err) => app.log.warn({ reason: err.message }, 'database connection lost; the pool connects again when asked');
    return {
      app,
      handle,
      async close() {
        await app.close();
        await handle.close();
      },
    };
  } catch (err) {
    await handle.close();
    throw err;
  }
}
