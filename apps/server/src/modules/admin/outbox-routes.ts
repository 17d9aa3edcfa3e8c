import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_TEXT, ZOutboxDetail, ZOutboxRow, ZOutboxSearch, page } from '@store/domain/admin';
import { ok, responses, zId } from '../../lib/http.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import { openMailBody } from '../../plugins/mailer.ts';
import { audit } from './audit.ts';
import { iso } from './iso.ts';
import { escapeLike } from './sites-routes.ts';

const rowColumns = ['id', 'kind', 'to_address', 'subject', 'status', 'attempts', 'last_error', 'enrollment_id', 'created_at', 'sent_at'] as const;

/**
 * The outbox: every mail with its status, its content while it is kept (never a mail holding a resume code or link:
 * subject, recipient and status only), and resend.
 */
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
    const r = await app.db.selectFrom('outbox').select([...rowColumns, 'html', 'text', 'attachments', 'purged_at', 'holds_secret']).where('id', '=', request.params.id).executeTakeFirst();
    if (!r) throw notFound();
    await audit(request, 'view-mail', `outbox:${r.id}`);
    const { purged_at, holds_secret, html, text, ...row } = r;
    const notice = purged_at ? ADMIN_TEXT.MAIL_PURGED : holds_secret ? ADMIN_TEXT.MAIL_SECRET_HIDDEN : null;
    const body = notice ? { html: `<p>${notice}</p>`, text: notice } : openMailBody(app.sealer, { id: r.id, html, text });
    return ok({ ...row, ...body, created_at: iso(r.created_at)!, sent_at: iso(r.sent_at) });
  });

  app.post('/api/admin/outbox/:id/resend', { schema: { tags: ['admin'], params: z.object({ id: zId }), response: responses(ZOutboxRow) } }, async (request) => {
    const r = await app.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('outbox')
        .set({ status: 'pending', attempts: 0, last_error: null, sent_at: null })
        .where('id', '=', request.params.id)
        .where('purged_at', 'is', null)
        .returning(rowColumns)
        .executeTakeFirst();
      if (!row) {
        const exists = await trx.selectFrom('outbox').select('id').where('id', '=', request.params.id).executeTakeFirst();
        throw exists ? new HttpError(409, ADMIN_TEXT.MAIL_PURGED_RESEND) : notFound();
      }
      await audit(request, 'resend-mail', `outbox:${row.id}`, {}, trx);
      return row;
    });
    app.mailer.flushSoon();
    return ok({ ...r, created_at: iso(r.created_at)!, sent_at: iso(r.sent_at) });
  });
};
export default outboxRoutes;
