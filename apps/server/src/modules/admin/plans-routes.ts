import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sql, type Transaction } from 'kysely';
import {
  ADMIN_TEXT,
  PLAN_TEXT_FIELDS,
  ZPageQuery,
  ZPlanCreate,
  ZPlanDetail,
  ZPlanForm,
  ZPlanSummary,
  ZQuestionForm,
  ZRateCsv,
  ZRateOut,
  ZRateTable,
  ZSampleQuote,
  ZSampleQuoteResult,
  page,
  pickRate,
  rateRowsFromCsv,
  validateRateRows,
  type TRateRow,
} from '@store/domain/admin';
import { ZPlanRules } from '@store/domain/plan-rules';
import { CATEGORY_KEYS } from '@store/domain/codes';
import { ageOn, todayIso, usToIso } from '@store/domain/dates';
import type { Database } from '../../db/schema.ts';
import { ok, responses, zId } from '../../lib/http.ts';
import { fieldError, fieldErrors, notFound } from '../../lib/errors.ts';
import { sanitizePlanHtml } from '../../lib/sanitize-html.ts';
import { audit } from './audit.ts';
import { escapeLike } from './sites-routes.ts';

const ZQuestion = ZQuestionForm.extend({ question_id: z.number(), plan_id: z.number(), decline_message: z.string().nullable() });
const toRateOut = (r: { plan_pricing_id: number; tier: string; age_min: number; age_max: number; state: string | null; smoker: boolean | null; price_cents: number }) => ({
  plan_pricing_id: r.plan_pricing_id,
  tier: r.tier,
  age_min: r.age_min,
  age_max: r.age_max,
  state: r.state,
  smoker: r.smoker,
  price: r.price_cents / 100,
});
/** Rates no longer in the table but still referenced by a cart: kept with an age band that matches nobody. */
const RETIRED = { label: 'retired', age_min: 1000, age_max: -1 };

/** The catalog: plans by category, texts (sanitized), logos, rules, questionnaires and rate tables. */
const planRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/plans',
    { schema: { tags: ['admin'], querystring: ZPageQuery.extend({ category: z.enum(CATEGORY_KEYS).optional().or(z.literal('').transform(() => undefined)) }), response: responses(page(ZPlanSummary)) } },
    async (request) => {
      const { q, limit, offset, category } = request.query;
      let base = app.db.selectFrom('plans');
      if (category) base = base.where('category', '=', category);
      if (q) base = base.where((eb) => eb.or([eb('plan_name', 'ilike', `%${escapeLike(q)}%`), ...(/^\d+$/.test(q) ? [eb('plan_id', '=', Number(q))] : [])]));
      const [items, count] = await Promise.all([
        base
          .select(['plan_id', 'plan_name', 'category', 'carrier', 'active', 'featured', 'plan_logo'])
          .select((eb) => eb.selectFrom('plan_rates').whereRef('plan_rates.plan_id', '=', 'plans.plan_id').where('plan_rates.label', 'is distinct from', 'retired').select(eb.fn.countAll<string>().as('c')).as('rate_count'))
          .orderBy('category')
          .orderBy('sort_order')
          .orderBy('plan_id')
          .limit(limit)
          .offset(offset)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return ok({ items: items.map((p) => ({ ...p, rate_count: Number(p.rate_count ?? 0) })), total: Number(count.n), limit, offset });
    },
  );

  const loadPlan = async (id: number) => {
    const p = await app.db.selectFrom('plans').selectAll().where('plan_id', '=', id).executeTakeFirst();
    if (!p) throw notFound();
    const { updated_at: _u, ...rest } = p;
    return { ...rest, category: rest.category as (typeof CATEGORY_KEYS)[number] };
  };
  app.get('/api/admin/plans/:id', { schema: { tags: ['admin'], params: z.object({ id: zId }), response: responses(ZPlanDetail) } }, async (request) => ok(await loadPlan(request.params.id)));

  const planValues = (b: z.infer<typeof ZPlanForm>) => {
    const v: Record<string, unknown> = { ...b, rules: JSON.stringify(ZPlanRules.parse(b.rules)), updated_at: new Date() };
    for (const k of Object.keys(b)) if ((b as Record<string, unknown>)[k] === undefined) v[k] = null;
    for (const f of PLAN_TEXT_FIELDS) v[f] = f === 'plan_short_text' ? sanitizePlanHtml(b[f]) : b[f] ? sanitizePlanHtml(b[f]) : null;
    if (b.benefits !== undefined) v.benefits = b.benefits === null ? null : JSON.stringify(b.benefits);
    return v;
  };

  app.post('/api/admin/plans', { schema: { tags: ['admin'], body: ZPlanCreate, response: responses(ZPlanDetail) } }, async (request) => {
    const { plan_id, ...form } = request.body;
    await app.db.transaction().execute(async (trx) => {
      if (await trx.selectFrom('plans').select('plan_id').where('plan_id', '=', plan_id).executeTakeFirst()) throw fieldError('plan_id', ADMIN_TEXT.ID_TAKEN);
      await trx.insertInto('plans').values({ plan_id, ...(planValues(form) as object) } as never).execute();
      await audit(request, 'create-plan', `plan:${plan_id}`, {}, trx);
    });
    return ok(await loadPlan(plan_id));
  });

  app.put('/api/admin/plans/:id', { schema: { tags: ['admin'], params: z.object({ id: zId }), body: ZPlanForm, response: responses(ZPlanDetail) } }, async (request) => {
    await app.db.transaction().execute(async (trx) => {
      const r = await trx.updateTable('plans').set(planValues(request.body) as never).where('plan_id', '=', request.params.id).executeTakeFirst();
      if (!r.numUpdatedRows) throw notFound();
      await audit(request, 'update-plan', `plan:${request.params.id}`, {}, trx);
    });
    return ok(await loadPlan(request.params.id));
  });

  /* ---------- rate tables ---------- */
  const listRates = (db: typeof app.db | Transaction<Database>, planId: number) =>
    db
      .selectFrom('plan_rates')
      .select(['plan_pricing_id', 'tier', 'age_min', 'age_max', 'state', 'smoker', 'price_cents'])
      .where('plan_id', '=', planId)
      .where('label', 'is distinct from', 'retired')
      .orderBy('tier')
      .orderBy('state')
      .orderBy('smoker')
      .orderBy('age_min')
      .execute();

  app.get('/api/admin/plans/:id/rates', { schema: { tags: ['admin'], params: z.object({ id: zId }), response: responses(z.array(ZRateOut)) } }, async (request) => {
    await loadPlan(request.params.id);
    return ok((await listRates(app.db, request.params.id)).map(toRateOut));
  });

  /**
   * Replaces a plan's rate table. Rows keep their id when tier, ages, state and tobacco use match an existing
   * row (only the price changes), so carts that point at them stay valid; rows no longer listed are deleted,
   * or retired when a cart still refers to them. New quotes read the table on each request.
   */
  const replaceRates = async (request: Parameters<typeof audit>[0], planId: number, rows: TRateRow[], source: string) =>
    app.db.transaction().execute(async (trx) => {
      const plan = await trx.selectFrom('plans').select('plan_id').where('plan_id', '=', planId).forUpdate().executeTakeFirst();
      if (!plan) throw notFound();
      const existing = await trx.selectFrom('plan_rates').selectAll().where('plan_id', '=', planId).where('label', 'is distinct from', 'retired').execute();
      const key = (r: { tier: string; age_min: number; age_max: number; state: string | null; smoker: boolean | null }) => `${r.tier}|${r.age_min}|${r.age_max}|${r.state ?? ''}|${r.smoker ?? ''}`;
      const byKey = new Map(existing.map((r) => [key(r), r]));
      const kept = new Set<number>();
      for (const row of rows) {
        const cents = Math.round(row.price * 100);
        const old = byKey.get(key(row));
        if (old) {
          kept.add(old.plan_pricing_id);
          if (old.price_cents !== cents) await trx.updateTable('plan_rates').set({ price_cents: cents }).where('plan_pricing_id', '=', old.plan_pricing_id).execute();
        } else {
          await trx.insertInto('plan_rates').values({ plan_id: planId, tier: row.tier, age_min: row.age_min, age_max: row.age_max, state: row.state, smoker: row.smoker, price_cents: cents, label: null }).execute();
        }
      }
      const gone = existing.filter((r) => !kept.has(r.plan_pricing_id)).map((r) => r.plan_pricing_id);
      if (gone.length) {
        const used = new Set((await trx.selectFrom('cart_items').select('plan_pricing_id').where('plan_pricing_id', 'in', gone).execute()).map((r) => r.plan_pricing_id));
        const free = gone.filter((id) => !used.has(id));
        if (free.length) await trx.deleteFrom('plan_rates').where('plan_pricing_id', 'in', free).execute();
        if (used.size) await trx.updateTable('plan_rates').set(RETIRED).where('plan_pricing_id', 'in', [...used]).execute();
      }
      await trx.updateTable('plans').set({ updated_at: sql`now()` }).where('plan_id', '=', planId).execute();
      await audit(request, 'update-rates', `plan:${planId}`, { rows: rows.length, source }, trx);
      return (await listRates(trx, planId)).map(toRateOut);
    });

  app.put('/api/admin/plans/:id/rates', { schema: { tags: ['admin'], params: z.object({ id: zId }), body: ZRateTable, response: responses(z.array(ZRateOut)) } }, async (request) => {
    const { rows, errors } = validateRateRows(request.body.rows);
    if (errors.length) throw fieldErrors(errors);
    return ok(await replaceRates(request, request.params.id, rows, 'grid'));
  });

  app.post('/api/admin/plans/:id/rates/csv', { schema: { tags: ['admin'], params: z.object({ id: zId }), body: ZRateCsv, response: responses(z.array(ZRateOut)) } }, async (request) => {
    const parsed = rateRowsFromCsv(request.body.csv);
    if (parsed.errors.length) throw fieldErrors(parsed.errors);
    const { rows, errors } = validateRateRows(parsed.rows);
    if (errors.length) throw fieldErrors(errors);
    return ok(await replaceRates(request, request.params.id, rows, 'csv'));
  });

  app.get(
    '/api/admin/plans/:id/sample-quote',
    { schema: { tags: ['admin'], params: z.object({ id: zId }), querystring: ZSampleQuote, response: responses(ZSampleQuoteResult) } },
    async (request) => {
      const plan = await loadPlan(request.params.id);
      const q = request.query;
      const zip = app.zips.lookup(q.zip);
      if (!zip) throw fieldError('zip', 'This zip code was not found.');
      const dobIso = usToIso(q.dob);
      if (!dobIso) throw fieldError('dob', 'Enter the date as mm/dd/yyyy.');
      const age = ageOn(dobIso, todayIso());
      const smoker = q.smoker === 'yes' ? true : q.smoker === 'no' ? false : null;
      const rules = ZPlanRules.safeParse(plan.rules).data ?? {};
      let message: string | null = null;
      if (!plan.active) message = 'This plan is not active.';
      else if (rules.states && !rules.states.includes(zip.state)) message = `Not sold in ${zip.state}.`;
      else if (rules.zipRanges && !rules.zipRanges.some(([a, b]) => a <= q.zip && q.zip <= b)) message = 'Not sold in this zip code.';
      else if (rules.tiers && !rules.tiers.includes(q.tier)) message = 'Not sold for this tier.';
      else if ((rules.minAge !== undefined && age < rules.minAge) || (rules.maxAge !== undefined && age > rules.maxAge)) message = 'Not sold at this age.';
      else if (rules.requiresSmoker && smoker === null) message = 'The price needs the tobacco answer.';
      const rates = await app.db
        .selectFrom('plan_rates')
        .select(['plan_pricing_id', 'tier', 'age_min', 'age_max', 'state', 'smoker', 'price_cents'])
        .where('plan_id', '=', plan.plan_id)
        .where('tier', '=', q.tier)
        .execute();
      const rate = message ? null : pickRate(rates, { tier: q.tier, age, state: zip.state, smoker });
      if (!message && !rate) message = 'No rate matches this quote.';
      return ok({ state: zip.state, age, price: rate ? rate.price_cents / 100 : null, plan_pricing_id: rate?.plan_pricing_id ?? null, message });
    },
  );

  /* ---------- questionnaires ---------- */
  app.get('/api/admin/plans/:id/questions', { schema: { tags: ['admin'], params: z.object({ id: zId }), response: responses(z.array(ZQuestion)) } }, async (request) => {
    await loadPlan(request.params.id);
    const rows = await app.db.selectFrom('plan_questions').selectAll().where('plan_id', '=', request.params.id).orderBy('sort_order').orderBy('question_id').execute();
    return ok(rows.map((r) => ({ ...r, question_sub_type: r.question_sub_type as 'text_field' | 'checkbox' | 'detail' })));
  });
  const questionValues = (b: z.infer<typeof ZQuestionForm>) => ({ ...b, decline_message: b.decline_message ?? null, options: JSON.stringify(b.options) });
  app.post('/api/admin/plans/:id/questions', { schema: { tags: ['admin'], params: z.object({ id: zId }), body: ZQuestionForm, response: responses(ZQuestion) } }, async (request) => {
    await loadPlan(request.params.id);
    const row = await app.db.transaction().execute(async (trx) => {
      const r = await trx.insertInto('plan_questions').values({ plan_id: request.params.id, ...questionValues(request.body) }).returningAll().executeTakeFirstOrThrow();
      await audit(request, 'create-question', `plan:${request.params.id}`, { question_id: r.question_id }, trx);
      return r;
    });
    return ok({ ...row, question_sub_type: row.question_sub_type as 'text_field' });
  });
  app.put('/api/admin/questions/:qid', { schema: { tags: ['admin'], params: z.object({ qid: zId }), body: ZQuestionForm, response: responses(ZQuestion) } }, async (request) => {
    const row = await app.db.transaction().execute(async (trx) => {
      const r = await trx.updateTable('plan_questions').set(questionValues(request.body)).where('question_id', '=', request.params.qid).returningAll().executeTakeFirst();
      if (!r) throw notFound();
      await audit(request, 'update-question', `plan:${r.plan_id}`, { question_id: r.question_id }, trx);
      return r;
    });
    return ok({ ...row, question_sub_type: row.question_sub_type as 'text_field' });
  });
  app.post('/api/admin/questions/:qid/delete', { schema: { tags: ['admin'], params: z.object({ qid: zId }), response: responses(z.object({ question_id: z.number() })) } }, async (request) => {
    await app.db.transaction().execute(async (trx) => {
      const r = await trx.deleteFrom('plan_questions').where('question_id', '=', request.params.qid).returning(['plan_id']).executeTakeFirst();
      if (!r) throw notFound();
      await audit(request, 'delete-question', `plan:${r.plan_id}`, { question_id: request.params.qid }, trx);
    });
    return ok({ question_id: request.params.qid });
  });
};
export default planRoutes;
