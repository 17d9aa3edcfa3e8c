import { sql } from 'kysely';
import type { Db, PremiumPayment } from './repository.ts';

/** A card try's outcome on its payment: every column the card step may change, as they are after the try. */
export type PaymentOutcome = Pick<
  PremiumPayment,
  'id' | 'status' | 'method' | 'method_id' | 'attempts' | 'next_try_on' | 'provider_charge_id' | 'failure_code'
> & { updated_at: Date };

/**
 * Records a batch of tries' outcomes in one statement (the billing run's card step: one update per batch, not one per
 * payment; a day of 100,000 payments is bench/billing.ts).
 */
export async function updatePayments(db: Db, rows: readonly PaymentOutcome[]): Promise<void> {
  if (rows.length === 0) return;
  const json = JSON.stringify(rows.map((r) => ({ ...r, updated_at: r.updated_at.toISOString() })));
  await sql`
    update premium_payments p set status = v.status, method = v.method, method_id = v.method_id, attempts = v.attempts,
      next_try_on = v.next_try_on, provider_charge_id = v.provider_charge_id, failure_code = v.failure_code,
      updated_at = v.updated_at
    from jsonb_to_recordset(${json}::jsonb) as v(id int, status text, method text, method_id int, attempts int,
      next_try_on date, provider_charge_id text, failure_code text, updated_at timestamptz)
    where p.id = v.id`.execute(db);
}
