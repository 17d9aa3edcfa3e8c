import type { Transaction } from 'kysely';
import type { Database } from '../schema.ts';
import { carrierLogoId } from './demo-brands.ts';
// The carriers' tables are declared by their module.

/**
 * Issue 23: a carrier for every demo plan, named by the plan's carrier text (plans without one go to the store's
 * partner carrier). The life carrier takes a daily batch; the others a file per enrollment. Test interchanges (T).
 * Issue 37: each has what a member's ID card shows of it (its logo, a member services phone of the 555-01xx range kept
 * for fiction, a payer id and a claims address), as an operator sets them in the console.
 */
export const DEMO_FALLBACK_CARRIER = 'Benefit Store Partner Carrier';
const DAILY = new Set(['National Life Carrier']);

export async function seedCarriers(trx: Transaction<Database>) {
  const plans = await trx.selectFrom('plans').select(['plan_id', 'carrier']).orderBy('plan_id').execute();
  const names = [...new Set(plans.map((p) => p.carrier ?? DEMO_FALLBACK_CARRIER))].sort();
  for (const [i, name] of names.entries()) {
    const n = String(i + 1).padStart(2, '0');
    const row = await trx
      .insertInto('carriers')
      .values({
        name,
        isa_sender_qualifier: 'ZZ',
        isa_sender_id: 'BENEFITSTORE',
        isa_receiver_qualifier: 'ZZ',
        isa_receiver_id: `CARRIER${n}`,
        group_number: `GRP-${n}-0001`,
        federal_tax_id: `41${n}000${n}`, // nine digits, a demo federal tax id
        usage_indicator: 'T',
        delivery_method: 'folder',
        batch_mode: DAILY.has(name) ? 'daily' : 'per_enrollment',
        ack_window_hours: 48,
        logo: `/media/${carrierLogoId(name)}`,
        member_phone: `80055501${n}`,
        payer_id: `BS${n}01`,
        claims_address: `Claims, PO Box ${1000 + i * 100}\nAlbany, NY 12201`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ids = plans.filter((p) => (p.carrier ?? DEMO_FALLBACK_CARRIER) === name).map((p) => p.plan_id);
    await trx.updateTable('plans').set({ carrier_id: row.id }).where('plan_id', 'in', ids).execute();
  }
}
