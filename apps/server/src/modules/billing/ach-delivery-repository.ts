import type { Db } from './repository.ts';

/** The NACHA files not yet delivered and still kept (not purged), oldest first. */
export const undeliveredAchFiles = (db: Db) =>
  db
    .selectFrom('ach_files')
    .select(['id', 'file_name', 'content_enc', 'delivery_attempts'])
    .where('delivered_at', 'is', null)
    .where('purged_at', 'is', null)
    .where('content_enc', 'is not', null)
    .orderBy('id')
    .execute();

export const markAchDelivered = (db: Db, id: number, at: Date) =>
  db.updateTable('ach_files').set({ delivered_at: at, delivery_error: null }).where('id', '=', id).execute();

export const markAchDeliveryFailed = (db: Db, id: number, error: string) =>
  db
    .updateTable('ach_files')
    .set((eb) => ({ delivery_attempts: eb('delivery_attempts', '+', 1), delivery_error: error.slice(0, 500) }))
    .where('id', '=', id)
    .execute();
