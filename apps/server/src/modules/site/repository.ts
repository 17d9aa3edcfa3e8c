import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** SQL of the site look-ups. */
export const activeSiteByHost = (db: Db, host: string) =>
  db.selectFrom('sites').selectAll().where('host', '=', host).where('active', '=', true).executeTakeFirst();
export const mainSite = (db: Db) =>
  db.selectFrom('sites').selectAll().where('kind', '=', 'main').where('active', '=', true).orderBy('id').executeTakeFirst();
/**
 * A site's settings; one whose value is a public media file's plain URL (/media/<id>: the logo, the banner) comes with
 * that file's content hash (null otherwise).
 */
export const settingsOf = async (db: Db, siteId: number) =>
  (
    await sql<{ key: string; value: string; media_hash: string | null }>`
      select s.key, s.value, m.hash as media_hash
      from site_settings s
      left join media m on m.id = substring(s.value from '^/media/([A-Za-z0-9._-]+)$') and not m.private
      where s.site_id = ${siteId}`.execute(db)
  ).rows;
/** A site by its host or its name (any case). */
/** The active site with this host or name (give it lower-case). */
export const siteHostByName = (db: Db, name: string) =>
  db
    .selectFrom('sites')
    .select('host')
    .where('active', '=', true)
    .where((eb) => eb.or([eb('host', '=', name), eb(eb.fn('lower', ['name']), '=', name)]))
    .orderBy('id')
    .executeTakeFirst();
export const portalIdByCode = async (db: Db, code: string) =>
  (await db.selectFrom('portals').select('platform_group_id').where('platform_code', '=', code).executeTakeFirst())?.platform_group_id;
/** The first featured active plan. */
export const firstFeaturedPlanId = async (db: Db) =>
  (
    await db
      .selectFrom('plans')
      .select('plan_id')
      .where('featured', '=', true)
      .where('active', '=', true)
      .orderBy('sort_order')
      .orderBy('plan_id')
      .executeTakeFirst()
  )?.plan_id;

/** A public media file: its type, bytes and content hash (migration 1101). */
export const publicMedia = async (db: Db, id: string) =>
  (
    await sql<{
      content_type: string;
      data: Uint8Array;
      hash: string;
    }>`select content_type, data, hash from media where id = ${id} and not private`.execute(db)
  ).rows[0];
