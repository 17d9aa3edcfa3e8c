import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

export type Db = Kysely<Database> | Transaction<Database>;

/** The rep's license in this state if it is current on `today` (YYYY-MM-DD). */
export const currentLicense = (db: Db, agentId: number, state: string, today: string) =>
  db
    .selectFrom('rep_licenses')
    .select(['state', 'expires_on'])
    .where('agent_id', '=', agentId)
    .where('state', '=', state)
    .where('expires_on', '>=', today)
    .executeTakeFirst();

/** The rep's name and national producer number (834 N1*BO). */
export const producerOf = (db: Db, agentId: number) =>
  db.selectFrom('agents').select(['first_name', 'last_name', 'display_name', 'npn']).where('agent_id', '=', agentId).executeTakeFirst();
