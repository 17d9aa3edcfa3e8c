import { expect, it } from 'vitest';
import { addDaysIso, isoToUs, todayIso } from '@store/domain/dates';
import { LIFE_EVENT_TEXT } from '@store/domain/life-events';
import { LIFE_EVENT_PLAN_TEXT, replacedPlanEnd } from '@store/domain/life-event-plans';
import { describeEachDb, type TestStore } from '../helpers/store.ts';
import { carrierFileContext } from '../../src/db/sealed-columns.ts';
import { read834 } from '../../src/modules/carriers/x12/read-834.ts';
import { LIFE_EVENT_MAIL_KIND } from '../../src/modules/life-events/service.ts';
import { readIndependently, translatorProblems } from '../carriers/x12-rules.ts';
import { enrollInPlans, mailsOf, memberClient, operatorClient, PLAN_IDS, policiesOf } from './helpers.ts';
import { DEMO } from '../helpers/client.ts';

const today = todayIso();
const recurringOf = async (ts: TestStore, id: string) =>
  (await ts.db.selectFrom('billing_records').select('recurring_cents').where('enrollment_id', '=', id).executeTakeFirstOrThrow())
    .recurring_cents;

/** The 834 items of the enrollment after `afterId`: [maintenance, plan_id], and the X12 text of each one's file. */
async function itemsAfter(ts: TestStore, id: string, afterId: number) {
  const rows = await ts.db
    .selectFrom('carrier_file_items')
    .leftJoin('carrier_files', 'carrier_files.id', 'carrier_file_items.file_id')
    .select(['carrier_file_items.id', 'maintenance', 'plan_id', 'carrier_files.id as file_id', 'carrier_files.content_enc'])
    .where('carrier_file_items.enrollment_id', '=', id)
    .where('carrier_file_items.id', '>', afterId)
    .orderBy('carrier_file_items.id')
    .execute();
  return rows.map((r) => ({
    maintenance: r.maintenance,
    plan_id: r.plan_id,
    text: r.file_id ? ts.app.sealer.open(r.content_enc!, carrierFileContext(r.file_id)) : null,
  }));
}
const lastItemId = async (ts: TestStore) =>
  (
    await ts.db
      .selectFrom('carrier_file_items')
      .select((eb) => eb.fn.max('id').as('m'))
      .executeTakeFirst()
  )?.m ?? 0;

/** A move (no proof: its window opens at once), reported today: effective the first of next month. */
async function movedMember(ts: TestStore) {
  const id = await enrollInPlans(ts, [PLAN_IDS.dentalEssentials]);
  const member = await memberClient(ts, id);
  const r = await member.post('/api/v1/member-home/life-events', { event_type: 'move', event_date: today });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { id, member, ev: r.body.data as { id: number; effective_date: string } };
}

/**
 * Issue 38: a change of plan in a life event's window. The old plan's coverage ends the day before the event's
 * effective date (834 024, DTP*349), the new one starts on it (834 021, DTP*348), read back by x12-parser; the billing
 * record moves to the new plan's price; the trail and a mail. A plan that needs evidence waits pending: nothing billed,
 * no 834, until the carrier approves.
 */
describeEachDb('life events: a change of plan', (ctx) => {
  it('changes Dental Essentials for Dental Preferred Plus: 024 and 021 to the carrier, the new price billed', async () => {
    const ts = ctx();
    const { id, member, ev } = await movedMember(ts);
    const effective = ev.effective_date;

    // The options: the other dental plans, priced from the effective date; never another category.
    const opts = await member.get(`/api/v1/member-home/life-events/${ev.id}/plan-options`);
    expect(opts.status, JSON.stringify(opts.body)).toBe(200);
    expect(opts.body.data).toMatchObject({ effective_date: effective, tier: 'IO' });
    const preferred = opts.body.data.options.find((o: { plan_id: number }) => o.plan_id === PLAN_IDS.dentalPreferredPlus);
    expect(preferred).toMatchObject({ from_plan_id: PLAN_IDS.dentalEssentials, needs_evidence: false });
    expect(opts.body.data.options.every((o: { plan_id: number }) => Math.floor(o.plan_id / 100) === 1)).toBe(true);

    // Refused: another category, the same plan, a plan the member does not run (404).
    const vision = await member.post(`/api/v1/member-home/life-events/${ev.id}/plan-change`, {
      from_plan_id: PLAN_IDS.dentalEssentials,
      to_plan_id: PLAN_IDS.visionClear,
    });
    expect(vision.status).toBe(422);
    expect(vision.body.data[0]).toEqual({ target_element: 'to_plan_id', error_message: LIFE_EVENT_PLAN_TEXT.OTHER_CATEGORY });
    const same = await member.post(`/api/v1/member-home/life-events/${ev.id}/plan-change`, {
      from_plan_id: PLAN_IDS.dentalEssentials,
      to_plan_id: PLAN_IDS.dentalEssentials,
    });
    expect(same.body.data[0].error_message).toBe(LIFE_EVENT_PLAN_TEXT.SAME_PLAN);
    const notMine = await member.post(`/api/v1/member-home/life-events/${ev.id}/plan-change`, {
      from_plan_id: PLAN_IDS.visionClear,
      to_plan_id: PLAN_IDS.visionSelect,
    });
    expect(notMine.status).toBe(404);

    const before = await recurringOf(ts, id);
    const oldStart = (await policiesOf(ts, id)).find((p) => p.plan_id === PLAN_IDS.dentalEssentials)!.effective_date;
    const after = await lastItemId(ts);
    const r = await member.post(`/api/v1/member-home/life-events/${ev.id}/plan-change`, {
      from_plan_id: PLAN_IDS.dentalEssentials,
      to_plan_id: PLAN_IDS.dentalPreferredPlus,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const endsOn = replacedPlanEnd(effective, oldStart);
    expect(endsOn).toBe(oldStart && oldStart > addDaysIso(effective, -1) ? oldStart : addDaysIso(effective, -1));
    expect(r.body.data).toMatchObject({
      plan_name: 'Dental Preferred Plus',
      effective_date: effective,
      old_plan_ends_on: endsOn,
      pending_evidence: false,
      plan_monthly_cents: preferred.monthly_cents,
      previous_monthly_cents: before,
    });
    const oldLine = (
      await ts.db
        .selectFrom('cart_items')
        .select('price_cents')
        .where('enrollment_id', '=', id)
        .where('plan_id', '=', PLAN_IDS.dentalEssentials)
        .executeTakeFirstOrThrow()
    ).price_cents;
    // The billing record charges the new plan's price from the next bill day (a start on the 1st: nothing prorated).
    expect(await recurringOf(ts, id)).toBe(before - oldLine + preferred.monthly_cents);
    expect(r.body.data.monthly_cents).toBe(before - oldLine + preferred.monthly_cents);
    expect(r.body.data.adjustment_cents).toBe(0);
    const policies = await policiesOf(ts, id);
    expect(policies.find((p) => p.plan_id === PLAN_IDS.dentalEssentials)).toMatchObject({ ends_on: endsOn });
    expect(policies.find((p) => p.plan_id === PLAN_IDS.dentalPreferredPlus)).toMatchObject({
      status: 'ACTIVE',
      eoi_status: null,
      effective_date: effective,
      ends_on: null,
    });

    // The carrier: the old plan's 024 (INS04 43, a move; DTP*349 its last day), the new plan's 021 (DTP*348 the
    // effective date), read back by x12-parser and checked as a translator would.
    const items = await itemsAfter(ts, id, after);
    expect(items.map((i) => [i.maintenance, i.plan_id])).toEqual([
      ['024', PLAN_IDS.dentalEssentials],
      ['021', PLAN_IDS.dentalPreferredPlus],
    ]);
    for (const i of items) expect(i.text, 'the dental carrier sends per enrollment').not.toBeNull();
    const [cancelText, addText] = items.map((i) => i.text!);
    const cancelSegs = await readIndependently(cancelText);
    expect(translatorProblems(cancelSegs)).toEqual([]);
    expect(cancelSegs.filter((s) => s.name === 'INS').map((s) => s.e.slice(1, 5))).toEqual([['Y', '18', '024', '43']]);
    const dtp = (segs: typeof cancelSegs, q: string) => segs.filter((s) => s.name === 'DTP' && s.e[1] === q).map((s) => s.e[3]);
    expect(dtp(cancelSegs, '349')).toContain(endsOn.replaceAll('-', ''));
    const addSegs = await readIndependently(addText);
    expect(translatorProblems(addSegs)).toEqual([]);
    expect(addSegs.filter((s) => s.name === 'INS').map((s) => s.e[3])).toEqual(['021']);
    expect(dtp(addSegs, '348')).toContain(effective.replaceAll('-', ''));
    expect(dtp(addSegs, '349')).toEqual([]);
    const added = read834(addText).enrollments[0];
    expect(added.coverages).toEqual([expect.objectContaining({ insuranceLine: 'DEN', effectiveDate: effective, endDate: null })]);
    expect(read834(cancelText).enrollments[0].coverages).toEqual([expect.objectContaining({ insuranceLine: 'DEN', endDate: endsOn })]);

    // The trail, the audit row and the mail.
    const mails = await mailsOf(ts, id, LIFE_EVENT_MAIL_KIND);
    expect(mails.at(-1)!.subject).toBe('Your plan was changed');
    expect(mails.at(-1)!.text).toContain(
      `Dental Essentials ends on ${isoToUs(endsOn)}; Dental Preferred Plus starts on ${isoToUs(effective)}`,
    );
    const trail = await ts.db.selectFrom('enrollment_events').select(['event_type', 'detail']).where('enrollment_id', '=', id).execute();
    expect(trail.some((t) => t.event_type === 'coverage_changed' && JSON.stringify(t.detail).includes('life_event_plan'))).toBe(true);
    expect(await ts.db.selectFrom('audit_log').select('id').where('action', '=', 'member.life_event.plan_change').execute()).toHaveLength(
      1,
    );

    // The member home shows the new plan running; the old one cannot be changed twice.
    const home = (await member.get('/api/v1/member-home')).body.data;
    expect(home.coverage.map((c: { plan_id: number }) => c.plan_id)).toContain(PLAN_IDS.dentalPreferredPlus);
    const again = await member.post(`/api/v1/member-home/life-events/${ev.id}/plan-change`, {
      from_plan_id: PLAN_IDS.dentalEssentials,
      to_plan_id: PLAN_IDS.dentalVisionBundle,
    });
    expect(again.status).toBe(404);
  });

  it('is refused outside the window with its closing date, and on another member’s event', async () => {
    const ts = ctx();
    const { id, ev } = await movedMember(ts);
    const other = await enrollInPlans(ts, [PLAN_IDS.dentalEssentials]);
    const stranger = await memberClient(ts, other);
    const body = { from_plan_id: PLAN_IDS.dentalEssentials, to_plan_id: PLAN_IDS.dentalPreferredPlus };
    expect((await stranger.post(`/api/v1/member-home/life-events/${ev.id}/plan-change`, body)).status).toBe(404);
    expect((await stranger.get(`/api/v1/member-home/life-events/${ev.id}/plan-options`)).status).toBe(404);

    // The window closed yesterday: 422 with its date; nothing changed.
    const closed = addDaysIso(today, -1);
    await ts.db.updateTable('life_events').set({ window_closes: closed }).where('id', '=', ev.id).execute();
    const member = await memberClient(ts, id);
    const late = await member.post(`/api/v1/member-home/life-events/${ev.id}/plan-change`, body);
    expect(late.status).toBe(422);
    expect(late.body.message).toBe(LIFE_EVENT_TEXT.WINDOW_CLOSED.replace('{closes}', isoToUs(closed)));
    expect((await policiesOf(ts, id)).map((p) => p.plan_id)).toEqual([PLAN_IDS.dentalEssentials]);
    // On its last day it is still open.
    await ts.db.updateTable('life_events').set({ window_closes: today }).where('id', '=', ev.id).execute();
    expect((await member.post(`/api/v1/member-home/life-events/${ev.id}/plan-change`, body)).status).toBe(200);
  });

  it('a plan that needs evidence waits pending: nothing billed or sent until the carrier approves; then the switch', async () => {
    const ts = ctx();
    const op = await operatorClient(ts);
    expect((await op.put(`/api/admin/eoi/plans/${PLAN_IDS.dentalPreferredPlus}`, { needs_evidence: true })).status).toBe(200);
    const { id, member, ev } = await movedMember(ts);
    const before = await recurringOf(ts, id);
    const after = await lastItemId(ts);
    const r = await member.post(`/api/v1/member-home/life-events/${ev.id}/plan-change`, {
      from_plan_id: PLAN_IDS.dentalEssentials,
      to_plan_id: PLAN_IDS.dentalPreferredPlus,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ pending_evidence: true, old_plan_ends_on: null, carrier_files: 0, monthly_cents: before });
    expect(await recurringOf(ts, id)).toBe(before);
    expect(await itemsAfter(ts, id, after)).toEqual([]);
    const policies = await policiesOf(ts, id);
    expect(policies.find((p) => p.plan_id === PLAN_IDS.dentalEssentials)).toMatchObject({ ends_on: null, status: 'ACTIVE' });
    const pending = policies.find((p) => p.plan_id === PLAN_IDS.dentalPreferredPlus)!;
    expect(pending.eoi_status).toBe('pending');
    const mails = await mailsOf(ts, id, LIFE_EVENT_MAIL_KIND);
    expect(mails.at(-1)!.text).toContain('pending until the carrier decides, usually within 5 to 10 days');
    // The member home's monthly amount leaves the pending plan out.
    expect((await member.get('/api/v1/member-home/life-events')).body.data.monthly_cents).toBe(
      (
        await ts.db
          .selectFrom('cart_items')
          .select('price_cents')
          .where('enrollment_id', '=', id)
          .where('plan_id', '=', PLAN_IDS.dentalEssentials)
          .executeTakeFirstOrThrow()
      ).price_cents,
    );

    // The carrier approves: the new plan starts on the first of next month, the old one ends the day before (024),
    // the new one is added (021), and the billing moves to the new price.
    const ok = await op.post(`/api/admin/eoi/${pending.policy_id}/decision`, { decision: 'approved', reference: 'DEN-42' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const starts = ok.body.data.effective_date as string;
    const now = await policiesOf(ts, id);
    const oldStart = policies.find((p) => p.plan_id === PLAN_IDS.dentalEssentials)!.effective_date;
    expect(now.find((p) => p.plan_id === PLAN_IDS.dentalEssentials)!.ends_on).toBe(replacedPlanEnd(starts, oldStart));
    expect((await itemsAfter(ts, id, after)).map((i) => [i.maintenance, i.plan_id])).toEqual([
      ['021', PLAN_IDS.dentalPreferredPlus],
      ['024', PLAN_IDS.dentalEssentials],
    ]);
    const newPrice = (
      await ts.db
        .selectFrom('cart_items')
        .select('price_cents')
        .where('enrollment_id', '=', id)
        .where('plan_id', '=', PLAN_IDS.dentalPreferredPlus)
        .executeTakeFirstOrThrow()
    ).price_cents;
    const oldPrice = (
      await ts.db
        .selectFrom('cart_items')
        .select('price_cents')
        .where('enrollment_id', '=', id)
        .where('plan_id', '=', PLAN_IDS.dentalEssentials)
        .executeTakeFirstOrThrow()
    ).price_cents;
    expect(await recurringOf(ts, id)).toBe(before - oldPrice + newPrice);
  });

  it('the preview of removing a person shows the new tier and amount, and the removal charges just that', async () => {
    const ts = ctx();
    const id = await enrollInPlans(ts, [PLAN_IDS.dentalEssentials]);
    const member = await memberClient(ts, id);
    // A marriage, its proof taken as approved, the spouse added.
    const wed = (await member.post('/api/v1/member-home/life-events', { event_type: 'marriage', event_date: today })).body.data;
    await ts.db.updateTable('life_events').set({ status: 'approved' }).where('id', '=', wed.id).execute();
    const add = await member.post(`/api/v1/member-home/life-events/${wed.id}/changes`, {
      action: 'add_dependent',
      relationship: 'spouse',
      first_name: 'Sam',
      last_name: 'Whitfield',
      birthdate: '1990-02-03',
      gender: '0',
    });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    expect(add.body.data.tier).toBe('IS');
    const spouse = (await member.get('/api/v1/member-home/life-events')).body.data.dependents[0];

    // A death of a dependent opens at once; the preview changes nothing.
    const death = (await member.post('/api/v1/member-home/life-events', { event_type: 'dependent_death', event_date: today })).body.data;
    const body = { action: 'remove_dependent', dependent_id: spouse.dependent_id };
    const preview = await member.post(`/api/v1/member-home/life-events/${death.id}/changes/preview`, body);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data).toMatchObject({ tier: 'IO', tier_label: 'Member Only', previous_monthly_cents: add.body.data.monthly_cents });
    expect(preview.body.data.monthly_cents).toBeLessThan(add.body.data.monthly_cents);
    expect(await recurringOf(ts, id)).toBe(add.body.data.monthly_cents);
    expect((await member.get('/api/v1/member-home/life-events')).body.data.dependents).toHaveLength(1);

    const removed = await member.post(`/api/v1/member-home/life-events/${death.id}/changes`, body);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.data).toMatchObject({ tier: 'IO', monthly_cents: preview.body.data.monthly_cents });
    // The preview of a person no longer there: 404.
    expect((await member.post(`/api/v1/member-home/life-events/${death.id}/changes/preview`, body)).status).toBe(404);
  });

  it('the rep and the group administrator list the events of their people, and are refused the documents and the changes', async () => {
    const ts = ctx();
    const id = await enrollInPlans(ts, [PLAN_IDS.dentalEssentials]);
    const member = await memberClient(ts, id);
    const rep = ts.client();
    await rep.signIn(DEMO.rep.email, DEMO.rep.password);
    const hr = ts.client();
    await hr.signIn(DEMO.group.email, DEMO.group.password);
    const repAgent = await ts.db.selectFrom('accounts').select('agent_id').where('email', '=', DEMO.rep.email).executeTakeFirstOrThrow();
    const group = await ts.db.selectFrom('accounts').select('group_id').where('email', '=', DEMO.group.email).executeTakeFirstOrThrow();
    await ts.db.updateTable('enrollments').set({ agent_id: repAgent.agent_id, group_id: group.group_id }).where('id', '=', id).execute();
    const ev = (await member.post('/api/v1/member-home/life-events', { event_type: 'birth_adoption', event_date: today })).body.data;
    const PDF = `data:application/pdf;base64,${Buffer.from('%PDF-1.7\n%%EOF').toString('base64')}`;
    expect((await member.post(`/api/v1/member-home/life-events/${ev.id}/document`, { data_url: PDF })).status).toBe(200);

    for (const who of [rep, hr]) {
      const list = (await who.get(who === rep ? '/api/v1/rep-home/life-events' : '/api/v1/group-home/life-events')).body.data;
      const mine = list.find((e: { id: number }) => e.id === ev.id);
      expect(mine).toMatchObject({ status: 'in_review', has_document: true, event_label: 'Birth or adoption' });
      expect(Object.keys(mine)).not.toContain('document_media_id');
      expect(JSON.stringify(list)).not.toMatch(/base64|%PDF|answers/);
      // The document is the operator's only; the member's endpoints are the member's only.
      expect([401, 403, 404]).toContain((await who.get(`/api/admin/life-events/${ev.id}/document`)).status);
      expect([401, 403, 404]).toContain((await who.post(`/api/v1/member-home/life-events/${ev.id}/document`, { data_url: PDF })).status);
      expect([401, 403, 404]).toContain((await who.get(`/api/v1/member-home/life-events/${ev.id}/plan-options`)).status);
      expect([401, 403, 404]).toContain(
        (await who.post(`/api/v1/member-home/life-events/${ev.id}/plan-change`, { from_plan_id: 101, to_plan_id: 102 })).status,
      );
      expect([401, 403, 404]).toContain((await who.get('/api/admin/eoi')).status);
    }
  });
});
