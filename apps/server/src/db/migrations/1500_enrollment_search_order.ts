import { sql, type Kysely } from 'kysely';

/**
 * The console's enrollment search pages newest first by (created_at desc, id desc) with LIMIT/OFFSET, the same on
 * PGlite and PostgreSQL: an index in exactly that order serves every page and its status filter without a sort.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create index if not exists enrollments_newest_idx on enrollments(created_at desc, id desc);
    create index if not exists enrollments_status_newest_idx on enrollments(status, created_at desc, id desc);
  `.execute(db);
}
