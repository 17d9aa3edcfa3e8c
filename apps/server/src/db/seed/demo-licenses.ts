import type { Transaction } from 'kysely';
import { US_STATES } from '@store/domain/states';
import type { Database } from '../schema.ts';

/**
 * Issue 39: the demo reps' licenses and appointments. Jordan Avery (20001) is licensed in New York, New Jersey,
 * Connecticut and Texas (his group Harbor Schools is in Dallas); Casey (20002) in New York and New Jersey; the house
 * agency (10109) and the guest agent (139) everywhere. Every demo carrier appoints each of them. Licenses run to the
 * end of 2027.
 */
const LICENSES: Record<number, readonly string[]> = {
  10109: US_STATES.map((s) => s.abbrev),
  139: US_STATES.map((s) => s.abbrev),
  20001: ['NY', 'NJ', 'CT', 'TX'],
  20002: ['NY', 'NJ'],
};
const NPN: Record<number, string> = { 10109: '19000001', 139: '19000139', 20001: '17654321', 20002: '17654322' };

export async function seedLicenses(trx: Transaction<Database>) {
  const carriers = await trx.selectFrom('carriers').select('id').execute();
  for (const [agent, states] of Object.entries(LICENSES)) {
    const agentId = Number(agent);
    await trx.updateTable('agents').set({ npn: NPN[agentId] }).where('agent_id', '=', agentId).execute();
    await trx
      .insertInto('rep_licenses')
      .values(states.map((state) => ({ agent_id: agentId, state, expires_on: '2027-12-31' })))
      .execute();
    if (carriers.length)
      await trx
        .insertInto('rep_appointments')
        .values(carriers.map((c) => ({ agent_id: agentId, carrier_id: c.id })))
        .execute();
  }
}
