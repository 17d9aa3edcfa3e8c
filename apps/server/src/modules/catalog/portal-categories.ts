import type { Deps } from '../../lib/deps.ts';
import { listPortalCategories } from './repository.ts';

/**
 * A portal may offer only some categories (migration 1700, docs/decisions/1700-portal-categories.md): the plan list
 * of a quote in that portal, and the menu's plans for it, hold only those categories. A selection outside them
 * lists nothing, and the plans page says 'No Plans are available for your selection'.
 */

/**
 * The categories a portal offers; null when it offers every category (or there is no portal). Every portal's are
 * read at once and kept in the catalog cache (a write to portals drops it, migration 1700).
 */
export async function portalCategories(
  { db, catalogCache }: Pick<Deps, 'db' | 'catalogCache'>,
  portalId: number | null | undefined,
): Promise<string[] | null> {
  if (!portalId) return null;
  const all = await catalogCache.get('portal-categories', () => listPortalCategories(db));
  return all.get(portalId) ?? null;
}

/**
 * The categories to list: the ones asked for (all when none), within what the portal offers. An empty array means
 * nothing can be listed; undefined means every category.
 */
export function narrowCategories(asked: readonly string[] | undefined, offered: readonly string[] | null): string[] | undefined {
  if (!offered) return asked?.length ? [...asked] : undefined;
  if (!asked?.length) return [...offered];
  return asked.filter((c) => offered.includes(c));
}
