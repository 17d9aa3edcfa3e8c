import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CATEGORIES, CATEGORY_KEYS } from '@store/domain/codes';
import { ZGroupAgentMemberInfo, ZPlanCard, ZPlanDescription, ZPortal } from '@store/domain/catalog';
import { formatCents } from '@store/domain/pricing';
import { assertOwnsEnrollment, loadOwnedEnrollment, ownsEnrollmentNow } from '../../lib/access.ts';
import { notFound } from '../../lib/errors.ts';
import { ok, okSchema, responses, zEnrollmentId, zId, zOptionalId } from '../../lib/http.ts';
import { readFilter } from '../quote/service.ts';
import {
  cachedCatalogJson,
  cachedPlan,
  cachedPlanCards,
  catalogView,
  filteredPlansKey,
  readyCatalogJson,
  shoppableCards,
} from './cache.ts';
import { lowestPrices, pageShoppablePlans } from './repository.ts';
import { toPlanCard, toPlanDescription } from './service.ts';
import { narrowCategories, portalCategories } from './portal-categories.ts';

export const zCategories = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : v,
  z
    .array(z.enum(CATEGORY_KEYS, { error: 'Unknown category' }))
    .max(20)
    .optional(),
);
const zOptionalText = z.string().trim().max(50).optional();
const ZFilteredPlans = z.object({ result: z.array(ZPlanCard), total: z.number() });
const ZFilteredPlansOk = okSchema(ZFilteredPlans);

/** Plan listing, menu plans, categories, plan descriptions and related plans. */
const plansRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/get-filtered-plans',
    {
      schema: {
        tags: ['catalog'],
        // limit and offset page the list on the server (a large catalog); without them every plan comes at once.
        querystring: z.object({
          enrollment_id: zEnrollmentId,
          categories: zCategories,
          limit: z.coerce.number().int().min(1).max(200).optional(),
          offset: z.coerce.number().int().min(0).max(100_000).optional(),
        }),
        response: responses(ZFilteredPlans),
      },
    },
    (request, reply) => {
      const { enrollment_id, categories, limit, offset } = request.query;
      const whole = limit === undefined && !offset;
      // The whole list is the same text for every caller until the catalog changes: made once (checked against
      // the response schema, as the serializer would), then sent as it is.
      const key = whole ? filteredPlansKey(categories) : '';
      // The store's hottest read: with the owner and the text already in memory (embedded database) it is answered
      // without a promise, about a fifth of the request's time (docs/decisions/0900-caches.md).
      const ready = whole && ownsEnrollmentNow(request, enrollment_id) && readyCatalogJson(app, key);
      if (ready) {
        ready.send(request, reply);
        return;
      }
      return (async () => {
        const owner = await assertOwnsEnrollment(request, enrollment_id);
        // The quote's portal may offer only some categories (portal-categories.ts): nothing else is listed.
        const listed = narrowCategories(categories, await portalCategories(app, owner.portal_id));
        if (listed?.length === 0) return ok({ result: [], total: 0 });
        if (whole) {
          const json = await cachedCatalogJson(app, filteredPlansKey(listed), (view) => {
            const cards = shoppableCards(view, listed);
            return JSON.stringify(ZFilteredPlansOk.parse(ok({ result: cards, total: cards.length })));
          });
          // Sent as ready bytes, compressed once per encoding (the type provider expects the object, hence the cast).
          return json.send(request, reply) as never;
        }
        const page = await pageShoppablePlans(app.db, listed, { limit: limit ?? 50, offset: offset ?? 0 });
        return ok({ result: page.rows.map(toPlanCard), total: page.total });
      })();
    },
  );

  app.get(
    '/api/v1/get-menu-filtered-plans',
    {
      schema: {
        tags: ['catalog'],
        querystring: z.object({
          category: z.enum(CATEGORY_KEYS, { error: 'Unknown category' }),
          group_id: zOptionalId,
          agent_id: zOptionalId,
          portal_id: zOptionalId,
          eprocess: zOptionalText,
          open_type: zOptionalText,
        }),
        response: responses(z.object({ result: z.array(ZPlanCard) })),
      },
    },
    async (request) => {
      const listed = narrowCategories([request.query.category], await portalCategories(app, request.query.portal_id));
      return ok({ result: listed?.length ? await cachedPlanCards(app, listed) : [] });
    },
  );

  app.get(
    '/api/v1/get-left-side-filter-fields',
    {
      schema: {
        tags: ['catalog'],
        querystring: z.object({ enrollment_id: zEnrollmentId }),
        response: responses(
          z.object({
            result: z.object({
              categories: z.array(z.object({ key: z.string(), name: z.string(), section: z.string() })),
              selected: z.array(z.string()),
            }),
          }),
        ),
      },
    },
    async (request) => {
      const e = await loadOwnedEnrollment(request, request.query.enrollment_id);
      const present = new Set((await catalogView(app)).shoppable.map((s) => s.plan.category));
      const categories = CATEGORIES.filter((c) => present.has(c.key)).map((c) => ({ key: c.key, name: c.name, section: c.section }));
      const selected = readFilter(e).categories ?? [];
      return ok({ result: { categories, selected: Array.isArray(selected) ? selected : [] } });
    },
  );

  app.get(
    '/api/v1/get-plan-detail/:planId',
    { schema: { tags: ['catalog'], params: z.object({ planId: zId }), response: responses(z.object({ result: ZPlanDescription })) } },
    async (request) => {
      const p = await cachedPlan(app, request.params.planId);
      if (!p) throw notFound('Plan not found');
      return ok({ result: toPlanDescription(p) });
    },
  );

  app.get(
    '/api/v1/get-plan-detail',
    {
      schema: {
        tags: ['catalog'],
        querystring: z.object({ plan_id: zOptionalId }),
        response: responses(
          z.object({
            result: z.array(z.object({ plan_id: z.number(), plan_name: z.string(), fee_text: z.string(), association_text: z.string() })),
          }),
        ),
      },
    },
    async () => {
      const { memberships } = await catalogView(app);
      // All the fees in one query (cached like the catalog), never one query per membership plan.
      const fees = await app.catalogCache.get('membership-fees', () =>
        lowestPrices(
          app.db,
          memberships.map((m) => m.plan_id),
        ),
      );
      const result = memberships.map((m) => ({
        plan_id: m.plan_id,
        plan_name: m.plan_name,
        fee_text: `Membership fee ${formatCents(fees.get(m.plan_id) ?? 0)} per month`,
        association_text: toPlanDescription(m).association_text,
      }));
      return ok({ result });
    },
  );

  app.get(
    '/api/v1/get-related-plans',
    {
      schema: {
        tags: ['catalog'],
        querystring: z.object({ enrollment_id: zEnrollmentId.optional(), plan_id: zId }),
        response: responses(z.object({ result: z.array(ZPlanCard) })),
      },
    },
    async (request) => {
      if (request.query.enrollment_id) await assertOwnsEnrollment(request, request.query.enrollment_id);
      const p = await cachedPlan(app, request.query.plan_id);
      if (!p) throw notFound('Plan not found');
      const same = (await cachedPlanCards(app, [p.category])).filter((x) => x.plan_id !== p.plan_id);
      return ok({ result: same.slice(0, 4) });
    },
  );

  app.get(
    '/api/v1/get-group-agent-member-info',
    {
      schema: {
        tags: ['catalog'],
        querystring: z.object({ enrollment_id: zEnrollmentId.optional(), group_id: zOptionalId }),
        response: responses(ZGroupAgentMemberInfo),
      },
    },
    async (request) => {
      let groupId = request.query.group_id ?? null;
      let userId: number | null = null;
      let portalId: number | null = null;
      let agentId: number | null = null;
      let enrollmentType: string | null = null;
      if (request.query.enrollment_id) {
        const e = await loadOwnedEnrollment(request, request.query.enrollment_id);
        const f = readFilter(e);
        groupId = e.group_id ?? (f.group_id ? Number(f.group_id) : null);
        userId = e.user_id ?? (f.user_id ? Number(f.user_id) : null);
        portalId = e.portal_id ?? (f.platform_group_id ? Number(f.platform_group_id) : null);
        agentId = e.agent_id;
        enrollmentType = e.type;
      }
      const g = groupId
        ? await app.db.selectFrom('groups').select(['group_id', 'gname', 'gcode']).where('group_id', '=', groupId).executeTakeFirst()
        : undefined;
      const u = userId
        ? await app.db.selectFrom('members').select(['first_name', 'last_name', 'user_id']).where('user_id', '=', userId).executeTakeFirst()
        : undefined;
      let platforms: z.infer<typeof ZPortal>[] = [];
      if (g) {
        platforms = await app.db
          .selectFrom('group_portals')
          .innerJoin('portals', 'portals.platform_group_id', 'group_portals.platform_group_id')
          .select(['portals.platform_group_id', 'portals.platform_name', 'portals.platform_code'])
          .where('group_portals.group_id', '=', g.group_id)
          .where('portals.active', '=', true)
          .orderBy('portals.platform_group_id')
          .execute();
      }
      if (!platforms.length && agentId) {
        platforms = await app.db
          .selectFrom('agent_portals')
          .innerJoin('portals', 'portals.platform_group_id', 'agent_portals.platform_group_id')
          .select(['portals.platform_group_id', 'portals.platform_name', 'portals.platform_code'])
          .where('agent_portals.agent_id', '=', agentId)
          .where('portals.active', '=', true)
          .orderBy('portals.platform_group_id')
          .execute();
      }
      const portal = portalId
        ? ((await app.db
            .selectFrom('portals')
            .select(['platform_group_id', 'platform_name', 'platform_code'])
            .where('platform_group_id', '=', portalId)
            .executeTakeFirst()) ?? null)
        : null;
      return ok({
        enrollment_type: enrollmentType,
        user_info: u ? { first_name: u.first_name, last_name: u.last_name, user_id: u.user_id } : null,
        group_info: g ? { group_id: g.group_id, name: g.gname, code: g.gcode } : null,
        platforms,
        portal,
      });
    },
  );
};
export default plansRoutes;
