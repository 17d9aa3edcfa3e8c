import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { ZEnrollmentDetail, ZEnrollmentRow, ZEnrollmentSearch, page } from '@store/domain/admin';
import { ok, responses, zEnrollmentId, zId } from '../../lib/http.ts';
import { notFound } from '../../lib/errors.ts';
import { requireFreshSecondFactor } from '../../lib/access.ts';
import { audit } from './audit.ts';
import { iso } from './iso.ts';
import { maskForOperator, mediaRefs } from './mask.ts';
import { escapeLike } from './sites-routes.ts';
import { screenshotContext } from '../../db/sealed-columns.ts';
import { recordEvent } from '../consent/service.ts';

type Search = SelectQueryBuilder<Database, 'enrollments', object>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Enrollments: search, one enrollment as saved (masked, every view audited), its screenshots and documents. */
const enrollmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/enrollments', { schema: { tags: ['admin'], querystring: ZEnrollmentSearch, response: responses(page(ZEnrollmentRow)) } }, async (request) => {
    const { q, status, from, to, limit, offset } = request.query;
    let base = app.db.selectFrom('enrollments');
    if (status) base = base.where('status', '=', status);
    if (from) base = base.where('created_at', '>=', sql<Date>`(${from}::date)::timestamp at time zone 'America/New_York'`);
    if (to) base = base.where('created_at', '<', sql<Date>`((${to}::date + 1)::timestamp) at time zone 'America/New_York'`);
    if (q) {
      const text = q.toLowerCase();
      if (UUID.test(text)) base = base.where('id', '=', text);
      else {
        const prefix = `${escapeLike(text)}%`;
        const words = text.split(/\s+/).filter(Boolean);
        base = base.where((eb) => {
          const byName =
            words.length >= 2
              ? eb.and([
                  eb(sql`lower(tabs->'primary_info'->>'first_name')`, 'like', `${escapeLike(words[0])}%`),
                  eb(sql`lower(tabs->'primary_info'->>'last_name')`, 'like', `${escapeLike(words[words.length - 1])}%`),
                ])
              : eb.or([eb(sql`lower(tabs->'primary_info'->>'last_name')`, 'like', prefix), eb(sql`lower(tabs->'primary_info'->>'first_name')`, 'like', prefix)]);
          return eb.or([byName, eb(sql`lower(confirmation_number)`, 'like', prefix)]);
        });
      }
    }
    const filter = JSON.stringify({ q: q?.toLowerCase(), status, from, to });
    const [items, count] = await Promise.all([pageOf(base, filter, limit, offset), countOf(base, filter)]);
    return ok({ items: items.map(({ sort_at: _, ...r }) => ({ ...r, created_at: iso(r.created_at)! })), total: count, limit, offset });
  });

  app.get('/api/admin/enrollments/:id', { schema: { tags: ['admin'], params: z.object({ id: zEnrollmentId }), response: responses(ZEnrollmentDetail) } }, async (request) => {
    requireFreshSecondFactor(request);
    const e = await app.db.selectFrom('enrollments').selectAll().where('id', '=', request.params.id).executeTakeFirst();
    if (!e) throw notFound('Enrollment not found');
    const [cart, screenshots, mails, named] = await Promise.all([
      app.db
        .selectFrom('cart_items')
        .innerJoin('plans', 'plans.plan_id', 'cart_items.plan_id')
        .select(['cart_items.plan_id', 'plans.plan_name', 'cart_items.price_cents'])
        .where('cart_items.enrollment_id', '=', e.id)
        .orderBy('cart_items.created_at')
        .execute(),
      listScreenshots(e.id),
      app.db.selectFrom('outbox').select(['id', 'subject', 'status', 'attachments']).where('enrollment_id', '=', e.id).orderBy('id').execute(),
      app.db.selectFrom('media').select(['id', 'content_type']).where('id', 'like', `%${escapeLike(e.id)}%`).orderBy('id').limit(20).execute(),
    ]);
    const tabs = (e.tabs ?? {}) as Record<string, unknown>;
    const documents = new Map<string, { label: string; url: string; content_type: string }>();
    for (const m of named) documents.set(m.id, { label: labelFor(m.id, m.content_type), url: `/api/admin/media/${m.id}`, content_type: m.content_type });
    const refs = mediaRefs(tabs).filter((r) => !documents.has(r.id));
    const refTypes = refs.length ? await app.db.selectFrom('media').select(['id', 'content_type']).where('id', 'in', refs.map((r) => r.id)).execute() : [];
    for (const ref of refs) {
      const type = refTypes.find((t) => t.id === ref.id)?.content_type;
      if (type) documents.set(ref.id, { label: labelFor(`${ref.key} ${ref.id}`, type), url: `/api/admin/media/${ref.id}`, content_type: type });
    }
    for (const mail of mails) for (const a of mail.attachments ?? []) if (!documents.has(a.mediaId)) documents.set(a.mediaId, { label: a.filename, url: `/api/admin/media/${a.mediaId}`, content_type: a.contentType });
    await audit(request, 'view-enrollment', `enrollment:${e.id}`);
    await app.db.transaction().execute((trx) => recordEvent(trx, e.id, 'operator_viewed', { view: 'enrollment' }, request));
    const primary = (tabs.primary_info ?? {}) as Record<string, unknown>;
    return ok({
      id: e.id,
      confirmation_number: e.confirmation_number,
      first_name: typeof primary.first_name === 'string' ? primary.first_name : null,
      last_name: typeof primary.last_name === 'string' ? primary.last_name : null,
      status: e.status,
      eprocess: e.eprocess,
      type: e.type,
      agent_id: e.agent_id,
      group_id: e.group_id,
      created_at: iso(e.created_at)!,
      completed_at: iso(e.completed_at),
      effective_date: e.effective_date,
      saved_tab: e.saved_tab,
      filter_info: maskForOperator(e.filter_info ?? {}) as Record<string, unknown>,
      tabs: maskForOperator(tabs) as Record<string, unknown>,
      cart: cart.map((c) => ({ plan_id: c.plan_id, plan_name: c.plan_name, price: c.price_cents / 100 })),
      screenshots,
      documents: [...documents.values()],
      mails: mails.map((m) => ({ id: m.id, subject: m.subject, status: m.status })),
    });
  });

  app.get('/api/admin/enrollments/:id/screenshots/:sid', { schema: { tags: ['admin'], params: z.object({ id: zEnrollmentId, sid: zId }) } }, async (request, reply) => {
    requireFreshSecondFactor(request);
    if (!(await hasScreenshots())) throw notFound();
    const r = await sql<{ image: Uint8Array }>`select image from screenshots where id = ${request.params.sid} and enrollment_id = ${request.params.id}`.execute(app.db);
    if (!r.rows[0]) throw notFound();
    await audit(request, 'view-screenshot', `enrollment:${request.params.id}`, { screenshot: request.params.sid });
    reply.header('cache-control', 'private, no-store');
    reply.header('x-content-type-options', 'nosniff');
    const bytes = Buffer.from(r.rows[0].image);
    // Sealed bytes (b2, older rows sealed text) since screenshots are encrypted at rest; the oldest rows are plain PNG.
    const png = app.sealer.isSealedBytes(bytes) ? app.sealer.openBytes(bytes, screenshotContext(request.params.sid)) : bytes;
    return reply.type('image/png').send(png);
  });

  /**
   * The exact number of enrollments a search finds. On the embedded database it is remembered per filter until the
   * next write to enrollments (app.enrollmentSearchCache): paging through a search counts once, not on every page.
   */
  function countOf(base: Search, filter: string): Promise<number> {
    const count = () => base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow().then((r) => Number(r.n));
    return app.enrollmentSearchCache ? app.enrollmentSearchCache.get(`total ${filter}`, count) : count();
  }

  /**
   * One page of a search, newest first. On the embedded database the sort key of the row before each page served is
   * remembered (until the next write to enrollments), so the next page, the previous one and the same page again
   * start from it by index (keyset) instead of reading and dropping every row before them (OFFSET). The rows are
   * the same either way: no enrollment changed since the position was taken.
   */
  async function pageOf(base: Search, filter: string, limit: number, offset: number) {
    const rows = base
      .select([
        'id',
        'confirmation_number',
        sql<string | null>`tabs->'primary_info'->>'first_name'`.as('first_name'),
        sql<string | null>`tabs->'primary_info'->>'last_name'`.as('last_name'),
        'status',
        'eprocess',
        'agent_id',
        'group_id',
        'created_at',
        sql<string>`created_at::text`.as('sort_at'),
      ])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc');
    const cache = app.enrollmentSearchCache;
    if (!cache) return rows.limit(limit).offset(offset).execute();
    type Position = { at: string; id: string };
    const positionKey = (n: number) => `start ${n} ${filter}`;
    const mark = await cache.mark();
    const start = offset > 0 ? await cache.peek<Position>(positionKey(offset)) : undefined;
    let items;
    if (start) items = await rows.where(sql<boolean>`(created_at, id) < (${start.at}::timestamptz, ${start.id})`).limit(limit).execute();
    else {
      // From the row before the page, to remember where the page starts.
      items = await rows.limit(offset > 0 ? limit + 1 : limit).offset(Math.max(offset - 1, 0)).execute();
      const before = offset > 0 ? items.shift() : undefined;
      if (before) await cache.put<Position>(positionKey(offset), { at: before.sort_at, id: before.id }, mark);
    }
    const last = items.at(-1);
    if (last && items.length === limit) await cache.put<Position>(positionKey(offset + limit), { at: last.sort_at, id: last.id }, mark);
    return items;
  }

  /** The screenshots table belongs to the quote module (save-screenshot); absent until it lands. */
  async function hasScreenshots() {
    const r = await sql<{ t: string | null }>`select to_regclass('screenshots')::text as t`.execute(app.db);
    return !!r.rows[0]?.t;
  }
  async function listScreenshots(enrollmentId: string) {
    if (!(await hasScreenshots())) return [];
    const r = await sql<{ id: number; name: string; created_at: Date | string }>`
      select id, name, created_at from screenshots where enrollment_id = ${enrollmentId} order by created_at, id`.execute(app.db);
    return r.rows.map((s) => ({ id: Number(s.id), name: s.name, created_at: iso(s.created_at)! }));
  }
};

function labelFor(text: string, contentType: string): string {
  const t = text.toLowerCase();
  if (t.includes('signature')) return 'Signature';
  if (t.includes('receipt') || contentType === 'application/pdf') return 'Receipt PDF';
  return text;
}

export default enrollmentRoutes;
