import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The SQL of the configured origins (origins.ts). */
type Db = Kysely<Database> | Transaction<Database>;

/** The hosts and kinds of the active sites, oldest first. */
export const activeSiteHosts = (db: Db) =>
  db.selectFrom('sites').select(['host', 'kind']).where('active', '=', true).orderBy('id').execute();
