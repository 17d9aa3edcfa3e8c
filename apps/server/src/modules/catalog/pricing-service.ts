import { dependentPopupProblems, type TPriceCard, type TPricingAnswer } from '@store/domain/catalog';
import type { storeTempDependentInfo, TTempDependentInfo } from '@store/domain/contract/catalog';
import type { EndpointBody } from '@store/domain/contract/endpoint';
import { isoToUs, usToIso } from '@store/domain/dates';
import type { Plan } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import { loadOpenEnrollment, loadOwnedEnrollment } from '../../lib/access.ts';
import { fieldErrors, notFound } from '../../lib/errors.ts';
import { sanitizePlanHtml } from '../../lib/sanitize-html.ts';
import { readFilter } from '../quote/index.ts';
import { cachedPlan, cachedRates, catalogView, type CatalogDeps } from './cache.ts';
import { findTempDependent, planRules, upsertTempDependent } from './repository.ts';
import { priceForEnrollment } from './service.ts';

/** Server-side pricing and eligibility, Prudential and disability checks, the dependent popup. */

async function planOr404(deps: CatalogDeps, planId: number): Promise<Plan> {
  const p = await cachedPlan(deps, planId);
  if (!p) throw notFound('Plan not found');
  return p;
}

/** get-plan-pricing-detail: the plan's price cards for the quote (or without one, the first rule it breaks). */
export async function planPricing(
  deps: CatalogDeps,
  actor: Actor,
  planId: number,
  enrollmentId: string | undefined,
): Promise<TPricingAnswer> {
  const p = await planOr404(deps, planId);
  const e = enrollmentId ? await loadOwnedEnrollment(actor, enrollmentId, deps.db) : null;
  return priceForEnrollment(deps.db, e, p, () => cachedRates(deps, p.plan_id));
}

/** get-plan-pricing-detail-elevate: the membership plans' price cards and the association's text. */
export async function membershipPricing(deps: CatalogDeps, actor: Actor, enrollmentId: string) {
  const e = await loadOwnedEnrollment(actor, enrollmentId, deps.db);
  const plans: TPriceCard[] = [];
  let association: string | null = null;
  for (const m of (await catalogView(deps)).memberships) {
    const a = await priceForEnrollment(deps.db, e, m, () => cachedRates(deps, m.plan_id));
    plans.push(...a.plans);
    association ??= m.association_text === null ? null : sanitizePlanHtml(m.association_text);
  }
  return { plans, association_text: association };
}

const dependentAsUs = (dep: { spouse_dob: string | null; no_of_children: number | null } | undefined): TTempDependentInfo => ({
  spouse_dob: dep?.spouse_dob ? isoToUs(dep.spouse_dob) : null,
  no_of_children: dep?.no_of_children ?? null,
});

/** check-prudential-plan: a Prudential-type plan, and whether the dependent popup's answers are complete. */
export async function prudentialCheck(deps: CatalogDeps, actor: Actor, enrollmentId: string, planId: number) {
  const e = await loadOwnedEnrollment(actor, enrollmentId, deps.db);
  const p = await planOr404(deps, planId);
  const dep = dependentAsUs(await findTempDependent(deps.db, e.id));
  const missing = dependentPopupProblems(readFilter(e).tier, { dep_dob: dep.spouse_dob, no_of_children: dep.no_of_children }).length > 0;
  return { status: !!planRules(p).prudential, depdob: !missing };
}

const num = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));

/** check-disability-plan: a disability plan (or one with income or hours rules), with what the quote says of them. */
export async function disabilityCheck(deps: CatalogDeps, actor: Actor, enrollmentId: string, planId: number) {
  const e = await loadOwnedEnrollment(actor, enrollmentId, deps.db);
  const p = await planOr404(deps, planId);
  const r = planRules(p);
  const f = readFilter(e);
  return {
    status: p.category === 'di' || r.minIncome !== undefined || r.minHours !== undefined,
    annual_incode: num(f.annual_incode),
    working_hours: num(f.working_hours),
  };
}

/** store-temp-dependent-info: the dependent popup's answers, checked against the quote's tier. */
export async function storeTempDependent(
  deps: CatalogDeps,
  actor: Actor,
  b: EndpointBody<typeof storeTempDependentInfo>,
): Promise<TTempDependentInfo> {
  const tier = readFilter(await loadOwnedEnrollment(actor, b.enrollment_id, deps.db)).tier;
  const problems = dependentPopupProblems(tier, { dep_dob: b.dep_dob, no_of_children: b.no_of_children });
  if (problems.length) throw fieldErrors(problems);
  const spouse = tier === 'IS' || tier === 'IF' ? usToIso(b.dep_dob ?? '') : null;
  const children = tier === 'IC' || tier === 'IF' || tier === 'IC3' ? Number(b.no_of_children) : null;
  await deps.db.transaction().execute(async (trx) => {
    const e = await loadOpenEnrollment(actor, b.enrollment_id, trx, { forUpdate: true });
    await upsertTempDependent(trx, { enrollment_id: e.id, plan_id: b.plan_id ?? null, spouse_dob: spouse, no_of_children: children });
  });
  return dependentAsUs({ spouse_dob: spouse, no_of_children: children });
}

export async function tempDependent(deps: CatalogDeps, actor: Actor, enrollmentId: string): Promise<TTempDependentInfo> {
  const e = await loadOwnedEnrollment(actor, enrollmentId, deps.db);
  return dependentAsUs(await findTempDependent(deps.db, e.id));
}
