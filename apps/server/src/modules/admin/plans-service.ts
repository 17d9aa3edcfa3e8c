import type { Kysely } from 'kysely';
import { ADMIN_TEXT } from '@store/domain/admin';
import { PLAN_TEXT_FIELDS, type TPlanForm, type TQuestionForm } from '@store/domain/admin-plans';
import { pickRate, type TRateRow, type TSampleQuote } from '@store/domain/admin-rates';
import type { CATEGORY_KEYS } from '@store/domain/codes';
import { ageOn, todayIso, usToIso } from '@store/domain/dates';
import { ZPlanRules, type TPlanRules } from '@store/domain/plan-rules';
import type { TPlanBenefits } from '@store/domain/plan-benefits';
import type { Database } from '../../db/schema.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { PLAN_HTML_FIELDS, PLAN_TRANSLATED_FIELDS, TRANSLATED_LANGS, type TPlanTranslations } from '@store/domain/plan-content';
import { sanitizePlanHtml } from '../../lib/sanitize-html.ts';
import type { ZipDirectory } from '../../lib/zip-directory.ts';
import { audit, type Actor } from './audit.ts';
import * as repo from './plans-repository.ts';

type Rate = {
  plan_pricing_id: number;
  tier: string;
  age_min: number;
  age_max: number;
  state: string | null;
  smoker: boolean | null;
  price_cents: number;
};
const toRateOut = (r: Rate) => ({
  plan_pricing_id: r.plan_pricing_id,
  tier: r.tier,
  age_min: r.age_min,
  age_max: r.age_max,
  state: r.state,
  smoker: r.smoker,
  price: r.price_cents / 100,
});
const rateKey = (r: { tier: string; age_min: number; age_max: number; state: string | null; smoker: boolean | null }) =>
  `${r.tier}|${r.age_min}|${r.age_max}|${r.state ?? ''}|${r.smoker ?? ''}`;

/** The catalog for operators: plans (texts sanitized), rate tables, sample quotes, questionnaires. */
export async function pagePlans(db: Kysely<Database>, f: Parameters<typeof repo.pagePlans>[1]) {
  const { items, total } = await repo.pagePlans(db, f);
  return { items: items.map((p) => ({ ...p, rate_count: Number(p.rate_count ?? 0) })), total, limit: f.limit, offset: f.offset };
}

export async function loadPlan(db: Kysely<Database>, id: number) {
  const p = await repo.findPlan(db, id);
  if (!p) throw notFound();
  const { updated_at: _u, ...rest } = p;
  // The JSON columns as written (each checked by its schema on write); the response schema (ZPlanDetail) checks
  // them again on the way out.
  return {
    ...rest,
    category: rest.category as (typeof CATEGORY_KEYS)[number],
    rules: rest.rules as TPlanRules,
    benefits: rest.benefits as TPlanBenefits | null,
    translations: rest.translations as TPlanTranslations | null,
  };
}

function planValues(b: TPlanForm) {
  const v: Record<string, unknown> = { ...b, rules: JSON.stringify(ZPlanRules.parse(b.rules)), updated_at: new Date() };
  for (const k of Object.keys(b)) if ((b as Record<string, unknown>)[k] === undefined) v[k] = null;
  for (const f of PLAN_TEXT_FIELDS) v[f] = f === 'plan_short_text' ? sanitizePlanHtml(b[f]) : b[f] ? sanitizePlanHtml(b[f]) : null;
  if (b.benefits !== undefined) v.benefits = b.benefits === null ? null : JSON.stringify(b.benefits);
  if (b.translations === undefined) delete v.translations;
  else v.translations = JSON.stringify(sanitizedTranslations(b.translations));
  return v;
}

/** The Spanish texts as stored: HTML fields cleaned like the English ones, empty fields left out (English shows). */
function sanitizedTranslations(t: TPlanTranslations): TPlanTranslations {
  const out: TPlanTranslations = {};
  for (const lang of TRANSLATED_LANGS) {
    const given = t[lang];
    if (!given) continue;
    const kept: Record<string, string> = {};
    for (const f of PLAN_TRANSLATED_FIELDS) {
      const text = given[f]?.trim();
      if (!text) continue;
      kept[f] = (PLAN_HTML_FIELDS as readonly string[]).includes(f) ? sanitizePlanHtml(text) : text;
    }
    out[lang] = kept;
  }
  return out;
}

/**
 * A new plan, linked to its carrier (decision 2640: the carrier's appointments decide which reps offer it). An unknown
 * carrier is refused beside its field; the plan's carrier text is the carrier's name unless one is given.
 */
export async function createPlan(
  db: Kysely<Database>,
  actor: Actor,
  { plan_id, carrier_id, ...form }: TPlanForm & { plan_id: number; carrier_id: number },
) {
  await db.transaction().execute(async (trx) => {
    if (await repo.planExists(trx, plan_id)) throw fieldError('plan_id', ADMIN_TEXT.ID_TAKEN);
    const carrier = await repo.findCarrierName(trx, carrier_id);
    if (!carrier) throw fieldError('carrier_id', ADMIN_TEXT.PLAN_CARRIER_UNKNOWN);
    await repo.insertPlan(trx, { plan_id, ...planValues(form), carrier_id, carrier: form.carrier ?? carrier.name });
    await audit(trx, actor, 'create-plan', `plan:${plan_id}`, { carrier_id });
  });
  return loadPlan(db, plan_id);
}

export async function updatePlan(db: Kysely<Database>, actor: Actor, id: number, form: TPlanForm) {
  await db.transaction().execute(async (trx) => {
    if (!(await repo.updatePlan(trx, id, planValues(form)))) throw notFound();
    await audit(trx, actor, 'update-plan', `plan:${id}`, {});
  });
  return loadPlan(db, id);
}

export async function listRates(db: Kysely<Database>, planId: number) {
  await loadPlan(db, planId);
  return (await repo.listRates(db, planId)).map(toRateOut);
}

/**
 * Replaces a plan's rate table. Rows keep their id when tier, ages, state and tobacco use match an existing
 * row (only the price changes), so carts that point at them stay valid; rows no longer listed are deleted,
 * or retired when a cart still refers to them. New quotes read the table on each request.
 */
export async function replaceRates(db: Kysely<Database>, actor: Actor, planId: number, rows: TRateRow[], source: string) {
  return db.transaction().execute(async (trx) => {
    if (!(await repo.lockPlan(trx, planId))) throw notFound();
    const existing = await repo.currentRates(trx, planId);
    const byKey = new Map(existing.map((r) => [rateKey(r), r]));
    const kept = new Set<number>();
    for (const row of rows) {
      const cents = Math.round(row.price * 100);
      const old = byKey.get(rateKey(row));
      if (old) {
        kept.add(old.plan_pricing_id);
        if (old.price_cents !== cents) await repo.setRatePrice(trx, old.plan_pricing_id, cents);
      } else {
        await repo.insertRate(trx, planId, {
          tier: row.tier,
          age_min: row.age_min,
          age_max: row.age_max,
          state: row.state,
          smoker: row.smoker,
          price_cents: cents,
        });
      }
    }
    const gone = existing.filter((r) => !kept.has(r.plan_pricing_id)).map((r) => r.plan_pricing_id);
    if (gone.length) {
      const used = await repo.ratesInCarts(trx, gone);
      const free = gone.filter((id) => !used.has(id));
      if (free.length) await repo.deleteRates(trx, free);
      if (used.size) await repo.retireRates(trx, [...used]);
    }
    await repo.touchPlan(trx, planId);
    await audit(trx, actor, 'update-rates', `plan:${planId}`, { rows: rows.length, source });
    return (await repo.listRates(trx, planId)).map(toRateOut);
  });
}

/** What a quote of this plan would show (state, age, price) or why it would not be offered. */
export async function sampleQuote(db: Kysely<Database>, zips: ZipDirectory, planId: number, q: TSampleQuote) {
  const plan = await loadPlan(db, planId);
  const zip = zips.lookup(q.zip);
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
  else if ((rules.minAge !== undefined && age < rules.minAge) || (rules.maxAge !== undefined && age > rules.maxAge))
    message = 'Not sold at this age.';
  else if (rules.requiresSmoker && smoker === null) message = 'The price needs the tobacco answer.';
  const rates = await repo.ratesForTier(db, plan.plan_id, q.tier);
  const rate = message ? null : pickRate(rates, { tier: q.tier, age, state: zip.state, smoker });
  if (!message && !rate) message = 'No rate matches this quote.';
  return { state: zip.state, age, price: rate ? rate.price_cents / 100 : null, plan_pricing_id: rate?.plan_pricing_id ?? null, message };
}

/* ---------- questionnaires ---------- */
type QuestionRow = Awaited<ReturnType<typeof repo.insertQuestion>>;
const toQuestion = (r: QuestionRow) => ({ ...r, question_sub_type: r.question_sub_type as 'text_field' | 'checkbox' | 'detail' });

export async function listQuestions(db: Kysely<Database>, planId: number) {
  await loadPlan(db, planId);
  return (await repo.listQuestions(db, planId)).map(toQuestion);
}

export async function createQuestion(db: Kysely<Database>, actor: Actor, planId: number, b: TQuestionForm) {
  await loadPlan(db, planId);
  return db.transaction().execute(async (trx) => {
    const r = await repo.insertQuestion(trx, planId, b);
    await audit(trx, actor, 'create-question', `plan:${planId}`, { question_id: r.question_id });
    return toQuestion(r);
  });
}

export async function updateQuestion(db: Kysely<Database>, actor: Actor, id: number, b: TQuestionForm) {
  return db.transaction().execute(async (trx) => {
    const r = await repo.updateQuestion(trx, id, b);
    if (!r) throw notFound();
    await audit(trx, actor, 'update-question', `plan:${r.plan_id}`, { question_id: r.question_id });
    return toQuestion(r);
  });
}

export async function deleteQuestion(db: Kysely<Database>, actor: Actor, id: number) {
  await db.transaction().execute(async (trx) => {
    const r = await repo.deleteQuestion(trx, id);
    if (!r) throw notFound();
    await audit(trx, actor, 'delete-question', `plan:${r.plan_id}`, { question_id: id });
  });
  return { question_id: id };
}
