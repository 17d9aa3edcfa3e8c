import { CATEGORIES } from '@store/domain/codes';
import type { TQuotePlans } from '@store/domain/contract/catalog';
import type { PlanLang } from '@store/domain/plan-content';
import type { Actor } from '../../lib/actor.ts';
import type { Deps } from '../../lib/deps.ts';
import { loadOwnedEnrollment } from '../../lib/access.ts';
import { appointedCarriers } from '../rep-licensing/index.ts';
import { cachedPricingSources, catalogView, hiddenCarriers, offeredPlans } from './cache.ts';
import { factsFrom } from './compare-service.ts';
import { loadCompareIds } from './compare-repository.ts';
import { quoteContext } from './member-info-service.ts';
import { narrowCategories, portalCategories } from './portal-categories.ts';

/**
 * get-quote-plans (decision 2380): the plans page of a quote in one answer, with the same queries for 23 plans or
 * 1,000. The quote is read once (its owner checked); the plans, their rates and questions come from the catalog
 * cache; the quote's saved answers, its comparison and who it is for are a query each; every plan is priced in
 * memory by the rules of get-plan-pricing-detail.
 */
export async function quotePlans(
  deps: Pick<Deps, 'db' | 'catalogCache'>,
  actor: Actor,
  q: { enrollment_id: string; categories?: string[] },
  lang: PlanLang,
): Promise<TQuotePlans> {
  const e = await loadOwnedEnrollment(actor, q.enrollment_id, deps.db);
  const [view, offered, appointed] = await Promise.all([
    catalogView(deps),
    portalCategories(deps, e.portal_id),
    appointedCarriers(deps, e.agent_id),
  ]);
  // The quote's rep offers only the plans of carriers that appointed them (decision 2640).
  const sellable = offeredPlans(view, hiddenCarriers(view, appointed));
  // The quote's portal may offer only some categories (portal-categories.ts): no other plan is listed.
  const listed = narrowCategories(q.categories, offered);
  const shown = listed?.length === 0 ? [] : sellable.filter((s) => !listed || listed.includes(s.plan.category));
  const present = new Set(sellable.map((s) => s.plan.category));
  // The categories to choose from are the store's, as get-left-side-filter-fields gives them: a category the portal
  // does not offer may be chosen and answers no plan ('No Plans are available for your selection', issue 26).
  const categories = CATEGORIES.filter((c) => present.has(c.key)).map((c) => ({
    key: c.key,
    name: c.name,
    section: c.section,
  }));
  const [sources, compareIds, context] = await Promise.all([
    cachedPricingSources(deps, e.id),
    loadCompareIds(deps.db, e.id),
    quoteContext(deps.db, e),
  ]);
  const sold = new Set(sellable.map((s) => s.plan.plan_id));
  return {
    result: shown.map((s) => s.cards[lang]),
    total: shown.length,
    facts: factsFrom(
      sources,
      e,
      shown.map((s) => s.plan),
      view.memberships,
    ),
    categories,
    compare_plan_ids: compareIds.filter((id) => sold.has(id)),
    context,
  };
}
