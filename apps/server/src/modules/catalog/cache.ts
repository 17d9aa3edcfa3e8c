import type { TPlanCard } from '@store/domain/catalog';
import type { TRateRow } from '@store/domain/pricing';
import type { Plan } from '../../db/schema.ts';
import type { PlanLang } from '@store/domain/plan-content';
import type { Deps } from '../../lib/deps.ts';
import { ReadyJson } from '../../lib/ready-json.ts';
import { listActivePlans, listQuestionIdsOf, listRatesOf, planRules, publicMediaHashes } from './repository.ts';
import { answeredQuestionIds, questionIdsByPlan, ratesByPlan, type PricingSources } from './quote-pricing.ts';
import { toPlanCard } from './service.ts';

/**
 * The catalog as shoppers read it, from the in-process cache (lib/cache.ts): active plans, the shoppable ones
 * with their cards ready, memberships, rates per plan, the menu's categories. A change to plans, rates or
 * questions (the operator console, or any other write, in any store process) drops it when it commits. Read routes only: never inside a
 * transaction (cart changes re-read the database in theirs).
 */
/** What the catalog's cache reads with: the database and the cache every store process keeps correct. */
export type CatalogDeps = Pick<Deps, 'db' | 'catalogCache'>;

export interface CatalogView {
  byId: Map<number, Plan>;
  /** Each shoppable plan with its card in each language of the store. */
  shoppable: { plan: Plan; cards: Record<PlanLang, TPlanCard> }[];
  memberships: Plan[];
  categories: Set<string>;
  /** The carriers of the shoppable plans, ascending (what a rep's appointments can narrow, decision 2640). */
  carrierIds: number[];
}

export function catalogView(deps: CatalogDeps): Promise<CatalogView> {
  return deps.catalogCache.get('catalog', async () => {
    const plans = await listActivePlans(deps.db);
    const hashed = await hashedMediaUrls(
      deps,
      plans.map((p) => p.plan_logo),
    );
    const shoppable = plans.filter((p) => {
      const r = planRules(p);
      return !r.membership && !r.replacedBy;
    });
    return {
      byId: new Map(plans.map((p) => [p.plan_id, p])),
      shoppable: shoppable.map((plan) => {
        const card = (lang: PlanLang) => {
          const c = toPlanCard(plan, lang);
          return { ...c, plan_logo: (c.plan_logo && hashed.get(c.plan_logo)) || c.plan_logo };
        };
        return { plan, cards: { en: card('en'), es: card('es') } };
      }),
      memberships: plans.filter((p) => planRules(p).membership),
      categories: new Set(plans.map((p) => p.category)),
      carrierIds: [...new Set(shoppable.flatMap((p) => (p.carrier_id === null ? [] : [p.carrier_id])))].sort((a, b) => a - b),
    };
  });
}

/**
 * The content-hashed URL (/media/<hash>/<id>, served as immutable by modules/site/routes.ts) of each logo stored as
 * public media, by its plain URL (/media/<id>, which keeps working).
 */
async function hashedMediaUrls(deps: CatalogDeps, logos: (string | null)[]): Promise<Map<string, string>> {
  const ids = [...new Set(logos.filter((l): l is string => !!l && !/^(\/|https?:)/.test(l)))];
  if (!ids.length) return new Map();
  const rows = await publicMediaHashes(deps.db, ids);
  return new Map(rows.map((r) => [`/media/${r.id}`, mediaPath(r.id, r.hash)]));
}

/** The content-hashed path of a media file. */
export const mediaPath = (id: string, hash: string) => `/media/${hash.slice(0, 16)}/${id}`;

/** Shoppable plan cards in catalog order, of these categories (all when none), in a language. */
export async function cachedPlanCards(deps: CatalogDeps, categories: readonly string[] | undefined, lang: PlanLang): Promise<TPlanCard[]> {
  return shoppableCards(await catalogView(deps), categories, lang);
}

export function shoppableCards(
  view: CatalogView,
  categories: readonly string[] | undefined,
  lang: PlanLang,
  hidden: readonly number[] = [],
): TPlanCard[] {
  return offeredPlans(view, hidden)
    .filter((s) => !categories?.length || categories.includes(s.plan.category))
    .map((s) => s.cards[lang]);
}

/**
 * The carriers of the catalog whose plans the quote's rep may not offer (decision 2640): those that did not appoint
 * the rep, ascending; none when there is no rep (`appointed` null).
 */
export function hiddenCarriers(view: CatalogView, appointed: ReadonlySet<number> | null): number[] {
  return appointed ? view.carrierIds.filter((id) => !appointed.has(id)) : [];
}

/** The shoppable plans less those of hidden carriers (a plan without a carrier is never hidden). */
export function offeredPlans(view: CatalogView, hidden: readonly number[]): CatalogView['shoppable'] {
  if (!hidden.length) return view.shoppable;
  return view.shoppable.filter((s) => s.plan.carrier_id === null || !hidden.includes(s.plan.carrier_id));
}

/**
 * A response body made from the catalog, as JSON text, kept beside this catalog view (a changed catalog is a new
 * view, so its texts go with it), with its compressed forms made once (lib/ready-json.ts). At most 256 keys per view: beyond, the texts start afresh.
 */
const texts = new WeakMap<CatalogView, Map<string, ReadyJson>>();
export async function cachedCatalogJson(deps: CatalogDeps, key: string, make: (view: CatalogView) => string): Promise<ReadyJson> {
  const view = deps.catalogCache.settled<CatalogView>('catalog')?.value ?? (await catalogView(deps));
  let m = texts.get(view);
  if (!m || m.size >= 256) texts.set(view, (m = new Map()));
  let body = m.get(key);
  if (body === undefined) m.set(key, (body = new ReadyJson(make(view))));
  return body;
}

/**
 * The cachedCatalogJson key of the whole plan list of these categories (all when none), in any order, in a language,
 * less the plans of the hidden carriers (decision 2640: what decides the list is in its key, so reps appointed by the
 * same carriers share one answer, and a rep appointed by every carrier shares the store's).
 */
export function filteredPlansKey(categories: readonly string[] | undefined, lang: PlanLang, hidden: readonly number[] = []): string {
  const base = `filtered-plans:${lang}:${[...new Set(categories ?? [])].sort().join(',')}`;
  return hidden.length ? `${base}:-${hidden.join(',')}` : base;
}

/** cachedCatalogJson's body when it is already made for the settled catalog view; else undefined (then call that). */
export function readyCatalogJson(deps: CatalogDeps, key: string): ReadyJson | undefined {
  const view = deps.catalogCache.settled<CatalogView>('catalog')?.value;
  return view ? texts.get(view)?.get(key) : undefined;
}

export async function cachedPlan(deps: CatalogDeps, planId: number): Promise<Plan | undefined> {
  return (await catalogView(deps)).byId.get(planId);
}

/** Every plan's offered rates, by plan id: one query when cold, dropped with the catalog. */
const allRates = (deps: CatalogDeps) => deps.catalogCache.get('rates', async () => ratesByPlan(await listRatesOf(deps.db)));

/** The offered rates of a plan. */
export async function cachedRates(deps: CatalogDeps, planId: number): Promise<TRateRow[]> {
  return (await allRates(deps)).get(planId) ?? [];
}

/**
 * The sources of a quote's prices (quote-pricing.ts): every plan's offered rates and question ids from the catalog
 * cache (one query each when cold, dropped with the catalog), the quote's saved answers from the database (one query).
 */
export async function cachedPricingSources(deps: CatalogDeps, enrollmentId: string): Promise<PricingSources> {
  const [rates, questions, answered] = await Promise.all([
    allRates(deps),
    deps.catalogCache.get('question-ids', async () => questionIdsByPlan(await listQuestionIdsOf(deps.db))),
    answeredQuestionIds(deps.db, enrollmentId),
  ]);
  return { rates, questions, answered };
}
