import type { TSiteForm } from '@store/domain/admin-sites';
import { containsLike } from '../../lib/escape-like.ts';
import type { Db } from './db.ts';

const siteColumns = ['id', 'host', 'kind', 'name', 'site_flag', 'group_id', 'portal_id', 'active'] as const;

/** SQL of the console's sites, their settings and stored files. */
export async function pageSites(db: Db, q: string | undefined, limit: number, offset: number) {
  let base = db.selectFrom('sites');
  if (q) base = base.where((eb) => eb.or([eb('host', 'ilike', containsLike(q)), eb('name', 'ilike', containsLike(q))]));
  const [items, count] = await Promise.all([
    base.select(siteColumns).orderBy('id').limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.n) };
}

export const findSite = (db: Db, id: number, opts: { forUpdate?: boolean } = {}) => {
  const q = db.selectFrom('sites').select(siteColumns).where('id', '=', id);
  return (opts.forUpdate ? q.forUpdate() : q).executeTakeFirst();
};

export const siteSettings = (db: Db, siteId: number) =>
  db.selectFrom('site_settings').select(['key', 'value']).where('site_id', '=', siteId).orderBy('key').execute();

/** A site with this host, other than `exceptId`. */
export const siteWithHost = (db: Db, host: string, exceptId?: number) => {
  let q = db.selectFrom('sites').select('id').where('host', '=', host);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return q.executeTakeFirst();
};

const siteValues = (b: TSiteForm) => ({
  host: b.host,
  kind: b.kind,
  name: b.name,
  site_flag: b.site_flag,
  group_id: b.group_id ?? null,
  portal_id: b.portal_id ?? null,
  active: b.active,
});

export const insertSite = (db: Db, b: TSiteForm) =>
  db.insertInto('sites').values(siteValues(b)).returning(siteColumns).executeTakeFirstOrThrow();

export const updateSite = (db: Db, id: number, b: TSiteForm) =>
  db
    .updateTable('sites')
    .set({ ...siteValues(b), updated_at: new Date() })
    .where('id', '=', id)
    .returning(siteColumns)
    .executeTakeFirst();

export async function replaceSiteSettings(db: Db, id: number, settings: { key: string; value: string }[]) {
  await db.deleteFrom('site_settings').where('site_id', '=', id).execute();
  if (settings.length)
    await db
      .insertInto('site_settings')
      .values(settings.map((s) => ({ site_id: id, key: s.key, value: s.value })))
      .execute();
  await db.updateTable('sites').set({ updated_at: new Date() }).where('id', '=', id).execute();
}

export const insertMedia = (db: Db, row: { id: string; content_type: string; data: Buffer }) =>
  db.insertInto('media').values(row).execute();

export const findMedia = (db: Db, id: string) =>
  db.selectFrom('media').select(['content_type', 'data', 'private']).where('id', '=', id).executeTakeFirst();
