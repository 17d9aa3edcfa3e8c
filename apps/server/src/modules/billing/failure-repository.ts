import { sql } from 'kysely';
import type { Db } from './repository.ts';

/** The SQL of failed payments' mails, the one-time change-payment links and the grace period's end (issue 36). */

/**
 * Takes up to `limit` failures of the ledger (declines, returns, disputes lost: decision 2820) not yet mailed, marking them mailed in the caller's
 * transaction: two processes running the same day take each failure once (the notice's unique ledger id; the second
 * waits for the first's commit and then skips it). Returns their ledger ids.
 */
export async function takeUnmailedFailures(trx: Db, limit: number): Promise<number[]> {
  const r = await sql<{ ledger_id: number }>`
    insert into payment_failure_notices (ledger_id, enrollment_id)
    select l.id, l.enrollment_id from ledger_entries l
    where (l.kind in ('decline', 'return') or (l.kind = 'adjustment' and l.reason = 'dispute_lost'))
      and l.enrollment_id is not null and not exists (select 1 from payment_failure_notices n where n.ledger_id = l.id)
    order by l.id limit ${limit}
    on conflict do nothing
    returning ledger_id`.execute(trx);
  return r.rows.map((x) => x.ledger_id);
}

/** What a failure's mail says: the failure, its payment, the payer (member, language, whether they have an account). */
export interface FailureDetails {
  ledger_id: number;
  /** `adjustment`: a dispute lost (reason `dispute_lost`; the only adjustment taken). */
  kind: 'decline' | 'return' | 'adjustment';
  reason: string | null;
  amount_cents: number;
  /** The payment's amount (a dispute lost's row is 0: the money left with the hold). */
  payment_cents: number;
  period: string;
  payment_index: number;
  payment_status: string;
  due_on: string;
  next_try_on: string | null;
  method: 'cc' | 'eft';
  enrollment_id: string;
  mail_lang: string;
  user_id: number | null;
  first_name: string | null;
  email: string | null;
  has_account: boolean;
  last4: string | null;
  first_charge_on: string;
  starts_on: string;
  recurring_from: string;
  bill_day: number;
}

export async function failureDetails(db: Db, ledgerIds: readonly number[]): Promise<FailureDetails[]> {
  if (ledgerIds.length === 0) return [];
  const rows = await db
    .selectFrom('ledger_entries as l')
    .innerJoin('premium_payments as p', 'p.id', 'l.payment_id')
    .innerJoin('enrollments as e', 'e.id', 'p.enrollment_id')
    .innerJoin('billing_records as b', 'b.enrollment_id', 'e.id')
    .leftJoin('members as m', 'm.user_id', 'e.user_id')
    .where('l.id', 'in', [...ledgerIds])
    .orderBy('l.id')
    .select([
      'l.id as ledger_id',
      'l.kind',
      'l.reason',
      'l.amount_cents',
      'p.amount_cents as payment_cents',
      'l.period',
      'p.payment_index',
      'p.status as payment_status',
      sql<string>`to_char(p.due_on, 'YYYY-MM-DD')`.as('due_on'),
      sql<string | null>`to_char(p.next_try_on, 'YYYY-MM-DD')`.as('next_try_on'),
      'p.method',
      'e.id as enrollment_id',
      'e.mail_lang',
      'e.user_id',
      'm.first_name',
      'm.email',
      (eb) =>
        eb
          .exists(
            eb
              .selectFrom('accounts as a')
              .select('a.id')
              .whereRef('a.user_id', '=', 'e.user_id')
              .where('a.role', '=', 'member')
              .where('a.active', '=', true),
          )
          .as('has_account'),
      (eb) =>
        eb
          .selectFrom('member_payment_methods as pm')
          .select(sql<string | null>`coalesce(pm.card_last4, pm.account_last4)`.as('x'))
          .where(sql<boolean>`pm.id = coalesce(p.method_id, b.payment_method_id)`)
          .as('last4'),
      sql<string>`to_char(b.first_charge_on, 'YYYY-MM-DD')`.as('first_charge_on'),
      sql<string>`to_char(b.starts_on, 'YYYY-MM-DD')`.as('starts_on'),
      sql<string>`to_char(b.recurring_from, 'YYYY-MM-DD')`.as('recurring_from'),
      'b.bill_day',
    ])
    .execute();
  return rows as FailureDetails[];
}

/** A one-time link's nonce, for a member and enrollment, until `expiresAt`. */
export async function insertChangeLink(db: Db, row: { nonce: string; user_id: number; enrollment_id: string; expires_at: Date }) {
  await db.insertInto('payment_change_links').values(row).execute();
}

/** The link when it is unused and not expired (not used up: the form's look). */
export const openChangeLink = (db: Db, nonce: string, now: Date) =>
  db
    .selectFrom('payment_change_links')
    .select(['user_id', 'enrollment_id', 'expires_at'])
    .where('nonce', '=', nonce)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();

/** Uses the link up, once: the second caller (or an expired link) gets nothing. */
export const useChangeLink = (db: Db, nonce: string, now: Date) =>
  db
    .updateTable('payment_change_links')
    .set({ used_at: now })
    .where('nonce', '=', nonce)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['user_id', 'enrollment_id'])
    .executeTakeFirst();

/** The payer of a link: the name the form greets, and the group whose setting decides the methods offered. */
export const linkMember = (db: Db, userId: number) =>
  db.selectFrom('members').select(['first_name', 'group_id']).where('user_id', '=', userId).executeTakeFirst();

export async function auditLinkChange(db: Db, userId: number, detail: Record<string, unknown>) {
  await db
    .insertInto('audit_log')
    .values({
      account_id: null,
      action: 'billing.payment_method.change_by_link',
      target: `member:${userId}`,
      detail: JSON.stringify(detail),
    })
    .execute();
}
