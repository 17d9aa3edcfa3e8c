import { todayIso } from '@store/domain/dates';
import { repNotLicensed } from '@store/domain/rep-licensing';
import { fieldError } from '../../lib/errors.ts';
import * as repo from './repository.ts';

/**
 * A rep quotes and enrolls only in a state where their license is current (issue 39): a quote naming a rep who is not
 * licensed in the state is refused with 422 on the zip, in the specification's words. The state is the zip's; for a
 * group's quote it is the group's own state when the group has an address (the group's rep writes the group's business
 * where the group is, whatever state an employee lives in). A quote without a rep (the house's) is not checked here.
 */
export async function assertRepLicensed(
  db: repo.Db,
  agentId: number | null,
  zipState: string,
  opts: { groupId?: number | null; now?: Date } = {},
) {
  if (agentId === null) return;
  const state = (opts.groupId ? await repo.groupState(db, opts.groupId) : null) ?? zipState;
  if (!(await repo.currentLicense(db, agentId, state, todayIso(opts.now ?? new Date())))) throw fieldError('zip', repNotLicensed(state));
}

/** The broker of the 834 (loop 1000C N1*BO): the rep's name and national producer number, when the rep has one. */
export async function producerFor834(db: repo.Db, agentId: number | null): Promise<{ name: string; npn: string } | null> {
  if (agentId === null) return null;
  const a = await repo.producerOf(db, agentId);
  if (!a?.npn) return null;
  return { name: a.display_name || `${a.first_name} ${a.last_name}`, npn: a.npn };
}
