import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { DbKind } from '../db/client.ts';
import type { Sealer } from '../lib/crypto.ts';
import type { ZipDirectory } from '../lib/zip-directory.ts';
import type { Config } from '../config/env.ts';
import type { PaymentProvider } from '../lib/payment-provider.ts';
import { ChangeFeed, KeyedCache, type Listen } from '../lib/cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dbKind: DbKind;
    sealer: Sealer;
    zips: ZipDirectory;
    config: Config;
    /** The database's change notices, which drop the caches below in every store process (lib/cache.ts). */
    changes: ChangeFeed;
    /** The catalog's cache, dropped when plans, rates, questions or portals change. */
    catalogCache: KeyedCache;
    /** Session rows (with their account) by token hash, dropped per session and when any account changes. */
    sessionCache: KeyedCache;
    /** Who owns an enrollment (id, session_id, account_id, portal_id) by id, dropped when one of them changes (lib/access.ts). */
    ownerCache: KeyedCache;
    /** Who charges cards: the offline provider or Stripe (PAYMENT_PROVIDER; decision 2510). */
    payments: PaymentProvider;
  }
}

export interface CoreDeps {
  db: Kysely<Database>;
  dbKind: DbKind;
  /** The database's listening connection for change notices (db/client.ts). */
  listen: Listen;
  sealer: Sealer;
  zips: ZipDirectory;
  config: Config;
  /** The payment provider (bootstrap.ts makes it from the configuration; tests give their own). */
  payments: PaymentProvider;
}

/** Decorates the app with the database, its caches and the other process-wide services. */
export default fp(
  async (app, deps: CoreDeps) => {
    const changes = new ChangeFeed();
    app.decorate('db', deps.db);
    app.decorate('changes', changes);
    app.decorate('catalogCache', new KeyedCache(changes, 'catalog'));
    app.decorate('sessionCache', new KeyedCache(changes, 'session'));
    app.decorate('ownerCache', new KeyedCache(changes, 'owner'));
    app.decorate('dbKind', deps.dbKind);
    app.decorate('sealer', deps.sealer);
    app.decorate('zips', deps.zips);
    app.decorate('config', deps.config);
    app.decorate('payments', deps.payments);
    const stop = await changes.start(deps.listen);
    app.addHook('onClose', async () => stop());
  },
  { name: 'db' },
);
