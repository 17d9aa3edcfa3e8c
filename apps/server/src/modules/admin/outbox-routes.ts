import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOutboxDetail, ZOutboxRow, ZOutboxSearch, page } from '@store/domain/admin';
import { ok, responses, zId } from '../../lib/http.ts';
import { notFound } from '../../lib/errors.ts';
import { audit } from './audit.ts';
import { iso } from './iso.ts';
import { escapeLike } from './sites-routes.ts';

const rowColumns = ['id', 'kind', 'to_address', 'subject', 'status', 'attempts', 'last_error', 'enrollment_id', 'created_at', 'sent_at'] as const;

/** The outbox: every mail with its status and content, and resend. */
const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/outbox', { schema: { tags: ['admin'], querystring: ZOutboxSearch, response: responses(page(ZOutboxRow)) } }, async (request) => {
    const { q, status, limit, offset } = request.query;
    let base = app.db.selectFrom('outbox');
    if (status) base = base.where('status', '=', status);
    if (q) base = base.where((eb) => eb.or([eb('to_address', 'ilike', `%${escapeLike(q)}%`), eb('subject', 'ilike', `%${escapeLike(q)}%`), eb('enrollment_id', '=', q)]));
    const [items, count] = await Promise.all([
      base.select(rowColumns).orderBy('id', 'desc').limit(limit).offset(offset).execute(),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return ok({ items: items.map((r) => ({ ...r, created_at: iso(r.created_at)!, sent_at: iso(r.sent_at) })), total: Number(count.n), limit, offset });
  });

  app.get('/api/admin/outbox/:id', { schema: { tags: ['admin'], params: z.object({ id: zId }), response: responses(ZOutboxDetail) } }, async (request) => {
    const r = await app.db.selectFrom('outbox').select([...rowColumns, 'html', 'text', 'attachments']).where('id', '=', request.params.id).executeTakeFirst();
    if (!r) throw notFound();
    await audit(request, 'view-mail', `outbox:${r.id}`);
    return ok({ ...r, created_at: iso(r.created_at)!, sent_at: iso(r.sent_at) });
  });

  app.post('/api/admin/outbox/:id/resend', { schema: { tags: ['admin'], params: z.object({ id: zId }), response: responses(ZOutboxRow) } }, async (request) => {
    const r = await app.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('outbox')
        .set({ status: 'pending', attempts: 0, last_error: null, sent_at: null })
        .where('id', '=', request.params.id)
        .returning(rowColumns)
        .executeTakeFirst();
      if (!row) throw notFound();
      await audit(request, 'resend-mail', `outbox:${row.id}`, {}, trx);
      return row;
    });
    app.mailer.flushSoon();
    return ok({ ...r, created_at: iso(r.created_at)!, sent_at: iso(r.sent_at) });
  });
};
export default outboxRoutes;
