import type { TSession } from '@store/domain/session';
import type { Actor } from '../../lib/actor.ts';
import type { Deps } from '../../lib/deps.ts';
import { ANONYMOUS, describeAccount } from '../auth/index.ts';
import { cartStatus } from '../cart/index.ts';
import { leadRecorded } from '../storefront/index.ts';

/**
 * The visitor's session in one answer (decision 2760): who is signed in, the asked quote's cart (its owner checked as
 * get-cart-count checks it; another's answers null, as if it did not exist) and whether the device left a lead. The
 * three reads run side by side.
 */
export async function sessionState(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  q: { enrollment_id?: string | undefined; device_id?: string | undefined },
): Promise<TSession> {
  const [me, cart, lead] = await Promise.all([
    actor.account ? describeAccount(deps.db, actor.account) : ANONYMOUS,
    q.enrollment_id ? cartStatus(deps, actor, q.enrollment_id) : null,
    q.device_id ? leadRecorded(deps.db, q.device_id) : null,
  ]);
  return { me, cart, lead_recorded: lead };
}
