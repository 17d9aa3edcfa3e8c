import { sql, type Kysely } from 'kysely';

/**
 * Media served under content-hashed URLs (/media/<hash>/<id>, cached for a year as immutable; modules/site/routes.ts):
 * the hash is the bytes' sha256, kept by the database beside them. A change to public media (not signatures and receipts) also drops the catalog caches
 * (plan cards carry their logo's hashed URL) in every store process (migration 1100's notices).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table media add column if not exists hash text generated always as (encode(sha256(data), 'hex')) stored`.execute(db);
  await sql`
    drop trigger if exists media_change_notice on media;
    create trigger media_change_notice after insert or update on media for each row when (not new.private) execute function notify_catalog_change();
    drop trigger if exists media_delete_notice on media;
    create trigger media_delete_notice after delete on media for each row when (not old.private) execute function notify_catalog_change();
  `.execute(db);
}
