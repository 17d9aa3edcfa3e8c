import { sql } from 'kysely';
import type { Db, PremiumPayment } from './repository.ts';

/** The SQL of the processor's webhooks (decision 2670). */

/** Records an event's id; false when it was recorded before (a replay: the caller changes nothing). */
export async function insertWebhookEvent(db: Db, provider: string, eventId: string, type: string): Promise<boolean> {
  const r = await db
    .insertInto('payment_webhook_events')
    .values({ provider, event_id: eventId, type, outcome: 'received' })
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .returning('event_id')
    .execute();
  return r.length === 1;
}

export const setWebhookOutcome = (db: Db, provider: string, eventId: string, outcome: string) =>
  db.updateTable('payment_webhook_events').set({ outcome }).where('provider', '=', provider).where('event_id', '=', eventId).execute();

/**
 * The card payment an event is about, locked for the event's transaction (the billing run and the console's refund
 * lock it too): by the store's idempotency key the charge carries when there is one, else by the processor's charge id.
 */
export async function lockPaymentOf(
  db: Db,
  by: { storeKey?: string | null; chargeId?: string | null },
): Promise<PremiumPayment | undefined> {
  let q = db.selectFrom('premium_payments').selectAll().where('method', '=', 'cc');
  if (by.storeKey) q = q.where('idempotency_key', '=', by.storeKey);
  else if (by.chargeId) q = q.where('provider_charge_id', '=', by.chargeId);
  else return undefined;
  return q.forUpdate().executeTakeFirst();
}

/** A payment paid by the processor (a webhook, or the payer's confirmation of a charge that needed them). */
export const markPaymentPaid = (db: Db, id: number, chargeId: string, at: Date) =>
  db
    .updateTable('premium_payments')
    .set({ status: 'succeeded', provider_charge_id: chargeId, next_try_on: null, failure_code: null, updated_at: at })
    .where('id', '=', id)
    .execute();

/** The ledger row with this key, if it is there (its amount). */
export const ledgerKeyTaken = (db: Db, key: string) =>
  db.selectFrom('ledger_entries').select(['id', 'amount_cents']).where('idempotency_key', '=', key).executeTakeFirst();

/**
 * A payment whose dispute was lost (decision 2820): returned, not tried again by itself (the payer gives a new method),
 * due again from the day of the loss (its grace period runs from then, not from months before).
 */
export const markDisputeLost = (db: Db, id: number, day: string, at: Date) =>
  db
    .updateTable('premium_payments')
    .set({
      status: 'returned',
      failure_code: 'dispute_lost',
      returned_at: at,
      next_try_on: null,
      due_on: sql<string>`greatest(due_on, ${day}::date)`,
      updated_at: at,
    })
    .where('id', '=', id)
    .execute();

/** Cents refunded of a payment so far, by the ledger's refund rows. */
export async function refundedCents(db: Db, paymentId: number): Promise<number> {
  const r = await db
    .selectFrom('ledger_entries')
    .select(sql<string>`coalesce(sum(amount_cents), 0)`.as('cents'))
    .where('payment_id', '=', paymentId)
    .where('kind', '=', 'refund')
    .executeTakeFirstOrThrow();
  return Number(r.cents);
}

/** Events received before `before` (the billing day drops them; no processor sends one again after days). */
export const deleteWebhookEventsBefore = (db: Db, before: Date) =>
  db.deleteFrom('payment_webhook_events').where('received_at', '<', before).execute();

/** A card payment of the member's own enrollments (anyone else's: undefined). */
export const memberPayment = (db: Db, userId: number, paymentId: number) =>
  db
    .selectFrom('premium_payments as p')
    .innerJoin('enrollments as e', 'e.id', 'p.enrollment_id')
    .selectAll('p')
    .where('p.id', '=', paymentId)
    .where('e.user_id', '=', userId)
    .where('p.method', '=', 'cc')
    .executeTakeFirst();

/** The same, locked for the transaction that records it paid. */
export const lockMemberPayment = (db: Db, userId: number, paymentId: number) =>
  db
    .selectFrom('premium_payments as p')
    .selectAll('p')
    .where('p.id', '=', paymentId)
    .where('p.method', '=', 'cc')
    .where('p.enrollment_id', 'in', (eb) => eb.selectFrom('enrollments').select('enrollments.id').where('enrollments.user_id', '=', userId))
    .forUpdate()
    .executeTakeFirst();
