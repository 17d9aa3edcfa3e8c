import {
  LIFE_EVENT_PLAN_TEXT as T,
  planOfferedTo,
  replacedPlanEnd,
  ZLifeEventPlanChangeRequest,
  type TLifeEventPlanChangeRequest,
  type TLifeEventPlanChangeResponse,
  type TLifeEventPlanOptions,
} from '@store/domain/life-event-plans';
import { proratedAdjustmentCents, tierForHousehold, type TDependentRelationship, type TLifeEventType } from '@store/domain/life-events';
import { ZPlanRules } from '@store/domain/plan-rules';
import { ageOn, todayIso } from '@store/domain/dates';
import { includedAdminFeeCents } from '@store/domain/charges';
import { findRate } from '@store/domain/pricing';
import { fieldError, notFound } from '../../lib/errors.ts';
import { storedLanguage } from '../../lib/mail-i18n.ts';
import type { Deps } from '../../lib/deps.ts';
import { isoDate, lifeEventReason, queueCarrierFiles, type StoredDependent } from '../carriers/index.ts';
import { changeMonthlyAmount, previewMonthlyAmount } from '../billing/index.ts';
import { followMemberships } from '../renewals/index.ts';
import { recordEvent } from '../trail/index.ts';
import { openEvent } from './change-service.ts';
import { planChangedMail } from './mail.ts';
import { LIFE_EVENT_MAIL_KIND, type LifeEventActor } from './service.ts';
import * as repo from './repository.ts';
import * as plans from './plan-repository.ts';

const rulesOf = (r: unknown) => ZPlanRules.catch({}).parse(typeof r === 'string' ? JSON.parse(r) : (r ?? {}));

/** The household's tier now, from the enrollment's dependents (a change of plan keeps the people as they are). */
function householdTier(tabs: unknown) {
  const t = (typeof tabs === 'string' ? JSON.parse(tabs) : tabs) as { dependent_info?: { dependents?: StoredDependent[] } } | null;
  return tierForHousehold((t?.dependent_info?.dependents ?? []).map((d) => d.primary_info.relationship as TDependentRelationship));
}

/** Who is changing: the member's age on the event's effective date, their state and their household's tier. */
async function whoChanges(db: repo.Db, userId: number, enrollmentId: string, effective: string, lock: boolean) {
  const member = (await repo.memberOf(db, userId))!;
  const tabs = lock ? await repo.lockTabs(db, enrollmentId) : await repo.readTabs(db, enrollmentId);
  return { member, tier: householdTier(tabs.tabs), age: ageOn(isoDate(member.dob) ?? effective, effective) };
}

/** The price of a plan for this member from the effective date, when its rules sell it to them; else null. */
async function priceFor(db: repo.Db, plan: { plan_id: number; rules: unknown }, q: { tier: string; age: number; state: string | null }) {
  if (!planOfferedTo(rulesOf(plan.rules), q)) return null;
  return findRate(await repo.ratesOf(db, [plan.plan_id]), { ...q, smoker: null });
}

/**
 * The plans the member may change to in an approved event's window (issue 38, decision 2650): for each running plan
 * (memberships aside), the other sold plans of its category the member does not hold, priced at the household's tier
 * and the member's age on the event's effective date.
 */
export async function planOptions(deps: Deps, userId: number, eventId: number, today: string = todayIso()): Promise<TLifeEventPlanOptions> {
  const e = await openEvent(deps.db, eventId, userId, today, false);
  const effective = isoDate(e.effective_date)!;
  const { member, tier, age } = await whoChanges(deps.db, userId, e.enrollment_id, effective, false);
  const options: TLifeEventPlanOptions['options'] = [];
  for (const p of await repo.runningPolicies(deps.db, e.enrollment_id)) {
    const from = await plans.planOf(deps.db, p.plan_id);
    if (!from || rulesOf(from.rules).membership) continue;
    for (const to of await plans.plansOfCategory(deps.db, from.category)) {
      if (to.plan_id === from.plan_id || (await plans.holdsPlan(deps.db, e.enrollment_id, to.plan_id))) continue;
      const rate = await priceFor(deps.db, to, { tier, age, state: member.state });
      if (rate)
        options.push({
          from_plan_id: from.plan_id,
          from_plan_name: from.plan_name,
          plan_id: to.plan_id,
          plan_name: to.plan_name,
          monthly_cents: rate.price_cents,
          needs_evidence: to.needs_evidence,
        });
    }
  }
  return { effective_date: effective, tier, options };
}

/**
 * The member changes a plan for another of the same category in an approved event's window (issue 38, decision 2650),
 * in one transaction. The new plan is priced at the household's tier and the member's age on the event's effective
 * date. A plan that needs no evidence: the old plan ends the day before the effective date (its 834 cancellation, INS03
 * 024 with DTP*349/357), the new one starts on it (its 834 addition, 021 with DTP*348), the billing record's line moves
 * to the new plan's price from the next bill day, with a prorated ledger adjustment for a mid-month start. A plan that
 * needs evidence waits pending like a new enrollment: nothing of it is billed or sent, the old plan runs on, and the
 * carrier's approval (modules/eoi) ends the old plan and moves the billing. The trail, an audit row and a mail.
 */
export async function changePlan(
  deps: Deps,
  who: LifeEventActor,
  userId: number,
  eventId: number,
  input: TLifeEventPlanChangeRequest,
  today: string = todayIso(),
): Promise<TLifeEventPlanChangeResponse> {
  const body = ZLifeEventPlanChangeRequest.parse(input);
  const result = await deps.db.transaction().execute(async (trx) => {
    const e = await openEvent(trx, eventId, userId, today, true);
    const effective = isoDate(e.effective_date)!;
    const old = await plans.runningPolicyOf(trx, e.enrollment_id, body.from_plan_id);
    if (!old || rulesOf(old.rules).membership) throw notFound(T.NO_PLAN);
    if (body.to_plan_id === body.from_plan_id) throw fieldError('to_plan_id', T.SAME_PLAN);
    const plan = await plans.planOf(trx, body.to_plan_id);
    if (!plan || !plan.active || plan.discontinued_on) throw fieldError('to_plan_id', T.NOT_OFFERED);
    if (plan.category !== old.category) throw fieldError('to_plan_id', T.OTHER_CATEGORY);
    if (await plans.holdsPlan(trx, e.enrollment_id, plan.plan_id)) throw fieldError('to_plan_id', T.ALREADY_HAVE);
    const { member, tier, age } = await whoChanges(trx, userId, e.enrollment_id, effective, true);
    const rate = await priceFor(trx, plan, { tier, age, state: member.state });
    if (!rate) throw fieldError('to_plan_id', T.NOT_OFFERED);

    const pending = plan.needs_evidence;
    const { policy_id } = await plans.insertPolicy(trx, {
      user_id: userId,
      plan_id: plan.plan_id,
      tier,
      effective_date: effective,
      enrollment_id: e.enrollment_id,
      eoi_status: pending ? 'pending' : null,
      replaces_policy_id: old.policy_id,
      life_event_id: eventId,
    });
    await plans.saveCartItem(trx, {
      enrollment_id: e.enrollment_id,
      plan_id: plan.plan_id,
      plan_pricing_id: rate.plan_pricing_id,
      price_cents: rate.price_cents,
    });

    const reason = lifeEventReason(e.event_type as TLifeEventType);
    let endsOn: string | null = null;
    let amounts: Awaited<ReturnType<typeof changeMonthlyAmount>> = null;
    let carriers = 0;
    let memberships: Awaited<ReturnType<typeof followMemberships>> | null = null;
    if (!pending) {
      endsOn = replacedPlanEnd(effective, isoDate(old.effective_date));
      await plans.endPolicy(trx, old.policy_id, endsOn);
      amounts = await changeMonthlyAmount(
        trx,
        e.enrollment_id,
        (lines) =>
          lines.map((l) =>
            l.plan_id === old.plan_id
              ? {
                  ...l,
                  plan_id: plan.plan_id,
                  label: plan.plan_name,
                  monthly_cents: rate.price_cents,
                  admin_fee_cents: l.admin_fee_cents > 0 ? includedAdminFeeCents(rate.price_cents) : 0,
                }
              : l,
          ),
        (delta) => ({
          period: effective.slice(0, 7),
          cents: proratedAdjustmentCents(delta, effective),
          key: `life-event:${eventId}:change_plan:${old.plan_id}:${plan.plan_id}`,
          reason: 'life_event',
        }),
      );
      carriers += await queueCarrierFiles(deps, trx, e.enrollment_id, {
        maintenance: '024',
        reason,
        effectiveDate: endsOn,
        planId: old.plan_id,
      });
      carriers += await queueCarrierFiles(deps, trx, e.enrollment_id, {
        maintenance: '021',
        reason,
        effectiveDate: effective,
        planId: plan.plan_id,
      });
      memberships = await followMemberships(deps, trx, {
        enrollmentId: e.enrollment_id,
        userId,
        tier,
        fromPlanId: old.plan_id,
        toPlanId: plan.plan_id,
        startsOn: effective,
        endsOn,
        reason,
      });
      // The monthly amount after the membership followed too.
      const now = amounts ? await previewMonthlyAmount(trx, e.enrollment_id, (l) => l) : null;
      if (amounts && now) amounts = { ...amounts, after: now.after };
    }
    // Pending: the billing record is not changed until the carrier approves (the amount stays what it was).
    const unchanged = pending ? await previewMonthlyAmount(trx, e.enrollment_id, (lines) => lines) : null;
    const running = await repo.runningPolicies(trx, e.enrollment_id);
    const listMonthly = running.filter((p) => p.policy_id !== policy_id || !pending).reduce((a, p) => a + (p.price_cents ?? 0), 0);
    const detail = {
      kind: 'life_event_plan',
      life_event: eventId,
      from_plan_id: old.plan_id,
      to_plan_id: plan.plan_id,
      policy_id,
      tier,
      effective_date: effective,
      old_plan_ends_on: endsOn,
      pending_evidence: pending,
      plan_monthly_cents: rate.price_cents,
      adjustment_cents: amounts?.adjustment ?? 0,
      carriers,
      memberships,
      by_rep: who.rep,
    };
    await recordEvent(trx, e.enrollment_id, 'coverage_changed', detail);
    await repo.writeAudit(trx, who.accountId, 'member.life_event.plan_change', `life_event:${eventId}`, detail);
    if (e.email)
      await deps.mailer.enqueue(trx, {
        kind: LIFE_EVENT_MAIL_KIND,
        to: e.email,
        enrollmentId: e.enrollment_id,
        ...planChangedMail(storedLanguage(e.mail_lang), {
          name: `${e.first_name} ${e.last_name}`,
          oldPlan: old.plan_name,
          newPlan: plan.plan_name,
          endsOn,
          startsOn: effective,
          monthlyCents: rate.price_cents,
        }),
      });
    return {
      from_plan_id: old.plan_id,
      to_plan_id: plan.plan_id,
      plan_name: plan.plan_name,
      tier,
      plan_monthly_cents: rate.price_cents,
      monthly_cents: amounts?.after ?? unchanged?.after ?? listMonthly,
      previous_monthly_cents: amounts?.before ?? unchanged?.before ?? listMonthly,
      adjustment_cents: amounts?.adjustment ?? 0,
      effective_date: effective,
      old_plan_ends_on: endsOn,
      pending_evidence: pending,
      carrier_files: carriers,
    };
  });
  deps.mailer.flushSoon();
  return result;
}
