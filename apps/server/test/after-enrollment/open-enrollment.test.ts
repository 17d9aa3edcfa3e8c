import { expect, it } from 'vitest';
import { addDaysIso, isoToUs } from '@store/domain/dates';
import { dateInWords } from '@store/domain/group-home';
import { describeEachDb, type TestStore } from '../helpers/store.ts';
import { DEMO } from '../helpers/client.ts';
import { carrierFileContext } from '../../src/db/sealed-columns.ts';
import { runRenewalDay } from '../../src/modules/renewals/index.ts';
import { RENEWAL_CHANGE_MAIL_KIND } from '../../src/modules/renewals/change-mail.ts';
import { GROUP_REMINDER_KIND, INVITATION_KIND } from '../../src/modules/group-home/invitation-mail.ts';
import { openedMail } from '../helpers/mail.ts';
import { readIndependently, translatorProblems } from '../carriers/x12-rules.ts';
import { billableEnrollments } from '../../src/modules/billing/repository.ts';
import { itemsOf, mailsOf, operatorClient, PLAN_IDS, policiesOf } from './helpers.ts';
import { ACME, choose, closesOn, employee, opensOn, planYearEnd, planYearStart } from './open-enrollment-helpers.ts';

const NOTHING = { invited: 0, reminded: 0, lapsed: 0, replaced: 0, merged: 0 };

const outboxTo = async (ts: TestStore, email: string, kind: string) =>
  (await ts.db.selectFrom('outbox').selectAll().where('to_address', '=', email).where('kind', '=', kind).execute()).map((m) =>
    openedMail(ts, m),
  );

/**
 * Issue 38 (decision 2660): a group's open enrollment. Passive: coverage rolls over, nobody is invited. Active: the
 * census is invited when it opens and reminded before it closes (once each per employee and period); the group
 * administrator's home shows who has chosen; an employee who did not choose has coverage end at the plan year's end
 * (834 024 read back by x12-parser), the trail and a mail say so, and a chooser's coverage stays.
 */
describeEachDb("an open enrollment's effect", (ctx) => {
  it('passive rolls over; active invites, reminds once, shows who chose, and ends the coverage of who did not', async () => {
    const ts = ctx();
    const pat = await employee(ts, 'Pat Chooser');
    const sam = await employee(ts, 'Sam Waiting');
    const kim = await employee(ts, 'Kim Keeper');
    await ts.db.updateTable('enrollments').set({ mail_lang: 'es' }).where('id', '=', sam.id).execute();
    await ts.db
      .insertInto('group_employees')
      .values({ group_id: ACME, name: 'Casey Census', email: `casey.${Date.now()}@example.org`, dob: '1990-01-01' })
      .execute();
    await ts.db
      .updateTable('groups')
      .set({ enrollment_opens_on: opensOn, enrollment_closes_on: closesOn, open_enrollment_reminder_days: 5 })
      .where('group_id', '=', ACME)
      .execute();

    // Passive (the default): nobody is invited, nothing ends.
    expect((await runRenewalDay(ts.app, ts.db, opensOn)).openEnrollment).toEqual(NOTHING);
    expect((await runRenewalDay(ts.app, ts.db, planYearStart)).openEnrollment.lapsed).toBe(0);
    expect((await policiesOf(ts, sam.id)).map((p) => p.ends_on)).toEqual([null]);

    const op = await operatorClient(ts);
    expect((await op.put(`/api/admin/groups/${ACME}/open-enrollment`, { open_enrollment: 'active' })).status).toBe(200);

    // It opens: each census employee invited once, with the group's enrollment link.
    const opened = await runRenewalDay(ts.app, ts.db, opensOn);
    expect(opened.openEnrollment.invited).toBeGreaterThanOrEqual(4);
    expect((await runRenewalDay(ts.app, ts.db, opensOn)).openEnrollment).toEqual(NOTHING);
    const invitations = await outboxTo(ts, pat.email, INVITATION_KIND);
    expect(invitations).toHaveLength(1);
    expect(invitations[0].text).toMatch(/Start your enrollment: http\S+/);
    // Sam enrolled in Spanish: the invitation is in Spanish (the census has no language; the member's mail language).
    const spanish = await outboxTo(ts, sam.email, INVITATION_KIND);
    expect(spanish).toHaveLength(1);
    expect(spanish[0].text).toContain('Estimado(a) Sam Waiting:');
    expect(spanish[0].text).toContain('Acme');
    expect(spanish[0].text).toContain(' le invita a elegir sus beneficios.');
    expect(spanish[0].text).toMatch(/Comience su inscripción: http\S+/);
    expect(spanish[0].text).toContain(`La inscripción está abierta hasta el ${dateInWords(closesOn, 'es')}.`);
    // Not yet the reminders' time.
    expect((await runRenewalDay(ts.app, ts.db, addDaysIso(closesOn, -6))).openEnrollment.reminded).toBe(0);

    // Pat chooses another plan (an enrollment of the group completed within the open enrollment); Kim chooses the plan
    // she holds again, with another.
    const chose = await choose(ts, pat, [PLAN_IDS.dentalPreferredPlus]);
    const kimChose = await choose(ts, kim, [PLAN_IDS.dentalEssentials, PLAN_IDS.visionClear]);

    // Five days before the close: a reminder to who has not chosen, once.
    const remindDay = addDaysIso(closesOn, -5);
    const r = await runRenewalDay(ts.app, ts.db, remindDay);
    expect(r.openEnrollment.reminded).toBeGreaterThanOrEqual(2);
    expect(await outboxTo(ts, kim.email, GROUP_REMINDER_KIND)).toHaveLength(0);
    expect((await runRenewalDay(ts.app, ts.db, remindDay)).openEnrollment.reminded).toBe(0);
    const samReminders = await outboxTo(ts, sam.email, GROUP_REMINDER_KIND);
    expect(samReminders).toHaveLength(1);
    expect(samReminders[0].text).toContain('Aún no ha terminado de elegir sus beneficios de ');
    expect(await outboxTo(ts, pat.email, GROUP_REMINDER_KIND)).toHaveLength(0);

    // The group administrator's home: who has chosen and who has not.
    const admin = ts.client();
    await admin.signIn(DEMO.group.email, DEMO.group.password);
    const home = (await admin.get('/api/v1/group-home')).body.data;
    expect(home.open_enrollment).toMatchObject({ opens_on: opensOn, closes_on: closesOn });
    expect(home.open_enrollment.chosen).toContain('Pat Chooser');
    expect(home.open_enrollment.not_chosen).toEqual(expect.arrayContaining(['Sam Waiting', 'Casey Census']));
    expect(home.open_enrollment.not_chosen).not.toContain('Pat Chooser');

    // The plan year ends: Sam's coverage ends on its last day; Pat's new choice stays. Once.
    expect((await runRenewalDay(ts.app, ts.db, addDaysIso(planYearStart, -1))).openEnrollment.lapsed).toBe(0);
    const yearDay = (await runRenewalDay(ts.app, ts.db, planYearStart)).openEnrollment;
    expect(yearDay.lapsed).toBeGreaterThanOrEqual(1);
    expect(yearDay.replaced).toBeGreaterThanOrEqual(1);
    expect(yearDay.merged).toBeGreaterThanOrEqual(1);
    expect((await runRenewalDay(ts.app, ts.db, planYearStart)).openEnrollment).toEqual(NOTHING);
    expect((await policiesOf(ts, sam.id)).map((p) => p.ends_on)).toEqual([planYearEnd]);
    // Pat's choice replaces the earlier coverage: it ends on the plan year's last day, the choice starts the next.
    expect((await policiesOf(ts, pat.id)).map((p) => p.ends_on)).toEqual([planYearEnd]);
    expect((await policiesOf(ts, chose)).map((p) => [p.effective_date, p.ends_on])).toEqual([[planYearStart, null]]);
    const replacedMails = await mailsOf(ts, pat.id, RENEWAL_CHANGE_MAIL_KIND);
    expect(replacedMails).toHaveLength(1);
    expect(replacedMails[0].text).toContain(
      `You chose your benefits for the plan year starting ${isoToUs(planYearStart)}. Dental Essentials is not part of your choice, so it ended on ${isoToUs(planYearEnd)}.`,
    );
    expect((await itemsOf(ts, pat.id)).filter((i) => i[1] === '024').map((i) => i[2])).toEqual([PLAN_IDS.dentalEssentials]);

    // Kim kept Dental Essentials: the earlier policy goes on (no 024, no mail); the choice's duplicate closes before
    // it starts, so the plan is billed once (by the earlier enrollment); Vision Clear of the choice starts.
    expect((await policiesOf(ts, kim.id)).map((p) => p.ends_on)).toEqual([null]);
    expect(await mailsOf(ts, kim.id, RENEWAL_CHANGE_MAIL_KIND)).toHaveLength(0);
    expect((await itemsOf(ts, kim.id)).filter((i) => i[1] === '024')).toEqual([]);
    const kimNow = await policiesOf(ts, kimChose);
    expect(kimNow.find((p) => p.plan_id === PLAN_IDS.dentalEssentials)?.ends_on).toBe(planYearEnd);
    expect(kimNow.find((p) => p.plan_id === PLAN_IDS.visionClear)?.ends_on).toBeNull();
    const billed = await billableEnrollments(ts.db, '', 10_000);
    const kimEarlier = billed.find((b) => b.enrollment_id === kim.id);
    const kimChoice = billed.find((b) => b.enrollment_id === kimChose);
    const record = async (id: string) => {
      const b = await ts.db
        .selectFrom('billing_records')
        .select(['lines', 'recurring_cents'])
        .where('enrollment_id', '=', id)
        .executeTakeFirstOrThrow();
      const lines = (typeof b.lines === 'string' ? JSON.parse(b.lines) : b.lines) as { plan_id: number; monthly_cents: number }[];
      return { recurring: b.recurring_cents, dental: lines.find((l) => l.plan_id === PLAN_IDS.dentalEssentials)!.monthly_cents };
    };
    expect(kimEarlier?.recurring_cents).toBe((await record(kim.id)).recurring);
    const choiceRecord = await record(kimChose);
    expect(kimChoice?.recurring_cents).toBe(choiceRecord.recurring - choiceRecord.dental);
    expect(billed.find((b) => b.enrollment_id === pat.id)).toBeUndefined();

    const f = await ts.db
      .selectFrom('carrier_file_items as i')
      .innerJoin('carrier_files as f', 'f.id', 'i.file_id')
      .select(['f.id', 'f.content_enc'])
      .where('i.enrollment_id', '=', sam.id)
      .where('i.maintenance', '=', '024')
      .executeTakeFirstOrThrow();
    const segs = await readIndependently(ts.app.sealer.open(f.content_enc, carrierFileContext(f.id)));
    expect(translatorProblems(segs)).toEqual([]);
    const d8 = planYearEnd.replaceAll('-', '');
    expect(segs.filter((s) => s.name === 'INS').map((s) => [s.e[3], s.e[4]])).toEqual([['024', '07']]);
    expect(segs.find((s) => s.name === 'DTP' && s.e[1] === '357')?.e[3]).toBe(d8);
    expect(segs.find((s) => s.name === 'DTP' && s.e[1] === '349')?.e[3]).toBe(d8);

    const trail = await ts.db
      .selectFrom('enrollment_events')
      .select(['event_type', 'detail'])
      .where('enrollment_id', '=', sam.id)
      .execute();
    expect(trail.some((t) => t.event_type === 'coverage_changed' && JSON.stringify(t.detail).includes('open_enrollment_lapse'))).toBe(true);
    const mails = await mailsOf(ts, sam.id, RENEWAL_CHANGE_MAIL_KIND);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('Usted no eligió, así que Dental Essentials terminó el');
  });
});
