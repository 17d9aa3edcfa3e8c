import { addDaysIso } from '@store/domain/dates';
import { dateInWords } from '@store/domain/group-home';
import { openEnrollmentPhase, planYearStartAfter } from '@store/domain/renewals';
import { stopLaterPayments } from '../billing/index.ts';
import { queueCarrierFiles, RENEWAL_END_REASON } from '../carriers/index.ts';
import { GROUP_REMINDER_KIND, groupLinkAt, INVITATION_KIND, renderGroupMail } from '../group-home/index.ts';
import * as changes from './change-repository.ts';
import { tell, type RenewalChangeDeps } from './change-service.ts';
import * as oe from './open-enrollment-repository.ts';
import type * as repo from './repository.ts';

/**
 * An active open enrollment's effect on `today` (issue 38, decision 2660), in the renewal day's transaction. For each
 * group whose open enrollment is 'active' (a passive one rolls over: nothing here acts on it):
 * - while it is open, each census employee who has not chosen is mailed the invitation (the group's enrollment link),
 *   and from `open_enrollment_reminder_days` before its close a reminder, each once per employee and period
 *   (`open_enrollment_mails`' key);
 * - from the next plan year's start (1 January after the close), the coverage of a member enrolled before it who did
 *   not choose within it ends on the plan year's last day: 024 to the carriers, billing stops, the trail, the mail;
 *   once per policy and date (`renewal_changes`).
 */
export async function openEnrollmentDay(deps: RenewalChangeDeps, trx: repo.Db, today: string) {
  let invited = 0;
  let reminded = 0;
  let lapsed = 0;
  const groups = await oe.activeOpenEnrollments(trx);
  if (groups.length === 0) return { invited, reminded, lapsed };
  const origin = await deps.origins.checked(null, trx);
  for (const g of groups) {
    const phase = openEnrollmentPhase(g, today);
    if (phase.open) {
      const link = groupLinkAt(origin, g);
      for (const e of await oe.censusChoices(trx, g.group_id, g.opens_on, g.closes_on)) {
        if (e.chosen) continue;
        const kind = !e.invited ? 'invitation' : phase.remind && !e.reminded ? 'reminder' : null;
        if (!kind || !(await oe.claimMail(trx, e.id, g.opens_on, kind))) continue;
        const mail = renderGroupMail('en', kind, { name: e.name, group: g.gname, link, closesOn: dateInWords(g.closes_on, 'en') });
        await deps.mailer.enqueue(trx, { kind: kind === 'invitation' ? INVITATION_KIND : GROUP_REMINDER_KIND, to: e.email, ...mail });
        if (kind === 'invitation') invited++;
        else reminded++;
      }
    }
    const planYearStart = planYearStartAfter(g.closes_on);
    if (phase.closed && today >= planYearStart) lapsed += await lapseUnchosen(deps, trx, g, planYearStart);
  }
  return { invited, reminded, lapsed };
}

async function lapseUnchosen(deps: RenewalChangeDeps, trx: repo.Db, g: oe.ActiveOpenEnrollment, planYearStart: string) {
  let done = 0;
  for (;;) {
    const list = await oe.lapsingPolicies(trx, g.group_id, g.opens_on, g.closes_on, planYearStart);
    let claimed = 0;
    for (const c of list) {
      if (!(await changes.claimChange(trx, c.policy_id, planYearStart, 'lapsed'))) continue;
      claimed++;
      const endsOn = addDaysIso(planYearStart, -1);
      await changes.endPolicy(trx, c.policy_id, endsOn);
      const payments = c.enrollment_id ? await stopLaterPayments(trx, c.enrollment_id, [c.plan_id], endsOn) : null;
      const carriers = c.enrollment_id
        ? await queueCarrierFiles(deps, trx, c.enrollment_id, {
            maintenance: '024',
            reason: RENEWAL_END_REASON,
            effectiveDate: endsOn,
            planId: c.plan_id,
          })
        : 0;
      const detail = { kind: 'open_enrollment_lapse', group_id: g.group_id, plan_id: c.plan_id, ends_on: endsOn, carriers, payments };
      await tell(deps, trx, c, 'lapsed', detail, g.closes_on);
    }
    done += claimed;
    if (list.length < 200 || claimed === 0) return done;
  }
}
