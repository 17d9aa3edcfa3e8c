import { addDaysIso } from '@store/domain/dates';
import { planYearStartAfter } from '@store/domain/renewals';
import { stopLaterPayments } from '../billing/index.ts';
import { recordEvent } from '../trail/index.ts';
import * as changes from './change-repository.ts';
import { scheduleMergeRefund } from './merge-refund.ts';
import { queueEndFiles, tell, type RenewalChangeDeps } from './change-service.ts';
import * as oe from './open-enrollment-repository.ts';
import * as repo from './repository.ts';

/**
 * What the plan year's start does to an active open enrollment's members (issue 38, decisions 2660 and 2720), in the
 * renewal day's transaction, once per policy and date (`renewal_changes`' key):
 * - who did not choose: each earlier policy ends on the plan year's last day (`lapsed`);
 * - who chose: each earlier policy of a plan the choice does not keep ends the same way (`replaced`); a choice's
 *   policy of a plan the member already holds is closed before it starts (`merged`), so the earlier policy goes on,
 *   covered and billed once, and the carrier (which knows the member by the same member id) is sent nothing for it.
 * Answers how many earlier policies ended and how many choices merged.
 */
export async function planYearChanges(deps: RenewalChangeDeps, trx: repo.Db, g: oe.ActiveOpenEnrollment, planYearStart: string) {
  const args = [g.group_id, g.opens_on, g.closes_on, planYearStart] as const;
  const period = { groupId: g.group_id, opensOn: g.opens_on, closesOn: g.closes_on, planYearStart };
  const lapsed = await endEach(deps, trx, g, planYearStart, 'lapsed', () => oe.earlierPolicies(trx, 'unchosen', period));
  const replaced = await endEach(deps, trx, g, planYearStart, 'replaced', () => oe.earlierPolicies(trx, 'replaced', period));
  let merged = 0;
  for (;;) {
    const list = await oe.duplicateChoices(trx, ...args);
    let claimed = 0;
    for (const d of list) {
      if (!(await changes.claimChange(trx, d.policy_id, planYearStart, 'merged'))) continue;
      claimed++;
      await mergeDuplicate(deps, trx, g, d, planYearStart);
    }
    merged += claimed;
    if (list.length < 200 || claimed === 0) return { lapsed, replaced, merged };
  }
}

/**
 * The carrier approved an open enrollment choice's policy that awaits evidence (decision 2720, amended): each earlier
 * policy of its category the choice replaces, kept running until now, ends the day before the approved plan starts
 * (not before the plan year's last day) as the plan year's start ends it for a choice that needs no evidence: 024,
 * later payments stopped, the trail and the mail; once per policy and plan year (`renewal_changes`). Answers how many.
 */
export async function replaceOnApproval(deps: RenewalChangeDeps, trx: repo.Db, policyId: number, startsOn: string) {
  let done = 0;
  for (const c of await oe.replacedOnApproval(trx, policyId)) {
    const planYearStart = planYearStartAfter(c.closes_on);
    if (!(await changes.claimChange(trx, c.policy_id, planYearStart, 'replaced'))) continue;
    const from = startsOn > planYearStart ? startsOn : planYearStart;
    const g = { group_id: c.group_id, closes_on: c.closes_on };
    await endOne(deps, trx, g, { ...c, starts_on: planYearStart }, addDaysIso(from, -1), 'replaced', { after_evidence: true });
    done++;
  }
  return done;
}

/** Ends one policy on `endsOn`: 024 to its carrier, later payments stopped, the trail, the audit row and the mail. */
async function endOne(
  deps: RenewalChangeDeps,
  trx: repo.Db,
  g: Pick<oe.ActiveOpenEnrollment, 'group_id' | 'closes_on'>,
  c: changes.DueChange,
  endsOn: string,
  action: 'lapsed' | 'replaced',
  extra: Record<string, unknown> = {},
) {
  await changes.endPolicy(trx, c.policy_id, endsOn);
  const payments = c.enrollment_id ? await stopLaterPayments(trx, c.enrollment_id, [c.plan_id], endsOn) : null;
  const carriers = await queueEndFiles(deps, trx, c, endsOn);
  const kind = action === 'lapsed' ? 'open_enrollment_lapse' : 'open_enrollment_replaced';
  const detail = { kind, group_id: g.group_id, plan_id: c.plan_id, ends_on: endsOn, carriers, payments, ...extra };
  await tell(deps, trx, c, action, detail, g.closes_on, endsOn);
}

/** Ends each listed policy on the plan year's last day: 024 to its carrier, later payments stopped, trail, mail. */
async function endEach(
  deps: RenewalChangeDeps,
  trx: repo.Db,
  g: oe.ActiveOpenEnrollment,
  planYearStart: string,
  action: 'lapsed' | 'replaced',
  list: () => Promise<changes.DueChange[]>,
) {
  let done = 0;
  const endsOn = addDaysIso(planYearStart, -1);
  for (;;) {
    const due = await list();
    let claimed = 0;
    for (const c of due) {
      if (!(await changes.claimChange(trx, c.policy_id, planYearStart, action))) continue;
      claimed++;
      await endOne(deps, trx, g, c, endsOn, action);
    }
    done += claimed;
    if (due.length < 200 || claimed === 0) return done;
  }
}

/**
 * A choice's policy of a plan the member holds already: it ends the day before the plan year (before it began; the
 * billing run leaves an ended policy's line out, and payments not collected yet lose its amount, the first one's too),
 * and the earlier policy goes on. The trail and an audit row say so; no mail (the member's coverage does not change).
 * The plan's month in the choice's first payment, collected already, is given back once the merge committed
 * (merge-refund.ts, decision 2870).
 */
async function mergeDuplicate(
  deps: RenewalChangeDeps,
  trx: repo.Db,
  g: oe.ActiveOpenEnrollment,
  d: oe.DuplicateChoice,
  planYearStart: string,
) {
  const endsOn = addDaysIso(planYearStart, -1);
  await changes.setNewPolicy(trx, d.policy_id, planYearStart, d.kept_policy_id);
  await changes.endPolicy(trx, d.policy_id, endsOn);
  const payments = await stopLaterPayments(trx, d.enrollment_id, [d.plan_id], endsOn);
  const detail = {
    kind: 'open_enrollment_kept',
    group_id: g.group_id,
    plan_id: d.plan_id,
    kept_policy_id: d.kept_policy_id,
    choice_starts_on: d.effective_date,
    payments,
  };
  await recordEvent(trx, d.enrollment_id, 'coverage_changed', detail);
  await repo.writeAudit(trx, null, 'renewal.merged', `policy:${d.policy_id}`, detail);
  await scheduleMergeRefund(deps, trx, { enrollmentId: d.enrollment_id, policyId: d.policy_id, planId: d.plan_id });
}
