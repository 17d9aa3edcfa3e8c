import { onePrice, type ChargeItem } from '@store/domain/charges';
import { pricePlan, type TPricingFilter, type TRateRow, ENROLLMENT_ID_MESSAGE } from '@store/domain/pricing';
import type { TPlanCard, TPlanDescription, TPriceCard, TPricingAnswer } from '@store/domain/catalog';
import type { TierCode } from '@store/domain/codes';
import type { Enrollment, Plan } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import { sanitizePlanHtml } from '../../lib/sanitize-html.ts';
import { ageFromFilter, readFilter } from '../quote/index.ts';
import { translatedText, type PlanLang, type PlanTranslatedField } from '@store/domain/plan-content';
import {
  findAnswers,
  listQuestions,
  listRates,
  planBenefits,
  planRules,
  planTranslations,
  type Db,
  type PlanCardRow,
} from './repository.ts';

export const logoUrl = (logo: string | null) => (logo ? (logo.startsWith('/') || logo.startsWith('http') ? logo : `/media/${logo}`) : null);

/** A plan card in a language (the plan's texts in it when it has them, else English). */
export function toPlanCard(p: PlanCardRow, lang: PlanLang = 'en'): TPlanCard {
  const r = planRules(p);
  const tr = planTranslations(p);
  return {
    pid: p.plan_id,
    plan_id: p.plan_id,
    plan_name: p.plan_name,
    plan_logo: logoUrl(p.plan_logo),
    carrier: p.carrier,
    plan_category: p.category,
    plan_short_text: sanitizePlanHtml(translatedText(p.plan_short_text, tr, lang, 'plan_short_text')),
    is_prudential_plan: r.prudential ? 1 : 0,
    benefits: planBenefits(p),
  };
}

/** A plan's page in a language; the section titles default to the words of that language. */
export function toPlanDescription(p: Plan, lang: PlanLang = 'en'): TPlanDescription {
  const r = planRules(p);
  const tr = planTranslations(p);
  const text = (field: PlanTranslatedField, english: string | null) => translatedText(english, tr, lang, field);
  const es = lang === 'es';
  return {
    plan_id: p.plan_id,
    plan_name: p.plan_name,
    plan_category: p.category,
    plan_logo: logoUrl(p.plan_logo),
    body_text: sanitizePlanHtml(text('body_text', p.body_text)),
    header_text: text('header_text', p.header_text) ?? p.plan_name,
    blueBarText: text('blue_bar_text', p.blue_bar_text) ?? p.plan_name,
    association_text: sanitizePlanHtml(text('association_text', p.association_text)),
    exclusions_text_name: text('exclusions_text_name', p.exclusions_text_name) ?? (es ? 'Exclusiones' : 'Exclusions'),
    exclusions_text: sanitizePlanHtml(text('exclusions_text', p.exclusions_text)),
    example_text_name: text('example_text_name', p.example_text_name) ?? (es ? 'Ejemplo' : 'Example'),
    example_text: sanitizePlanHtml(text('example_text', p.example_text)),
    faq_text_name: text('faq_text_name', p.faq_text_name) ?? (es ? 'Preguntas frecuentes' : 'FAQ'),
    faq_text: sanitizePlanHtml(text('faq_text', p.faq_text)),
    is_prudential_plan: r.prudential ? 1 : 0,
    questionnaire: r.questionnaire ?? null,
    is_premier: !!r.premier,
    benefits: planBenefits(p),
    uses_income: r.minIncome !== undefined || r.minHours !== undefined,
  };
}

const num = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};

/** The pricing view of an enrollment's filter. */
export function pricingFilter(e: Enrollment): TPricingFilter {
  const f = readFilter(e);
  const age = ageFromFilter(f);
  return {
    state: f.state || null,
    zip: f.zip || null,
    tier: f.dob ? ((f.tier || null) as TierCode | null) : null,
    age: age < 0 ? null : age,
    isSmoker: f.is_smoker === '1' || f.is_smoker === '0' ? f.is_smoker : null,
    annualIncome: num(f.annual_incode),
    workingHours: num(f.working_hours),
    portalId: num(f.platform_group_id ?? e.portal_id),
  };
}

/** Answers given to questions that have changed since (newQuestionsError). */
async function questionsOutdated(db: Db, e: Enrollment, p: Plan, kind: 'questions' | 'aflac' | undefined): Promise<boolean> {
  if (!kind) return false;
  const a = await findAnswers(db, e.id, p.plan_id, kind);
  if (!a) return false;
  const current = (await listQuestions(db, p.plan_id, kind)).map((q) => q.question_id).sort((x, y) => x - y);
  const given = [...(a.question_ids as number[])].sort((x, y) => x - y);
  return current.join(',') !== given.join(',');
}

/** A plan at a price as the domain's charges read it (packages/domain charges.ts). */
export const chargeItemOf = (p: Plan, priceCents: number): ChargeItem => {
  const rules = planRules(p);
  return {
    plan_id: p.plan_id,
    plan_name: p.plan_name,
    price_cents: priceCents,
    membership: !!rules.membership,
    admin_fee_included: !!rules.prudential,
  };
};

/**
 * Price cards of a plan for an enrollment, or the first rule its filter breaks, from the plan's offered rates and
 * whether answers were saved to questions that have changed since (pure: quote-pricing.ts prices many plans with it).
 */
export function priceOutcome(
  e: Enrollment,
  p: Plan,
  rates: readonly TRateRow[],
  outdated: (kind: 'questions' | 'aflac' | undefined) => boolean,
  filter: TPricingFilter = pricingFilter(e),
): TPricingAnswer {
  const rules = planRules(p);
  const out = pricePlan(p.plan_id, rules, rates, filter, { questionsOutdated: outdated(rules.questionnaire) });
  if (!out.ok) return { plans: [], errorCode: out.errorCode, message: out.message, pid: out.pid };
  const plans: TPriceCard[] = out.cards.map((c) => ({
    pid: p.plan_id,
    ppid: c.plan_pricing_id,
    plan_id: p.plan_id,
    plan_pricing_id: c.plan_pricing_id,
    plan_name: p.plan_name,
    plan_price: c.price,
    price_cents: c.price_cents,
    membership_cents: onePrice(chargeItemOf(p, c.price_cents)).membership_cents,
    tier: c.tier,
    tier_label: c.tier_label,
    is_prudential_plan: rules.prudential ? 1 : 0,
    is_prudential: rules.prudential ? 1 : 0,
  }));
  return { plans, errorCode: null, message: null, pid: p.plan_id };
}

/** Price cards of one plan for an enrollment (or the first rule its filter breaks); rates from `db` unless given (the cache). */
export async function priceForEnrollment(
  db: Db,
  e: Enrollment | null,
  p: Plan,
  rates?: () => Promise<TRateRow[]>,
): Promise<TPricingAnswer> {
  if (!e) return { plans: [], errorCode: 'enrollmentIdError', message: ENROLLMENT_ID_MESSAGE, pid: p.plan_id };
  const kind = planRules(p).questionnaire;
  const outdated = await questionsOutdated(db, e, p, kind);
  return priceOutcome(e, p, await (rates ? rates() : listRates(db, p.plan_id)), () => outdated);
}

/** The member whose active policies matter: the existing member of the quote, or the signed-in member. */
export function memberOf(actor: Pick<Actor, 'account'>, e: Enrollment): number | null {
  const f = readFilter(e);
  const fromFilter = num(f.user_id) ?? e.user_id;
  if (fromFilter) return fromFilter;
  const a = actor.account;
  return a?.role === 'member' ? a.user_id : null;
}
