import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { TSiteInfo } from '@store/domain/site';
import type { TDomainSiteInfo } from '@store/domain/contract/site';
import { mediaPath } from '../catalog/index.ts';
import * as repo from './repository.ts';

/** The site of a host: its own row, else the main site (any host not listed is the main store). */
export async function siteForHost(db: Kysely<Database>, hostHeader: string | undefined): Promise<TSiteInfo> {
  const host = (hostHeader ?? 'localhost')
    .toLowerCase()
    .replace(/:\d+$/, '')
    .replace(/^\[|\]$/g, '');
  const site = (await repo.activeSiteByHost(db, host)) ?? (await repo.mainSite(db));
  if (!site) {
    return { host, kind: 'main', name: 'Benefit Store', site_flag: 'true', group_id: null, portal_id: null, settings: {} };
  }
  const rows = await repo.settingsOf(db, site.id);
  return {
    host: site.host,
    kind: site.kind,
    name: site.name,
    site_flag: site.site_flag,
    group_id: site.group_id,
    portal_id: site.portal_id,
    // A brand image (the logo, the banner) under its content-hashed URL, cached a year: a new image is a new URL.
    settings: Object.fromEntries(
      rows.map((r) => [r.key, r.media_hash ? mediaPath(r.value.slice('/media/'.length), r.media_hash) : r.value]),
    ),
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

/** The group and portal of a listed, active host (null when the host is not listed). */
export async function domainSiteInfo(db: Kysely<Database>, siteDomain: string): Promise<TDomainSiteInfo | null> {
  const site = await repo.activeSiteByHost(db, decodeDomain(siteDomain).replace(/:\d+$/, ''));
  return site ? { gid: site.group_id, portal_id: site.portal_id, kind: site.kind } : null;
}

/** An active site found by its host or name (null when none: the visitor goes to /404). */
export async function siteByName(db: Kysely<Database>, name: string): Promise<TSiteInfo | null> {
  const site = await repo.siteHostByName(db, name.toLowerCase());
  return site ? siteForHost(db, site.host) : null;
}

export const elevatePortalId = async (db: Kysely<Database>) => (await repo.portalIdByCode(db, 'ELEVATE')) ?? 502;
export const footerPlanId = async (db: Kysely<Database>) => (await repo.firstFeaturedPlanId(db)) ?? null;

/** The support ticket link of a site (its support e-mail); index.html carries it for the web app (decision 2760). */
export function ticketLinkOf(site: TSiteInfo): string {
  const email = site.settings.support_email ?? 'support@benefitstore.example.com';
  return `mailto:${email}?subject=${encodeURIComponent('Support ticket')}`;
}

export async function ticketLink(db: Kysely<Database>, host: string | undefined) {
  return ticketLinkOf(await siteForHost(db, host));
}
