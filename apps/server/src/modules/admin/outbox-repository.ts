import type { OUTBOX_STATUSES } from '@store/domain/admin-records';
import { containsLike } from '../../lib/escape-like.ts';
import type { Db } from './db.ts';

const rowColumns = [
  'id',
  'kind',
  'to_address',
  'subject',
  'status',
  'attempts',
  'last_error',
  'enrollment_id',
  'created_at',
  'sent_at',
] as const;

/** SQL of the console's outbox. */
export async function pageOutbox(db: Db, f: { q?: string; status?: (typeof OUTBOX_STATUSES)[number]; limit: number; offset: number }) {
  let base = db.selectFrom('outbox');
  if (f.status) base = base.where('status', '=', f.status);
  const q = f.q;
  if (q)
    base = base.where((eb) =>
      eb.or([eb('to_address', 'ilike', containsLike(q)), eb('subject', 'ilike', containsLike(q)), eb('enrollment_id', '=', q)]),
    );
  const [items, count] = await Promise.all([
    base.select(rowColumns).orderBy('id', 'desc').limit(f.limit).offset(f.offset).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.n) };
}

export const findMail = (db: Db, id: number) =>
  db
    .selectFrom('outbox')
    .select([...rowColumns, 'html', 'text', 'attachments', 'purged_at', 'holds_secret'])
    .where('id', '=', id)
    .executeTakeFirst();

export const mailExists = async (db: Db, id: number) =>
  !!(await db.selectFrom('outbox').select('id').where('id', '=', id).executeTakeFirst());

/** Puts a kept mail back in the queue (a purged one stays as it is: undefined). */
export const requeueMail = (db: Db, id: number) =>
  db
    .updateTable('outbox')
    .set({ status: 'pending', attempts: 0, last_error: null, sent_at: null })
    .where('id', '=', id)
    .where('purged_at', 'is', null)
    .returning(rowColumns)
    .executeTakeFirst();
