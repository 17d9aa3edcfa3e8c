import { dateInWords } from '@store/domain/group-home';
import { openEnrollmentPhase, planYearStartAfter } from '@store/domain/renewals';
import { GROUP_REMINDER_KIND, groupLinkAt, INVITATION_KIND, renderGroupMail } from '../group-home/index.ts';
import { storedLanguage } from '../../lib/mail-i18n.ts';
import type { RenewalChangeDeps } from './change-service.ts';
import { planYearChanges } from './open-enrollment-choices.ts';
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
 *   once per policy and date (`renewal_changes`); the earlier coverage of a member who chose is replaced by the choice
 *   (open-enrollment-choices.ts, decision 2720).
 */
export async function openEnrollmentDay(deps: RenewalChangeDeps, trx: repo.Db, today: string) {
  let invited = 0;
  let reminded = 0;
  let lapsed = 0;
  let replaced = 0;
  let merged = 0;
  const groups = await oe.activeOpenEnrollments(trx);
  if (groups.length === 0) return { invited, reminded, lapsed, replaced, merged };
  const origin = await deps.origins.checked(null, trx);
  for (const g of groups) {
    const phase = openEnrollmentPhase(g, today);
    if (phase.open) {
      const link = groupLinkAt(origin, g);
      for (const e of await oe.censusChoices(trx, g.group_id, g.opens_on, g.closes_on)) {
        if (e.chosen) continue;
        const kind = !e.invited ? 'invitation' : phase.remind && !e.reminded ? 'reminder' : null;
        if (!kind || !(await oe.claimMail(trx, e.id, g.opens_on, kind))) continue;
        // The census has no language and a group none either: a member's own mail language, else English.
        const lang = storedLanguage(e.mail_lang);
        const mail = renderGroupMail(lang, kind, { name: e.name, group: g.gname, link, closesOn: dateInWords(g.closes_on, lang) });
        await deps.mailer.enqueue(trx, { kind: kind === 'invitation' ? INVITATION_KIND : GROUP_REMINDER_KIND, to: e.email, ...mail });
        if (kind === 'invitation') invited++;
        else reminded++;
      }
    }
    const planYearStart = planYearStartAfter(g.closes_on);
    if (phase.closed && today >= planYearStart) {
      const done = await planYearChanges(deps, trx, g, planYearStart);
      lapsed += done.lapsed;
      replaced += done.replaced;
      merged += done.merged;
    }
  }
  return { invited, reminded, lapsed, replaced, merged };
}
