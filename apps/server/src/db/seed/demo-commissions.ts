import type { Transaction } from 'kysely';
import { todayIso } from '@store/domain/dates';
import type { Database } from '../schema.ts';
import { makeStatements } from '../../modules/commissions/index.ts';
import { PLAN_IDS } from './demo-catalog.ts';

/**
 * Issue 39, commissions in the demo (with the demo's billing): every demo carrier pays 20% the first year and 5% at
 * renewal; Dental Essentials 25% and 10% and a flat $20.00 per enrollment. Jordan Avery and Casey Morgan are of the
 * Harbor Point Agency; Casey's upline is Jordan, with a 10% override. Last month's statements are made as the job
 * makes them on the first of the month, so Jordan Avery has a statement of the demo members' first payments.
 */
export async function seedDemoCommissions(trx: Transaction<Database>, today = todayIso()) {
  const carriers = await trx.selectFrom('carriers').select('id').orderBy('id').execute();
  if (carriers.length)
    await trx
      .insertInto('commission_schedules')
      .values(carriers.map((c) => ({ carrier_id: c.id, plan_id: null, first_year_bp: 2000, renewal_bp: 500, flat_cents: 0 })))
      .execute();
  const dental = await trx.selectFrom('plans').select('carrier_id').where('plan_id', '=', PLAN_IDS.dentalEssentials).executeTakeFirst();
  if (dental?.carrier_id)
    await trx
      .insertInto('commission_schedules')
      .values({
        carrier_id: dental.carrier_id,
        plan_id: PLAN_IDS.dentalEssentials,
        first_year_bp: 2500,
        renewal_bp: 1000,
        flat_cents: 2000,
      })
      .execute();
  await trx.updateTable('agents').set({ agency: 'Harbor Point Agency', override_bp: 1000 }).where('agent_id', '=', 20001).execute();
  await trx.updateTable('agents').set({ agency: 'Harbor Point Agency', upline_agent_id: 20001 }).where('agent_id', '=', 20002).execute();
  await makeStatements(trx, `${today.slice(0, 7)}-01`);
}
