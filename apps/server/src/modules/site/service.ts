import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { TSiteInfo } from '@store/domain/site';

/** The site of a host: its own row, else the main site (any host not listed is the main store). */
export async function siteForHost(db: Kysely<Database>, hostHeader: string | undefined): Promise<TSiteInfo> {
  const host = (hostHeader ?? 'localhost').toLowerCase().replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
  let site = await db.selectFrom('sites').selectAll().where('host', '=', host).where('active', '=', true).executeTakeFirst();
  if (!site) {
    site = await db.selectFrom('sites').selectAll().where('kind', '=', 'main').where('active', '=', true).orderBy('id').executeTakeFirst();
  }
  if (!site) {
    return { host, kind: 'main', name: 'Benefit Store', site_flag: 'true', group_id: null, portal_id: null, settings: {} };
  }
  const rows = await db.selectFrom('site_settings').select(['key', 'value']).where('site_id', '=', site.id).execute();
  return {
    host: site.host,
    kind: site.kind,
    name: site.name,
    site_flag: site.site_flag,
    group_id: site.group_id,
    portal_id: site.portal_id,
    settings: Object.fromEntries(rows.map((r) => [r.key, r.value])),
  };
}

/** Base64 (the documents' encoding of site_domain) to text; plain text is accepted too. */
export function decodeDomain(value: string): string {
  const v = value.trim();
  if (/^[A-Za-z0-9+/=_-]+$/.test(v) && v.length % 4 === 0) {
    const decoded = Buffer.from(v, 'base64').toString('utf8');
    if (/^[a-z0-9.:-]+$/i.test(decoded)) return decoded.toLowerCase();
  }
  return v.toLowerCase();
}
