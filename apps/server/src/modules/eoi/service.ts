import {
  approvedCoverageStart,
  EOI_TEXT,
  EOI_WAITING,
  type TEoiCase,
  type TEoiDecisionRequest,
  type TEoiOverview,
} from '@store/domain/coverage-changes';
import { ZEoiDecisionRequest } from '@store/domain/coverage-changes';
import { todayIso } from '@store/domain/dates';
import { HttpError, notFound } from '../../lib/errors.ts';
import { storedLanguage } from '../../lib/mail-i18n.ts';
import type { Deps } from '../../lib/deps.ts';
import { queueCarrierFiles, isoDate, lifeEventReason } from '../carriers/index.ts';
import { changeMonthlyAmount } from '../billing/index.ts';
import { followMemberships, replaceOnApproval } from '../renewals/index.ts';
import { replacedPlanEnd } from '@store/domain/life-event-plans';
import { includedAdminFeeCents } from '@store/domain/charges';
import { recordEvent } from '../trail/index.ts';
import { decisionMail } from './mail.ts';
import * as repo from './repository.ts';

export const EOI_MAIL_KIND = 'eoi-decision';

const asCase = (r: repo.EoiCaseRow): TEoiCase => ({
  policy_id: r.policy_id,
  plan_id: r.plan_id,
  plan_name: r.plan_name,
  member_name: `${r.first_name} ${r.last_name}`,
  enrollment_id: r.enrollment_id,
  confirmation_number: r.confirmation_number,
  eoi_status: r.eoi_status!,
  eoi_reference: r.eoi_reference,
  eoi_reason: r.eoi_reason,
  effective_date: isoDate(r.effective_date),
  completed_at: r.completed_at ? new Date(r.completed_at).toISOString() : null,
});

/** The console's page: the cases (waiting ones first) and which plans need evidence. */
export async function eoiOverview(db: repo.Db): Promise<TEoiOverview> {
  const [cases, plans] = await Promise.all([repo.listCases(db), repo.listPlanSettings(db)]);
  return { cases: cases.map(asCase), plans };
}

/** The operator's setting of a plan: whether its enrollments wait for evidence of insurability. Audited. */
export async function setPlanEvidence(db: repo.Db, accountId: number | null, planId: number, needs: boolean) {
  return db.transaction().execute(async (trx) => {
    const row = await repo.setNeedsEvidence(trx, planId, needs);
    if (!row) throw notFound('Plan not found');
    await repo.writeAudit(trx, accountId, 'plan.needs_evidence', `plan:${planId}`, { needs_evidence: needs });
    return row;
  });
}

/**
 * The carrier's decision, recorded by the operator, in one transaction: approved starts the coverage on the first of
 * the next month, its billing (the billing run charges it from then on) and its 834 addition (INS03 021, the one
 * plan); declined ends the policy; more information keeps it waiting. The membership added with the plan follows it.
 * The member is mailed the decision (a decline says why and what the person may do); audited, and on the trail.
 */
export async function recordDecision(
  deps: Deps,
  accountId: number | null,
  policyId: number,
  input: TEoiDecisionRequest,
  today: string = todayIso(),
): Promise<TEoiCase> {
  const body = ZEoiDecisionRequest.parse(input);
  const result = await deps.db.transaction().execute(async (trx) => {
    const c = await repo.lockCase(trx, policyId);
    if (!c || !c.enrollment_id) throw notFound();
    if (!EOI_WAITING.includes(c.eoi_status!)) throw new HttpError(409, EOI_TEXT.NOT_PENDING);
    const followers = await repo.followersOf(trx, c.enrollment_id, c.plan_id);
    const ids = [c.policy_id, ...followers.map((f) => f.policy_id)];
    const startsOn = body.decision === 'approved' ? approvedCoverageStart(today, isoDate(c.effective_date)) : null;
    await repo.decide(trx, ids, {
      eoi_status: body.decision,
      eoi_reference: body.reference,
      eoi_reason: body.reason || null,
      eoi_decided_by: accountId,
      ...(startsOn ? { effective_date: startsOn } : {}),
      ...(body.decision === 'declined' ? { status: 'INACTIVE' as const } : {}),
    });
    let carriers = 0;
    // Approved: the carrier now gets its addition of the plan (and of the membership added with it), one item each.
    if (startsOn)
      for (const planId of [c.plan_id, ...followers.map((f) => f.plan_id)])
        carriers += await queueCarrierFiles(deps, trx, c.enrollment_id, { maintenance: '021', effectiveDate: startsOn, planId });
    // A life event's change of plan (decision 2650): the plan it replaces ends the day before, its carrier is told, and
    // the billing moves to the new plan's price (from the first of a month: nothing to prorate).
    const replaced = startsOn ? await repo.replacedBy(trx, c.policy_id) : undefined;
    let memberships: Awaited<ReturnType<typeof followMemberships>> | null = null;
    if (startsOn && replaced) {
      const endsOn = replacedPlanEnd(startsOn, isoDate(replaced.effective_date));
      // The 834's INS04 names the life event the change was made in, as a change that needs no evidence does.
      const reason = replaced.event_type ? lifeEventReason(replaced.event_type) : undefined;
      await repo.endReplaced(trx, replaced.policy_id, endsOn);
      carriers += await queueCarrierFiles(deps, trx, c.enrollment_id, {
        maintenance: '024',
        reason,
        effectiveDate: endsOn,
        planId: replaced.plan_id,
      });
      await changeMonthlyAmount(
        trx,
        c.enrollment_id,
        (lines) =>
          lines.map((l) =>
            l.plan_id === replaced.plan_id
              ? {
                  ...l,
                  plan_id: replaced.new_plan_id,
                  label: c.plan_name,
                  monthly_cents: replaced.new_price_cents,
                  admin_fee_cents: l.admin_fee_cents > 0 ? includedAdminFeeCents(replaced.new_price_cents) : 0,
                }
              : l,
          ),
        () => ({ period: startsOn.slice(0, 7), cents: 0, key: `eoi:${c.policy_id}:replaces`, reason: 'life_event' }),
      );
      // The association's membership follows the change when the approved plan starts (decision 2721).
      memberships = await followMemberships(deps, trx, {
        enrollmentId: c.enrollment_id,
        userId: replaced.user_id,
        tier: replaced.tier,
        fromPlanId: replaced.plan_id,
        toPlanId: c.plan_id,
        startsOn,
        endsOn,
        reason: reason ?? '',
      });
    }
    // An open enrollment's choice (decision 2720): the earlier coverage it replaces ran on while the carrier decided.
    const replacedEarlier = startsOn && !replaced ? await replaceOnApproval(deps, trx, c.policy_id, startsOn) : 0;
    const detail = {
      kind: 'eoi',
      decision: body.decision,
      plan_id: c.plan_id,
      reference: body.reference,
      starts_on: startsOn,
      carriers,
      ...(replaced ? { replaced_plan_id: replaced.plan_id, memberships } : {}),
      ...(replacedEarlier ? { replaced_earlier: replacedEarlier } : {}),
    };
    await recordEvent(trx, c.enrollment_id, 'coverage_changed', detail);
    await repo.writeAudit(trx, accountId, 'policy.eoi_decision', `policy:${c.policy_id}`, detail);
    if (c.email) {
      const mail = decisionMail(storedLanguage(c.mail_lang), {
        decision: body.decision,
        name: `${c.first_name} ${c.last_name}`,
        plan: c.plan_name,
        reason: body.reason,
        reference: body.reference,
        startsOn,
      });
      await deps.mailer.enqueue(trx, { kind: EOI_MAIL_KIND, to: c.email, enrollmentId: c.enrollment_id, ...mail });
    }
    return asCase((await repo.findCase(trx, c.policy_id))!);
  });
  deps.mailer.flushSoon();
  return result;
}
