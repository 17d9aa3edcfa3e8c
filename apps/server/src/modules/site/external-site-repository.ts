import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The host of the active site with this host or name (case-insensitive), if any. */
export async function findActiveSiteHostByName(db: Kysely<Database>, name: string): Promise<string | undefined> {
  const lower = name.toLowerCase();
  const site = await db
    .selectFrom('sites')
    .select('host')
    .where('active', '=', true)
    .where((eb) => eb.or([eb('host', '=', lower), eb(eb.fn('lower', ['name']), '=', lower)]))
    .orderBy('id')
    .executeTakeFirst();
  return site?.host;
}
