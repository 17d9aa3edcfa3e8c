import type { Transaction } from 'kysely';
import { todayIso } from '@store/domain/dates';
import type { Database } from '../schema.ts';
import { PLAN_IDS } from './demo-catalog.ts';

/** Next year's price of a demo plan: its grid in force times this factor, from the next 1 January. */
const NEXT_YEAR: Record<number, number> = {
  [PLAN_IDS.dentalEssentials]: 1.12,
  [PLAN_IDS.visionClear]: 1.04,
};

/**
 * The demo's renewals (issue 38, decision 2560): next year's rates of Dental Essentials (12 % more: its members are on
 * the rep's renewal list) and Vision Clear (4 % more), from the next 1 January; Dental Preferred Plus is discontinued
 * then and replaced by Dental Essentials. The store prices its members' renewals when it starts (modules/renewals).
 */
export async function seedDemoRenewals(trx: Transaction<Database>, today = todayIso()): Promise<void> {
  const startsOn = `${Number(today.slice(0, 4)) + 1}-01-01`;
  for (const [planId, factor] of Object.entries(NEXT_YEAR)) {
    const rows = await trx
      .selectFrom('plan_rates')
      .select(['tier', 'age_min', 'age_max', 'state', 'smoker', 'price_cents'])
      .where('plan_id', '=', Number(planId))
      .where('label', 'is distinct from', 'retired')
      .execute();
    if (rows.length)
      await trx
        .insertInto('plan_rate_periods')
        .values(rows.map((r) => ({ ...r, plan_id: Number(planId), starts_on: startsOn, price_cents: Math.round(r.price_cents * factor) })))
        .execute();
  }
  await trx
    .updateTable('plans')
    .set({ discontinued_on: startsOn, replacement_plan_id: PLAN_IDS.dentalEssentials })
    .where('plan_id', '=', PLAN_IDS.dentalPreferredPlus)
    .execute();
}
