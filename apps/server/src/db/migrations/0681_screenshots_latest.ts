import { sql, type Kysely } from 'kysely';

/**
 * Security: one screenshot, the latest, per enrollment and step. Older copies of a step are dropped, and a unique
 * index lets a new one replace the last (modules/quote/screenshots.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    delete from screenshots s using screenshots newer
    where newer.enrollment_id = s.enrollment_id and newer.name = s.name and newer.id > s.id;
    drop index if exists screenshots_enrollment_idx;
    create unique index screenshots_enrollment_name_idx on screenshots (enrollment_id, name);
  `.execute(db);
}
