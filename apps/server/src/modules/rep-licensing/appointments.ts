import { repNotAppointed } from '@store/domain/rep-licensing';
import type { Deps } from '../../lib/deps.ts';
import { fieldError } from '../../lib/errors.ts';
import * as repo from './repository.ts';

/**
 * Decision 2640: a rep offers only the plans of carriers that appointed them. A quote's rep's appointments are read
 * once and kept in the catalog cache under `appointments:<agent_id>`; every store process drops that key when the
 * rep's appointments change (migration 2740). A quote without a rep is not narrowed.
 */
type CacheDeps = Pick<Deps, 'db' | 'catalogCache'>;

const key = (agentId: number) => `appointments:${agentId}`;

/** The carriers that appointed the rep (null: no rep, nothing is narrowed). */
export async function appointedCarriers(deps: CacheDeps, agentId: number | null): Promise<ReadonlySet<number> | null> {
  if (agentId === null) return null;
  return deps.catalogCache.get(key(agentId), async () => new Set(await repo.appointedCarrierIds(deps.db, agentId)));
}

/** appointedCarriers when it is already in memory (the plan list's answer made at once); undefined otherwise. */
export function appointedCarriersNow(
  deps: Pick<Deps, 'catalogCache'>,
  agentId: number | null,
): { value: ReadonlySet<number> | null } | undefined {
  if (agentId === null) return { value: null };
  return deps.catalogCache.settled<ReadonlySet<number>>(key(agentId));
}

/** A plan of a carrier that did not appoint the quote's rep (or does not exist) is refused (422 on plan_id). Plans without a carrier pass. */
export async function assertRepAppointed(db: repo.Db, agentId: number | null, carrierId: number | null): Promise<void> {
  if (agentId === null || carrierId === null) return;
  const a = await repo.appointmentOf(db, agentId, carrierId);
  // A carrier that does not exist appoints nobody.
  if (!a?.appointed) throw fieldError('plan_id', repNotAppointed());
}

/** Decision 2640 (amended): a carrier created in the console appoints every active rep and agency at once. */
export const appointEveryActiveRep = (db: repo.Db, carrierId: number) => repo.appointEveryActiveRep(db, carrierId);
