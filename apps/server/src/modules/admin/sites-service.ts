import type { Kysely } from 'kysely';
import type { TSiteForm } from '@store/domain/admin-sites';
import { siteColourProblems } from '@store/domain/contrast';
import type { Database } from '../../db/schema.ts';
import type { Sealer } from '../../lib/crypto.ts';
import { fieldError, fieldErrors, notFound } from '../../lib/errors.ts';
import { openPrivateMedia } from '../../lib/private-media.ts';
import { audit, type Actor } from './audit.ts';
import { prepareUploadedImage } from './media.ts';
import * as repo from './sites-repository.ts';

const HOST_TAKEN = 'A site with this host already exists.';

/** The console's sites: each change in one transaction with its audit row. */
export async function getSiteDetail(db: Kysely<Database>, id: number) {
  const site = await repo.findSite(db, id);
  if (!site) throw notFound();
  return { ...site, settings: await repo.siteSettings(db, site.id) };
}

export async function createSite(db: Kysely<Database>, actor: Actor, b: TSiteForm) {
  if (await repo.siteWithHost(db, b.host)) throw fieldError('host', HOST_TAKEN);
  return db.transaction().execute(async (trx) => {
    const r = await repo.insertSite(trx, b);
    await audit(trx, actor, 'create-site', `site:${r.id}`, { host: b.host });
    return r;
  });
}

export async function updateSite(db: Kysely<Database>, actor: Actor, id: number, b: TSiteForm) {
  if (await repo.siteWithHost(db, b.host, id)) throw fieldError('host', HOST_TAKEN);
  return db.transaction().execute(async (trx) => {
    const r = await repo.updateSite(trx, id, b);
    if (!r) throw notFound();
    await audit(trx, actor, 'update-site', `site:${r.id}`, { host: b.host, kind: b.kind });
    return r;
  });
}

export async function replaceSiteSettings(db: Kysely<Database>, actor: Actor, id: number, settings: { key: string; value: string }[]) {
  const seen = new Set<string>();
  settings.forEach((s, i) => {
    if (seen.has(s.key)) throw fieldError(`settings.${i}.key`, 'This key is listed twice.');
    seen.add(s.key);
  });
  // The site's colours meet WCAG 2.1 AA (text on the brand colour, the brand colour on the page), or nothing is saved.
  const colours = siteColourProblems(settings);
  if (colours.length) throw fieldErrors(colours.map((p) => ({ target_element: `settings.${p.index}.value`, error_message: p.message })));
  await db.transaction().execute(async (trx) => {
    if (!(await repo.findSite(trx, id, { forUpdate: true }))) throw notFound();
    await repo.replaceSiteSettings(trx, id, settings);
    await audit(trx, actor, 'update-site-settings', `site:${id}`, { keys: settings.map((s) => s.key) });
  });
  return getSiteDetail(db, id);
}

export async function uploadImage(db: Kysely<Database>, actor: Actor, dataUrl: string) {
  const image = await prepareUploadedImage(dataUrl, 'file');
  return db.transaction().execute(async (trx) => {
    await repo.insertMedia(trx, { id: image.id, content_type: image.content_type, data: image.data });
    await audit(trx, actor, 'upload-image', `media:${image.id}`, { content_type: image.content_type });
    return { id: image.id, url: image.url, content_type: image.content_type };
  });
}

/** Any stored file, a private one (signature, signed application, receipt) opened from its sealed bytes. */
export async function getMedia(db: Kysely<Database>, sealer: Sealer, id: string) {
  const media = await repo.findMedia(db, id);
  if (!media) throw notFound();
  return { content_type: media.content_type, bytes: media.private ? openPrivateMedia(sealer, id, media.data) : Buffer.from(media.data) };
}
