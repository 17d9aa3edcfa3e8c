import type { Kysely, Transaction } from 'kysely';
import { REFUNDS_DUE_TEXT, type TRefundDue } from '@store/domain/refunds-due';
import type { Database } from '../../db/schema.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import * as repo from './refund-due-repository.ts';
import { auditRow } from './ledger-repository.ts';

export { insertRefundDue as recordRefundDue } from './refund-due-repository.ts';

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

/** The refunds left to the operator and not settled (decision 2871), oldest first: the dashboard's list. */
export async function refundsDue(db: Kysely<Database>, limit = 50): Promise<{ count: number; cents: number; items: TRefundDue[] }> {
  const r = await repo.openRefundsDue(db, limit);
  return {
    count: r.count,
    cents: r.cents,
    items: r.items.map((i) => ({
      id: i.id,
      enrollment_id: i.enrollment_id,
      confirmation_number: i.confirmation_number,
      member: i.member,
      plan_name: i.part === 'plan' ? i.plan_name : null,
      part: i.part,
      amount_cents: i.amount_cents,
      why: i.why,
      message: i.message,
      since: iso(i.created_at),
    })),
  };
}

/**
 * The operator refunded it by hand and marks it settled (decision 2871): the signed-in operator (account and e-mail as
 * their name) and the note, an audit row `refund_due.settled`; it leaves the list. Settled already: 409; unknown: 404.
 */
export async function settleRefundDue(db: Kysely<Database>, operator: { id: number; email: string }, id: number, note: string) {
  return db.transaction().execute(async (trx: Transaction<Database>) => {
    const row = await repo.settleRefundDueRow(trx, id, { accountId: operator.id, name: operator.email, note });
    if (!row) throw (await repo.refundDueExists(trx, id)) ? new HttpError(409, REFUNDS_DUE_TEXT.ALREADY_SETTLED) : notFound();
    await auditRow(trx, operator.id, 'refund_due.settled', `refund_due:${id}`, { ...row, note });
    return { id, settled_at: new Date().toISOString(), settled_by: operator.email, note };
  });
}
