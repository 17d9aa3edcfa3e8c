import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Db } from './repository.ts';

/** The SQL of the step screenshots (screenshots.ts). */

/** Holds the enrollment's row until the transaction ends (one save of its screenshots at a time); its status. */
export async function lockEnrollment(db: Db, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('enrollments').select('status').where('id', '=', id).forUpdate().executeTakeFirst();
  return row?.status;
}

export async function listScreenshotSteps(db: Db, enrollmentId: string) {
  return db.selectFrom('screenshots').select(['id', 'name']).where('enrollment_id', '=', enrollmentId).execute();
}

export async function upsertScreenshot(db: Db, row: { id: number; enrollment_id: string; name: string; image: Buffer }): Promise<void> {
  await db
    .insertInto('screenshots')
    .values(row)
    .onConflict((oc) => oc.columns(['enrollment_id', 'name']).doUpdateSet({ image: row.image, created_at: sql`now()` }))
    .execute();
}

/** Screenshots of enrollments not completed, unchanged since `before` and whose resume code has expired by `now`. */
export async function deleteStaleScreenshots(db: Kysely<Database>, before: Date, now: Date): Promise<number> {
  const r = await db
    .deleteFrom('screenshots')
    .where('enrollment_id', 'in', (eb) =>
      eb
        .selectFrom('enrollments as e')
        .select('e.id')
        .where('e.status', '!=', 'completed')
        .where('e.updated_at', '<', before)
        .where((w) => w.or([w('e.resume_expires_at', 'is', null), w('e.resume_expires_at', '<', now)])),
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
