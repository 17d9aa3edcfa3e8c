import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { DbKind } from '../db/client.ts';
import type { Sealer } from '../lib/crypto.ts';
import type { ZipDirectory } from '../lib/zip-directory.ts';
import type { Config } from '../config/env.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dbKind: DbKind;
    sealer: Sealer;
    zips: ZipDirectory;
    config: Config;
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
    app.decorate('db', deps.db);
    app.decorate('dbKind', deps.dbKind);
    app.decorate('sealer', deps.sealer);
    app.decorate('zips', deps.zips);
    app.decorate('config', deps.config);
  },
  { name: 'db' },
);
