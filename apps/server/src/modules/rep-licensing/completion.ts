import { repNotAppointed } from '@store/domain/rep-licensing';
import { fieldError } from '../../lib/errors.ts';
import * as repo from './repository.ts';
import { assertRepLicensed } from './service.ts';

/**
 * Decision 2640 (amended): an enrollment's completion checks its rep again, as the quote and the cart did. The rep's
 * license must still be current in the quote's state (the group's own state for a group's enrollment: 422 on the zip),
 * and every carrier of the cart's plans must still appoint the rep (an appointment withdrawn after the plan was added:
 * 422 on plan_id). Plans without a carrier pass. A carrier that does not exist appoints nobody.
 */
export async function assertRepMayComplete(
  db: repo.Db,
  e: { agent_id: number | null; group_id: number | null; state: string | null },
  planIds: readonly number[],
  now = new Date(),
): Promise<void> {
  if (e.agent_id === null) return;
  if (e.state) await assertRepLicensed(db, e.agent_id, e.state, { groupId: e.group_id, now });
  for (const p of await repo.planAppointments(db, e.agent_id, planIds))
    if (p.carrier_id !== null && !p.appointed) throw fieldError('plan_id', repNotAppointed());
}
