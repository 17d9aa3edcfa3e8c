import type { FastifyInstance } from 'fastify';
import type { TPlanCard } from '@store/domain/catalog';
import type { TRateRow } from '@store/domain/pricing';
import type { Plan } from '../../db/schema.ts';
import type { PlanLang } from '@store/domain/plan-content';
import { ReadyJson } from '../../lib/ready-json.ts';
import { listActivePlans, listRates, planRules, publicMediaHashes } from './repository.ts';
import { toPlanCard } from './service.ts';

/**
 * The catalog as shoppers read it, from the in-process cache (lib/cache.ts): active plans, the shoppable ones
 * with their cards ready, memberships, rates per plan, the menu's categories. A change to plans, rates or
 * questions (the operator console, or any other write, in any store process) drops it when it commits. Read routes only: never inside a
 * transaction (cart changes re-read the database in theirs).
 */
export interface CatalogView {
  byId: Map<number, Plan>;
  /** Each shoppable plan with its card in each language of the store. */
  shoppable: { plan: Plan; cards: Record<PlanLang, TPlanCard> }[];
  memberships: Plan[];
  categories: Set<string>;
}

export function catalogView(app: FastifyInstance): Promise<CatalogView> {
  return app.catalogCache.get('catalog', async () => {
    const plans = await listActivePlans(app.db);
    const hashed = await hashedMediaUrls(
      app,
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
    };
  });
}

/**
 * The content-hashed URL (/media/<hash>/<id>, served as immutable by modules/site/routes.ts) of each logo stored as
 * public media, by its plain URL (/media/<id>, which keeps working).
 */
async function hashedMediaUrls(app: FastifyInstance, logos: (string | null)[]): Promise<Map<string, string>> {
  const ids = [...new Set(logos.filter((l): l is string => !!l && !/^(\/|https?:)/.test(l)))];
  if (!ids.length) return new Map();
  const rows = await publicMediaHashes(app.db, ids);
  return new Map(rows.map((r) => [`/media/${r.id}`, mediaPath(r.id, r.hash)]));
}

/** The content-hashed path of a media file. */
export const mediaPath = (id: string, hash: string) => `/media/${hash.slice(0, 16)}/${id}`;

/** Shoppable plan cards in catalog order, of these categories (all when none), in a language. */
export async function cachedPlanCards(
  app: FastifyInstance,
  categories: readonly string[] | undefined,
  lang: PlanLang,
): Promise<TPlanCard[]> {
  return shoppableCards(await catalogView(app), categories, lang);
}

export function shoppableCards({ shoppable }: CatalogView, categories: readonly string[] | undefined, lang: PlanLang): TPlanCard[] {
  return shoppable.filter((s) => !categories?.length || categories.includes(s.plan.category)).map((s) => s.cards[lang]);
}

/**
 * A response body made from the catalog, as JSON text, kept beside this catalog view (a changed catalog is a new
 * view, so its texts go with it), with its compressed forms made once (lib/ready-json.ts). At most 256 keys per view: beyond, the texts start afresh.
 */
const texts = new WeakMap<CatalogView, Map<string, ReadyJson>>();
export async function cachedCatalogJson(app: FastifyInstance, key: string, make: (view: CatalogView) => string): Promise<ReadyJson> {
  const view = app.catalogCache.settled<CatalogView>('catalog')?.value ?? (await catalogView(app));
  let m = texts.get(view);
  if (!m || m.size >= 256) texts.set(view, (m = new Map()));
  let body = m.get(key);
  if (body === undefined) m.set(key, (body = new ReadyJson(make(view))));
  return body;
}

/** The cachedCatalogJson key of the whole plan list of these categories (all when none), in any order, in a language. */
export function filteredPlansKey(categories: readonly string[] | undefined, lang: PlanLang): string {
  return `filtered-plans:${lang}:${[...new Set(categories ?? [])].sort().join(',')}`;
}

/** cachedCatalogJson's body when it is already made for the settled catalog view; else undefined (then call that). */
export function readyCatalogJson(app: FastifyInstance, key: string): ReadyJson | undefined {
  const view = app.catalogCache.settled<CatalogView>('catalog')?.value;
  return view ? texts.get(view)?.get(key) : undefined;
}

export async function cachedPlan(app: FastifyInstance, planId: number): Promise<Plan | undefined> {
  return (await catalogView(app)).byId.get(planId);
}

/** The offered rates of a plan that exists (the key space stays the catalog's size). */
export function cachedRates(app: FastifyInstance, planId: number): Promise<TRateRow[]> {
  return app.catalogCache.get(`rates:${planId}`, () => listRates(app.db, planId));
}
