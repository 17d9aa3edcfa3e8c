import { MEMBERSHIP_FEE_CENTS, MEMBERSHIP_LINE_LABEL } from '@store/domain/charges';
import type { BillingLine } from '../../db/schema.ts';
import { changeMonthlyAmount } from '../billing/index.ts';
import { queueCarrierFiles } from '../carriers/index.ts';
import type { RenewalChangeDeps } from './change-service.ts';
import { endPolicy } from './change-repository.ts';
import * as m from './membership-repository.ts';
import type { Db } from './repository.ts';

/** The store's own membership line (charges.ts): a cart without a membership plan pays the association's fee. */
const FEE_LINE: BillingLine = {
  kind: 'membership',
  plan_id: null,
  label: MEMBERSHIP_LINE_LABEL,
  monthly_cents: MEMBERSHIP_FEE_CENTS,
  admin_fee_cents: 0,
};

export interface MembershipMove {
  enrollmentId: string;
  userId: number;
  tier: string;
  /** The plan that was replaced (its policy already ended) and the one that replaced it (its policy already inserted). */
  fromPlanId: number;
  toPlanId: number;
  /** The new plan's first day and the old plan's last. */
  startsOn: string;
  endsOn: string;
  /** The 834's INS04 for the membership's carrier. */
  reason: string;
}

/**
 * Memberships follow a change of plan (issue 38, decision 2721), in the change's transaction, after the old policy ended
 * and the new one was inserted: while a plan in force needs a membership (Prudential-type), the membership held stays
 * and is tied to it (`cart_items.parent_plan_id`); when none does any more, the membership's policy ends with the old
 * plan (its 024) and its billing line becomes the store's membership fee line, as a cart without a membership plan
 * has; when the new plan needs one and none is held, the membership plan is added from the new plan's start (policy,
 * cart row, its 021) and its line takes the fee line's place. Answers what it did.
 */
export async function followMemberships(deps: RenewalChangeDeps, trx: Db, c: MembershipMove) {
  const held = await m.heldMemberships(trx, c.enrollmentId);
  const needing = await m.plansNeedingMembership(trx, c.enrollmentId);
  const anchor = needing.includes(c.toPlanId) ? c.toPlanId : needing[0];
  // The memberships added with the old plan follow it; one held otherwise stays as it is.
  const withOld = held.filter((h) => h.parent_plan_id === c.fromPlanId);
  if (withOld.length > 0 && anchor !== undefined) {
    for (const h of withOld) await m.setParentPlan(trx, c.enrollmentId, h.plan_id, anchor);
    return { kept: withOld.map((h) => h.plan_id), ended: [], added: null };
  }
  if (withOld.length > 0) {
    for (const h of withOld) {
      await endPolicy(trx, h.policy_id, c.endsOn);
      await queueCarrierFiles(deps, trx, c.enrollmentId, {
        maintenance: '024',
        reason: c.reason,
        effectiveDate: c.endsOn,
        planId: h.plan_id,
      });
    }
    const ended = withOld.map((h) => h.plan_id);
    await reline(trx, c, (lines) => {
      const rest = lines.filter((l) => l.plan_id === null || !ended.includes(l.plan_id));
      return rest.some((l) => l.kind === 'membership') ? rest : [...rest, FEE_LINE];
    });
    return { kept: [], ended, added: null };
  }
  if (held.length > 0 || anchor === undefined) return { kept: [], ended: [], added: null };
  const plan = await m.membershipPlanFor(trx, c.tier);
  if (!plan) return { kept: [], ended: [], added: null };
  await m.addMembership(trx, {
    enrollment_id: c.enrollmentId,
    user_id: c.userId,
    tier: c.tier,
    plan_id: plan.plan_id,
    plan_pricing_id: plan.plan_pricing_id,
    price_cents: plan.price_cents,
    parent_plan_id: anchor,
    starts_on: c.startsOn,
  });
  await reline(trx, c, (lines) => [
    ...lines.filter((l) => !(l.kind === 'membership' && l.plan_id === null)),
    { kind: 'membership', plan_id: plan.plan_id, label: plan.plan_name, monthly_cents: plan.price_cents, admin_fee_cents: 0 },
  ]);
  await queueCarrierFiles(deps, trx, c.enrollmentId, {
    maintenance: '021',
    reason: c.reason,
    effectiveDate: c.startsOn,
    planId: plan.plan_id,
  });
  return { kept: [], ended: [], added: plan.plan_id };
}

/** The billing record's membership line changes from the next bill day (no prorated amount: decision 2721). */
const reline = (trx: Db, c: MembershipMove, fn: (lines: BillingLine[]) => BillingLine[]) =>
  changeMonthlyAmount(trx, c.enrollmentId, fn, () => ({
    period: c.startsOn.slice(0, 7),
    cents: 0,
    key: `membership:${c.enrollmentId}:${c.fromPlanId}:${c.toPlanId}:${c.startsOn}`,
    reason: 'membership',
  }));
