import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The SQL of the ownership checks (access.ts). Every method takes the database or the caller's transaction. */
type Db = Kysely<Database> | Transaction<Database>;

/** An enrollment by id (locked for the caller's transaction with forUpdate). */
export function findEnrollment(db: Db, id: string, opts: { forUpdate?: boolean } = {}) {
  let q = db.selectFrom('enrollments').selectAll().where('id', '=', id);
  if (opts.forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** What the ownership check reads of an enrollment: its owner, its portal and its rep. */
export const findEnrollmentOwner = (db: Db, id: string) =>
  db.selectFrom('enrollments').select(['id', 'session_id', 'account_id', 'portal_id', 'agent_id']).where('id', '=', id).executeTakeFirst();
