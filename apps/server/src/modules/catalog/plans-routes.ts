import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CATEGORIES } from '@store/domain/codes';
import * as c from '@store/domain/contract/catalog';
import { formatCents } from '@store/domain/pricing';
import { assertOwnsEnrollment, loadOwnedEnrollment, ownsEnrollmentNow } from '../../lib/access.ts';
import { notFound } from '../../lib/errors.ts';
import { ok, okSchema } from '../../lib/http.ts';
import { mt, requestLanguage } from '../../lib/mail-i18n.ts';
import { actorOf } from '../../lib/actor.ts';
import type { FeatureOptions } from '../../lib/deps.ts';
import { route } from '../../lib/route.ts';
import { readFilter } from '../quote/index.ts';
import type { FastifyRequest } from 'fastify';
import type { PlanLang } from '@store/domain/plan-content';
import { appointedCarriers, appointedCarriersNow } from '../rep-licensing/index.ts';
import {
  cachedCatalogJson,
  cachedPlan,
  cachedPlanCards,
  catalogView,
  filteredPlansKey,
  hiddenCarriers,
  offeredPlans,
  readyCatalogJson,
  shoppableCards,
  type CatalogView,
} from './cache.ts';
import { lowestPrices, pageShoppablePlans } from './repository.ts';
import { toPlanCard, toPlanDescription } from './service.ts';
import { narrowCategories, portalCategories } from './portal-categories.ts';
import { groupAgentMemberInfo } from './member-info-service.ts';
import { quotePlans } from './quote-plans-service.ts';

const ZFilteredPlansOk = okSchema(c.ZFilteredPlans);

/** Plan listing, menu plans, categories, plan descriptions and related plans. */
const plansRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { deps }) => {
  route(app, c.getFilteredPlans, (request, reply) => {
    const { enrollment_id, categories, limit, offset } = request.query;
    const whole = limit === undefined && !offset;
    // The plan texts come in the language on screen (Accept-Language): the ready answers are kept per language.
    const lang = requestLanguage(request);
    reply.header('vary', 'accept-language');
    // The whole list is the same text for every caller whose rep the same carriers appointed until the catalog
    // changes: made once (checked against the response schema, as the serializer would), then sent as it is.
    // The store's hottest read: with the owner, the rep's appointments and the text already in memory (embedded
    // database) it is answered without a promise, about a fifth of the request's time (docs/decisions/0900-caches.md).
    const ready = whole && readyPlanList(request, enrollment_id, categories, lang);
    if (ready) {
      ready.send(request, reply);
      return;
    }
    return (async () => {
      const owner = await assertOwnsEnrollment(request, enrollment_id);
      // The quote's portal may offer only some categories (portal-categories.ts): nothing else is listed.
      const listed = narrowCategories(categories, await portalCategories(deps, owner.portal_id));
      if (listed?.length === 0) return ok({ result: [], total: 0 });
      // Nor a plan of a carrier that did not appoint the quote's rep (decision 2640).
      const appointed = await appointedCarriers(deps, owner.agent_id);
      if (whole) {
        const view = await catalogView(deps);
        const json = await cachedCatalogJson(deps, filteredPlansKey(listed, lang, hiddenCarriers(view, appointed)), (v) => {
          const cards = shoppableCards(v, listed, lang, hiddenCarriers(v, appointed));
          return JSON.stringify(ZFilteredPlansOk.parse(ok({ result: cards, total: cards.length })));
        });
        // Sent as ready bytes, compressed once per encoding (the type provider expects the object, hence the cast).
        return json.send(request, reply) as never;
      }
      const page = await pageShoppablePlans(deps.db, listed, { limit: limit ?? 50, offset: offset ?? 0 }, appointed);
      return ok({ result: page.rows.map((row) => toPlanCard(row, lang)), total: page.total });
    })();
  });

  /** The whole plan list's ready answer when the owner, the rep's appointments and the text are all in memory. */
  function readyPlanList(request: FastifyRequest, enrollmentId: string, categories: string[] | undefined, lang: PlanLang) {
    const owner = ownsEnrollmentNow(request, enrollmentId);
    const view = owner && deps.catalogCache.settled<CatalogView>('catalog')?.value;
    const appointed = view && appointedCarriersNow(deps, owner.agent_id);
    return appointed ? readyCatalogJson(deps, filteredPlansKey(categories, lang, hiddenCarriers(view, appointed.value))) : undefined;
  }

  route(app, c.getMenuFilteredPlans, async (request, reply) => {
    const listed = narrowCategories([request.query.category], await portalCategories(deps, request.query.portal_id));
    reply.header('vary', 'accept-language');
    return ok({ result: listed?.length ? await cachedPlanCards(deps, listed, requestLanguage(request)) : [] });
  });

  route(app, c.getLeftSideFilterFields, async (request) => {
    const e = await loadOwnedEnrollment(actorOf(request), request.query.enrollment_id, deps.db);
    const [view, appointed] = await Promise.all([catalogView(deps), appointedCarriers(deps, e.agent_id)]);
    const present = new Set(offeredPlans(view, hiddenCarriers(view, appointed)).map((s) => s.plan.category));
    const categories = CATEGORIES.filter((c) => present.has(c.key)).map((c) => ({ key: c.key, name: c.name, section: c.section }));
    const selected = readFilter(e).categories ?? [];
    return ok({ result: { categories, selected: Array.isArray(selected) ? selected : [] } });
  });

  route(app, c.getPlanDescription, async (request, reply) => {
    const p = await cachedPlan(deps, request.params.planId);
    if (!p) throw notFound('Plan not found');
    reply.header('vary', 'accept-language');
    return ok({ result: toPlanDescription(p, requestLanguage(request)) });
  });

  route(app, c.getMembershipFees, async (request, reply) => {
    const lang = requestLanguage(request);
    reply.header('vary', 'accept-language');
    const { memberships } = await catalogView(deps);
    // All the fees in one query (cached like the catalog), never one query per membership plan.
    const fees = await deps.catalogCache.get('membership-fees', () =>
      lowestPrices(
        deps.db,
        memberships.map((m) => m.plan_id),
      ),
    );
    const result = memberships.map((m) => ({
      plan_id: m.plan_id,
      plan_name: m.plan_name,
      fee_text: mt(lang, 'Membership fee {{amount}} per month', { amount: formatCents(fees.get(m.plan_id) ?? 0) }),
      association_text: toPlanDescription(m, lang).association_text,
    }));
    return ok({ result });
  });

  route(app, c.getRelatedPlans, async (request, reply) => {
    const owner = request.query.enrollment_id ? await assertOwnsEnrollment(request, request.query.enrollment_id) : null;
    const p = await cachedPlan(deps, request.query.plan_id);
    if (!p) throw notFound('Plan not found');
    reply.header('vary', 'accept-language');
    const [view, appointed] = await Promise.all([catalogView(deps), appointedCarriers(deps, owner?.agent_id ?? null)]);
    const same = shoppableCards(view, [p.category], requestLanguage(request), hiddenCarriers(view, appointed)).filter(
      (x) => x.plan_id !== p.plan_id,
    );
    return ok({ result: same.slice(0, 4) });
  });

  route(app, c.getGroupAgentMemberInfo, async (request) =>
    ok(await groupAgentMemberInfo(deps, actorOf(request), request.query.enrollment_id, request.query.group_id)),
  );

  // The plans page of a quote in one answer: the list priced for the quote (decision 2380).
  route(app, c.getQuotePlans, async (request, reply) => {
    reply.header('vary', 'accept-language');
    return ok(await quotePlans(deps, actorOf(request), request.query, requestLanguage(request)));
  });
};
export default plansRoutes;
