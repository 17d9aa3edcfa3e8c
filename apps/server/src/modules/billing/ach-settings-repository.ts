import type { Updateable } from 'kysely';
import type { AchSettingsTable } from '../../db/schema.ts';
import type { Db } from './repository.ts';

/** The one row of NACHA settings (migration 2402): its new values. */
export async function updateAchSettings(db: Db, values: Updateable<AchSettingsTable>): Promise<void> {
  await db
    .updateTable('ach_settings')
    .set({ ...values, updated_at: new Date() })
    .execute();
}
