import { sql, type Kysely } from 'kysely';

/** Enrollment part one: the enrollment code of Save & Continue Later expires; codes are looked up by their hash. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table enrollments add column if not exists resume_expires_at timestamptz;
    create index if not exists enrollments_resume_code_hash on enrollments (resume_code_hash);
  `.execute(db);
}
