import { expect, it } from 'vitest';
import { addDaysIso, isoToUs } from '@store/domain/dates';
import { firstOfNextMonth } from '@store/domain/coverage-changes';
import { describeEachDb } from '../helpers/store.ts';
import { runRenewalDay } from '../../src/modules/renewals/index.ts';
import { recordDecision } from '../../src/modules/eoi/index.ts';
import { RENEWAL_CHANGE_MAIL_KIND } from '../../src/modules/renewals/change-mail.ts';
import { billableEnrollments } from '../../src/modules/billing/repository.ts';
import { itemsOf, mailsOf, PLAN_IDS, policiesOf } from './helpers.ts';
import { ACME, choose, closesOn, employee, opensOn, planYearEnd, planYearStart } from './open-enrollment-helpers.ts';

/**
 * Issue 38 (decision 2720, amended): an open enrollment's choice whose new plan awaits evidence of insurability does
 * not end the earlier policy of its category at the plan year's start: it keeps running and billing until the carrier
 * approves; the approval ends it (024, later payments stopped, the mail) the day before the approved plan starts; a
 * decline leaves it as it is.
 */
describeEachDb("an open enrollment's choice awaiting evidence", (ctx) => {
  it('keeps the earlier policy until the approval, and for good after a decline', async () => {
    const ts = ctx();
    const pat = await employee(ts, 'Pat Evidence');
    const sam = await employee(ts, 'Sam Declined');
    await ts.db
      .updateTable('groups')
      .set({ open_enrollment: 'active', enrollment_opens_on: opensOn, enrollment_closes_on: closesOn })
      .where('group_id', '=', ACME)
      .execute();
    await ts.db.updateTable('plans').set({ needs_evidence: true }).where('plan_id', '=', PLAN_IDS.dentalPreferredPlus).execute();
    const patChose = await choose(ts, pat, [PLAN_IDS.dentalPreferredPlus]);
    const samChose = await choose(ts, sam, [PLAN_IDS.dentalPreferredPlus]);
    const [patNew] = await policiesOf(ts, patChose);
    const [samNew] = await policiesOf(ts, samChose);
    expect([patNew.eoi_status, samNew.eoi_status]).toEqual(['pending', 'pending']);

    // The carrier declines Sam's before the plan year.
    await recordDecision(ts.app, null, samNew.policy_id, { decision: 'declined', reference: 'NLC-1', reason: 'Medical history' }, opensOn);

    // The plan year starts: both earlier policies go on (no 024, no mail) and are billed.
    expect((await runRenewalDay(ts.app, ts.db, planYearStart)).openEnrollment.replaced).toBe(0);
    for (const who of [pat, sam]) {
      expect((await policiesOf(ts, who.id)).map((p) => p.ends_on)).toEqual([null]);
      expect((await itemsOf(ts, who.id)).filter((i) => i[1] === '024')).toEqual([]);
      expect(await mailsOf(ts, who.id, RENEWAL_CHANGE_MAIL_KIND)).toHaveLength(0);
    }
    const billed = (await billableEnrollments(ts.db, '', 10_000)).map((b) => b.enrollment_id);
    expect(billed).toEqual(expect.arrayContaining([pat.id, sam.id]));

    // The carrier approves Pat's in the plan year: the earlier policy ends the day before the approved plan starts.
    const decidedOn = addDaysIso(planYearStart, 10);
    const startsOn = firstOfNextMonth(decidedOn);
    const endsOn = addDaysIso(startsOn, -1);
    await recordDecision(ts.app, null, patNew.policy_id, { decision: 'approved', reference: 'NLC-2' }, decidedOn);
    expect((await policiesOf(ts, pat.id)).map((p) => p.ends_on)).toEqual([endsOn]);
    expect((await policiesOf(ts, patChose)).map((p) => [p.eoi_status, p.effective_date, p.ends_on])).toEqual([
      ['approved', startsOn, null],
    ]);
    expect((await itemsOf(ts, pat.id)).filter((i) => i[1] === '024').map((i) => i[2])).toEqual([PLAN_IDS.dentalEssentials]);
    const mails = await mailsOf(ts, pat.id, RENEWAL_CHANGE_MAIL_KIND);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(
      `You chose your benefits for the plan year starting ${isoToUs(planYearStart)}. Dental Essentials is not part of your choice, so it ended on ${isoToUs(endsOn)}.`,
    );
    expect((await billableEnrollments(ts.db, '', 10_000)).map((b) => b.enrollment_id)).not.toContain(pat.id);

    // Later renewal days change nothing more; Sam's earlier policy still runs.
    expect((await runRenewalDay(ts.app, ts.db, addDaysIso(decidedOn, 1))).openEnrollment.replaced).toBe(0);
    expect((await policiesOf(ts, pat.id)).map((p) => p.ends_on)).toEqual([endsOn]);
    expect((await policiesOf(ts, sam.id)).map((p) => p.ends_on)).toEqual([null]);
    expect(planYearEnd < endsOn).toBe(true);
  });

  it('starts a plan approved during the open enrollment at the plan year, not the month after the approval', async () => {
    const ts = ctx();
    const kim = await employee(ts, 'Kim Early');
    await ts.db
      .updateTable('groups')
      .set({ open_enrollment: 'active', enrollment_opens_on: opensOn, enrollment_closes_on: closesOn })
      .where('group_id', '=', ACME)
      .execute();
    await ts.db.updateTable('plans').set({ needs_evidence: true }).where('plan_id', '=', PLAN_IDS.dentalPreferredPlus).execute();
    const chose = await choose(ts, kim, [PLAN_IDS.dentalPreferredPlus]);
    const [chosen] = await policiesOf(ts, chose);
    expect(chosen.effective_date).toBe(planYearStart);
    // The carrier approves more than a month before the plan year: the first of the next month would start the plan, and
    // bill it, beside the earlier policy that runs to the plan year's end.
    const decidedOn = addDaysIso(planYearStart, -45);
    expect(firstOfNextMonth(decidedOn) < planYearStart).toBe(true);
    await recordDecision(ts.app, null, chosen.policy_id, { decision: 'approved', reference: 'NLC-3' }, decidedOn);
    expect((await policiesOf(ts, chose)).map((p) => [p.eoi_status, p.effective_date])).toEqual([['approved', planYearStart]]);
    // The earlier policy ends on the plan year's last day, not before: no month paid twice, none uncovered.
    expect((await policiesOf(ts, kim.id)).map((p) => p.ends_on)).toEqual([planYearEnd]);
  });
});
