import type { Kysely } from 'kysely';
import { ADMIN_TEXT } from '@store/domain/admin';
import type { OUTBOX_STATUSES, TOutboxDetail, TOutboxRow } from '@store/domain/admin-records';
import type { Database } from '../../db/schema.ts';
import type { Sealer } from '../../lib/crypto.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import { openMailBody } from '../../plugins/mailer.ts';
import { audit, type Actor } from './audit.ts';
import { iso } from './iso.ts';
import * as repo from './outbox-repository.ts';

type Row = Awaited<ReturnType<typeof repo.requeueMail>> & object;
const toRow = (r: Row): TOutboxRow => ({ ...r, created_at: iso(r.created_at), sent_at: iso(r.sent_at) });

/** The outbox: every mail with its status, its content while it is kept (never a mail holding a resume code), resend. */
export async function pageOutbox(
  db: Kysely<Database>,
  f: { q?: string; status?: (typeof OUTBOX_STATUSES)[number]; limit: number; offset: number },
) {
  const { items, total } = await repo.pageOutbox(db, f);
  return { items: items.map(toRow), total, limit: f.limit, offset: f.offset };
}

export async function viewMail(db: Kysely<Database>, sealer: Sealer, actor: Actor, id: number): Promise<TOutboxDetail> {
  const r = await repo.findMail(db, id);
  if (!r) throw notFound();
  await audit(db, actor, 'view-mail', `outbox:${r.id}`);
  const { purged_at, holds_secret, html, text, ...row } = r;
  const notice = purged_at ? ADMIN_TEXT.MAIL_PURGED : holds_secret ? ADMIN_TEXT.MAIL_SECRET_HIDDEN : null;
  const body = notice ? { html: `<p>${notice}</p>`, text: notice } : openMailBody(sealer, { id: r.id, html, text });
  return { ...toRow(row), attachments: row.attachments, ...body };
}

export async function resendMail(db: Kysely<Database>, actor: Actor, id: number) {
  const r = await db.transaction().execute(async (trx) => {
    const row = await repo.requeueMail(trx, id);
    if (!row) throw (await repo.mailExists(trx, id)) ? new HttpError(409, ADMIN_TEXT.MAIL_PURGED_RESEND) : notFound();
    await audit(trx, actor, 'resend-mail', `outbox:${row.id}`, {});
    return row;
  });
  return toRow(r);
}
