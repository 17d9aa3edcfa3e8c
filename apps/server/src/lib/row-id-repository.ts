import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * The next value of a serial key, taken before the insert: a value sealed for a new row is bound to the row's id
 * (lib/crypto.ts, associated data), so the id must be known when it is sealed.
 */
export async function nextRowId(db: Kysely<Database> | Transaction<Database>, table: string, column = 'id'): Promise<number> {
  const r = await sql<{ id: number }>`select nextval(pg_get_serial_sequence(${table}, ${column}))::int as id`.execute(db);
  return r.rows[0].id;
}
