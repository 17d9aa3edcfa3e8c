import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The database or the caller's transaction: every repository method of the console takes either. */
export type Db = Kysely<Database> | Transaction<Database>;
