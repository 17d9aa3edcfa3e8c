import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZPriceCard, ZPricingAnswer, ZStoreTempDependentRequest, dependentPopupProblems } from '@store/domain/catalog';
import { ENROLLMENT_ID_MESSAGE } from '@store/domain/pricing';
import { isoToUs, usToIso } from '@store/domain/dates';
import { loadOwnedEnrollment } from '../../lib/access.ts';
import { sanitizePlanHtml } from '../../lib/sanitize-html.ts';
import { fieldErrors, notFound } from '../../lib/errors.ts';
import { ok, responses, zId } from '../../lib/http.ts';
import { readFilter } from '../quote/service.ts';
import { cachedPlan, cachedRates, catalogView } from './cache.ts';
import { planRules } from './repository.ts';
import { priceForEnrollment } from './service.ts';

const zMaybeEnrollment = z.preprocess((v) => (v === '' || v === 'null' || v === 'undefined' ? undefined : v), z.string().trim().max(64).regex(/^[A-Za-z0-9-]+$/, 'Invalid enrollment').optional());

/** Server-side pricing and eligibility, Prudential and disability checks, the dependent popup. */
const pricingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/get-plan-pricing-detail',
    { schema: { tags: ['catalog'], querystring: z.object({ pid: zId, enrollment_id: zMaybeEnrollment }), response: responses(ZPricingAnswer) } },
    async (request) => {
      const p = await cachedPlan(app, request.query.pid);
      if (!p) throw notFound('Plan not found');
      const e = request.query.enrollment_id ? await loadOwnedEnrollment(request, request.query.enrollment_id) : null;
      const answer = await priceForEnrollment(app.db, e, p, () => cachedRates(app, p.plan_id));
      return ok(answer, answer.message ?? undefined);
    },
  );

  app.get(
    '/api/v1/get-plan-pricing-detail-elevate',
    { schema: { tags: ['catalog'], querystring: z.object({ enrollment_id: zMaybeEnrollment }), response: responses(z.object({ plans: z.array(ZPriceCard), association_text: z.string().nullable() })) } },
    async (request) => {
      if (!request.query.enrollment_id) return ok({ plans: [], association_text: null }, ENROLLMENT_ID_MESSAGE);
      const e = await loadOwnedEnrollment(request, request.query.enrollment_id);
      const plans = [];
      let association: string | null = null;
      for (const m of (await catalogView(app)).memberships) {
        const a = await priceForEnrollment(app.db, e, m, () => cachedRates(app, m.plan_id));
        plans.push(...a.plans);
        association ??= m.association_text === null ? null : sanitizePlanHtml(m.association_text);
      }
      return ok({ plans, association_text: association });
    },
  );

  app.get(
    '/api/v1/check-prudential-plan',
    { schema: { tags: ['catalog'], querystring: z.object({ enrollment_id: z.string().trim().min(1).max(64), plan_id: zId }), response: responses(z.object({ status: z.boolean(), depdob: z.boolean() })) } },
    async (request) => {
      const e = await loadOwnedEnrollment(request, request.query.enrollment_id);
      const p = await cachedPlan(app, request.query.plan_id);
      if (!p) throw notFound('Plan not found');
      const tier = readFilter(e).tier;
      const dep = await app.db.selectFrom('temp_dependent_info').selectAll().where('enrollment_id', '=', e.id).executeTakeFirst();
      const missing = dependentPopupProblems(tier, { dep_dob: dep?.spouse_dob ? isoToUs(dep.spouse_dob) : null, no_of_children: dep?.no_of_children ?? null }).length > 0;
      return ok({ status: !!planRules(p).prudential, depdob: !missing });
    },
  );

  app.get(
    '/api/v1/check-disability-plan',
    {
      schema: {
        tags: ['catalog'],
        querystring: z.object({ enrollment_id: z.string().trim().min(1).max(64), plan_id: zId }),
        response: responses(z.object({ status: z.boolean(), annual_incode: z.number().nullable(), working_hours: z.number().nullable() })),
      },
    },
    async (request) => {
      const e = await loadOwnedEnrollment(request, request.query.enrollment_id);
      const p = await cachedPlan(app, request.query.plan_id);
      if (!p) throw notFound('Plan not found');
      const r = planRules(p);
      const f = readFilter(e);
      const n = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));
      return ok({ status: p.category === 'di' || r.minIncome !== undefined || r.minHours !== undefined, annual_incode: n(f.annual_incode), working_hours: n(f.working_hours) });
    },
  );

  app.post(
    '/api/v1/store-temp-dependent-info',
    { schema: { tags: ['catalog'], body: ZStoreTempDependentRequest, response: responses(z.object({ spouse_dob: z.string().nullable(), no_of_children: z.number().nullable() })) } },
    async (request) => {
      const b = request.body;
      const tier = readFilter(await loadOwnedEnrollment(request, b.enrollment_id)).tier;
      const problems = dependentPopupProblems(tier, { dep_dob: b.dep_dob, no_of_children: b.no_of_children });
      if (problems.length) throw fieldErrors(problems);
      const spouse = tier === 'IS' || tier === 'IF' ? usToIso(b.dep_dob ?? '') : null;
      const children = tier === 'IC' || tier === 'IF' || tier === 'IC3' ? Number(b.no_of_children) : null;
      await app.db.transaction().execute(async (trx) => {
        const e = await loadOwnedEnrollment(request, b.enrollment_id, trx, { forUpdate: true });
        await trx
          .insertInto('temp_dependent_info')
          .values({ enrollment_id: e.id, plan_id: b.plan_id ?? null, spouse_dob: spouse, no_of_children: children })
          .onConflict((oc) => oc.column('enrollment_id').doUpdateSet({ plan_id: b.plan_id ?? null, spouse_dob: spouse, no_of_children: children, updated_at: new Date() }))
          .execute();
      });
      return ok({ spouse_dob: spouse ? isoToUs(spouse) : null, no_of_children: children }, 'Dependent information saved');
    },
  );

  app.get(
    '/api/v1/get-temp-dependent-info',
    { schema: { tags: ['catalog'], querystring: z.object({ enrollment_id: z.string().trim().min(1).max(64) }), response: responses(z.object({ spouse_dob: z.string().nullable(), no_of_children: z.number().nullable() })) } },
    async (request) => {
      const e = await loadOwnedEnrollment(request, request.query.enrollment_id);
      const dep = await app.db.selectFrom('temp_dependent_info').selectAll().where('enrollment_id', '=', e.id).executeTakeFirst();
      return ok({ spouse_dob: dep?.spouse_dob ? isoToUs(dep.spouse_dob) : null, no_of_children: dep?.no_of_children ?? null });
    },
  );
};
export default pricingRoutes;
