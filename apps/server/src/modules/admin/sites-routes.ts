import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZPageQuery, ZSiteDetail, ZSiteForm, ZSiteSettingsUpdate, ZSiteSummary, ZUploadRequest, ZUploadResponse, page } from '@store/domain/admin';
import { ok, responses, zId } from '../../lib/http.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { storeUploadedImage } from './media.ts';
import { audit } from './audit.ts';
import { requireFreshSecondFactor } from '../../lib/access.ts';

const siteColumns = ['id', 'host', 'kind', 'name', 'site_flag', 'group_id', 'portal_id', 'active'] as const;

/** Sites (white-label hosts), their key/value branding settings, and image uploads. */
const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/sites', { schema: { tags: ['admin'], querystring: ZPageQuery, response: responses(page(ZSiteSummary)) } }, async (request) => {
    const { q, limit, offset } = request.query;
    let base = app.db.selectFrom('sites');
    if (q) base = base.where((eb) => eb.or([eb('host', 'ilike', `%${escapeLike(q)}%`), eb('name', 'ilike', `%${escapeLike(q)}%`)]));
    const [items, count] = await Promise.all([
      base.select(siteColumns).orderBy('id').limit(limit).offset(offset).execute(),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return ok({ items, total: Number(count.n), limit, offset });
  });

  app.post('/api/admin/sites', { schema: { tags: ['admin'], body: ZSiteForm, response: responses(ZSiteSummary) } }, async (request) => {
    const b = request.body;
    const taken = await app.db.selectFrom('sites').select('id').where('host', '=', b.host).executeTakeFirst();
    if (taken) throw fieldError('host', 'A site with this host already exists.');
    const row = await app.db.transaction().execute(async (trx) => {
      const r = await trx
        .insertInto('sites')
        .values({ host: b.host, kind: b.kind, name: b.name, site_flag: b.site_flag, group_id: b.group_id ?? null, portal_id: b.portal_id ?? null, active: b.active })
        .returning(siteColumns)
        .executeTakeFirstOrThrow();
      await audit(request, 'create-site', `site:${r.id}`, { host: b.host }, trx);
      return r;
    });
    return ok(row);
  });

  app.get('/api/admin/sites/:id', { schema: { tags: ['admin'], params: z.object({ id: zId }), response: responses(ZSiteDetail) } }, async (request) => {
    const site = await app.db.selectFrom('sites').select(siteColumns).where('id', '=', request.params.id).executeTakeFirst();
    if (!site) throw notFound();
    const settings = await app.db.selectFrom('site_settings').select(['key', 'value']).where('site_id', '=', site.id).orderBy('key').execute();
    return ok({ ...site, settings });
  });

  app.put('/api/admin/sites/:id', { schema: { tags: ['admin'], params: z.object({ id: zId }), body: ZSiteForm, response: responses(ZSiteSummary) } }, async (request) => {
    const b = request.body;
    const taken = await app.db.selectFrom('sites').select('id').where('host', '=', b.host).where('id', '!=', request.params.id).executeTakeFirst();
    if (taken) throw fieldError('host', 'A site with this host already exists.');
    const row = await app.db.transaction().execute(async (trx) => {
      const r = await trx
        .updateTable('sites')
        .set({ host: b.host, kind: b.kind, name: b.name, site_flag: b.site_flag, group_id: b.group_id ?? null, portal_id: b.portal_id ?? null, active: b.active, updated_at: new Date() })
        .where('id', '=', request.params.id)
        .returning(siteColumns)
        .executeTakeFirst();
      if (!r) throw notFound();
      await audit(request, 'update-site', `site:${r.id}`, { host: b.host, kind: b.kind }, trx);
      return r;
    });
    return ok(row);
  });

  app.put(
    '/api/admin/sites/:id/settings',
    { schema: { tags: ['admin'], params: z.object({ id: zId }), body: ZSiteSettingsUpdate, response: responses(ZSiteDetail) } },
    async (request) => {
      const { settings } = request.body;
      const seen = new Set<string>();
      settings.forEach((s, i) => {
        if (seen.has(s.key)) throw fieldError(`settings.${i}.key`, 'This key is listed twice.');
        seen.add(s.key);
      });
      const id = request.params.id;
      await app.db.transaction().execute(async (trx) => {
        const site = await trx.selectFrom('sites').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
        if (!site) throw notFound();
        await trx.deleteFrom('site_settings').where('site_id', '=', id).execute();
        if (settings.length) await trx.insertInto('site_settings').values(settings.map((s) => ({ site_id: id, key: s.key, value: s.value }))).execute();
        await trx.updateTable('sites').set({ updated_at: new Date() }).where('id', '=', id).execute();
        await audit(request, 'update-site-settings', `site:${id}`, { keys: settings.map((s) => s.key) }, trx);
      });
      const site = await app.db.selectFrom('sites').select(siteColumns).where('id', '=', id).executeTakeFirstOrThrow();
      const rows = await app.db.selectFrom('site_settings').select(['key', 'value']).where('site_id', '=', id).orderBy('key').execute();
      return ok({ ...site, settings: rows });
    },
  );

  app.post('/api/admin/uploads', { schema: { tags: ['admin'], body: ZUploadRequest, response: responses(ZUploadResponse) } }, async (request) => {
    const stored = await storeUploadedImage(app.db, request.body.data_url, 'file');
    await audit(request, 'upload-image', `media:${stored.id}`, { content_type: stored.content_type });
    return ok(stored);
  });

  /** Any stored file (receipts, signatures, screenshots) for operators only, never cached by the browser. */
  app.get('/api/admin/media/:id', { schema: { tags: ['admin'], params: z.object({ id: z.string().max(200).regex(/^[A-Za-z0-9._:-]+$/) }) } }, async (request, reply) => {
    requireFreshSecondFactor(request);
    const media = await app.db.selectFrom('media').select(['content_type', 'data']).where('id', '=', request.params.id).executeTakeFirst();
    if (!media) throw notFound();
    reply.header('cache-control', 'private, no-store');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    return reply.type(media.content_type).send(Buffer.from(media.data));
  });
};
export default siteRoutes;

export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
