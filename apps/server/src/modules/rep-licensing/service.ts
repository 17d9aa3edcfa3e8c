import { todayIso } from '@store/domain/dates';
import { repNotLicensed } from '@store/domain/rep-licensing';
import { fieldError } from '../../lib/errors.ts';
import * as repo from './repository.ts';

/**
 * A rep quotes and enrolls only in a state where their license is current (issue 39): a quote naming a rep who is not
 * licensed in the zip's state is refused with 422 on the zip, in the specification's words. A quote without a rep
 * (the house's) is not checked here.
 */
export async function assertRepLicensed(db: repo.Db, agentId: number | null, state: string, now: Date = new Date()) {
  if (agentId === null) return;
  if (!(await repo.currentLicense(db, agentId, state, todayIso(now)))) throw fieldError('zip', repNotLicensed(state));
}

/** The broker of the 834 (loop 1000C N1*BO): the rep's name and national producer number, when the rep has one. */
export async function producerFor834(db: repo.Db, agentId: number | null): Promise<{ name: string; npn: string } | null> {
  if (agentId === null) return null;
  const a = await repo.producerOf(db, agentId);
  if (!a?.npn) return null;
  return { name: a.display_name || `${a.first_name} ${a.last_name}`, npn: a.npn };
}
