import type { Deps } from '../../lib/deps.ts';
import { deleteUnfinishedEnrollments } from './repository.ts';

type PurgeDeps = Pick<Deps, 'db' | 'config'>;

/**
 * Unfinished enrollments nobody can resume, unchanged for UNFINISHED_ENROLLMENT_KEEP_DAYS, are deleted with what they
 * hold (sealed personal data and health answers included): the table of quotes never enrolled stays bounded
 * (docs/decisions/2580-tables-that-grow-are-bounded.md). Batches until none is left; the number deleted.
 */
export async function purgeUnfinishedEnrollments(deps: PurgeDeps, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - deps.config.UNFINISHED_ENROLLMENT_KEEP_DAYS * 86_400_000);
  let total = 0;
  for (;;) {
    const n = await deleteUnfinishedEnrollments(deps.db, before, now);
    total += n;
    if (n < 500) return total;
  }
}
