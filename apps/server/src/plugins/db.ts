import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { DbKind } from '../db/client.ts';
import type { Sealer } from '../lib/crypto.ts';
import type { ZipDirectory } from '../lib/zip-directory.ts';
import type { Config } from '../config/env.ts';
import { GenerationCache, WATCHED, WriteWatcher } from '../lib/cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dbKind: DbKind;
    sealer: Sealer;
    zips: ZipDirectory;
    config: Config;
    /** The catalog's in-process cache (lib/cache.ts), dropped when plans, rates or questions change. */
    catalogCache: GenerationCache;
    /** Session rows by token hash, embedded database only (one process sees every write): dropped by any write to sessions or accounts. */
    sessionCache: GenerationCache | null;
    /**
     * The console's enrollment search, embedded database only (one process sees every write; its queries run one at a
     * time, so counting 100,000 rows on every page held up every other request): the exact total per filter and where
     * pages start (keyset positions), dropped by any write to enrollments. PostgreSQL counts and pages every time (its
     * queries run side by side; a generation there would need a trigger on every shopper's write).
     */
    enrollmentSearchCache: GenerationCache | null;
    /**
     * Who owns an enrollment (id, session_id, account_id) by id, embedded database only: dropped by any insert or
     * delete of enrollments and any update that sets one of those three columns (lib/access.ts assertOwnsEnrollment;
     * a step saved or a quote changed leaves it).
     */
    ownerCache: GenerationCache | null;
  }
}

export interface CoreDeps {
  db: Kysely<Database>;
  dbKind: DbKind;
  sealer: Sealer;
  zips: ZipDirectory;
  config: Config;
}

/** Decorates the app with the database and the other process-wide services. */
export default fp(
  async (app, deps: CoreDeps) => {
    const writes = new WriteWatcher(WATCHED);
    const db = deps.db.withPlugin(writes);
    app.decorate('db', db);
    app.decorate('catalogCache', new GenerationCache(db, deps.dbKind, writes, 'catalog'));
    app.decorate('sessionCache', deps.dbKind === 'pglite' ? new GenerationCache(db, deps.dbKind, writes, 'sessions') : null);
    app.decorate('enrollmentSearchCache', deps.dbKind === 'pglite' ? new GenerationCache(db, deps.dbKind, writes, 'enrollments', 1_000) : null);
    app.decorate('ownerCache', deps.dbKind === 'pglite' ? new GenerationCache(db, deps.dbKind, writes, 'enrollmentOwners') : null);
    app.decorate('dbKind', deps.dbKind);
    app.decorate('sealer', deps.sealer);
    app.decorate('zips', deps.zips);
    app.decorate('config', deps.config);
  },
  { name: 'db' },
);
