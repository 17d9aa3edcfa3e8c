import { expect, it } from 'vitest';
import { scheduledPayment } from '@store/domain/billing-schedule';
import { addDaysIso, todayIso } from '@store/domain/dates';
import { firstOfNextMonth } from '@store/domain/coverage-changes';
import { MEMBERSHIP_FEE_CENTS, MEMBERSHIP_LINE_LABEL } from '@store/domain/charges';
import { sql } from 'kysely';
import { describeEachDb, type TestStore } from '../helpers/store.ts';
import { runRenewalDay } from '../../src/modules/renewals/index.ts';
import { enrollInPlans, memberClient, operatorClient, PLAN_IDS } from './helpers.ts';

const day = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v)).slice(0, 10);

/** Dental Preferred Plus sold as an association plan (Prudential-type: it needs the association's membership). */
const needsMembership = (ts: TestStore) =>
  sql`update plans set rules = rules || '{"prudential": true}'::jsonb where plan_id = ${PLAN_IDS.dentalPreferredPlus}`.execute(ts.db);

/** The billing record's lines as [plan_id, label, monthly cents] and its recurring amount. */
async function billing(ts: TestStore, id: string) {
  const b = await ts.db
    .selectFrom('billing_records')
    .select(['lines', 'recurring_cents'])
    .where('enrollment_id', '=', id)
    .executeTakeFirstOrThrow();
  const lines = (typeof b.lines === 'string' ? JSON.parse(b.lines) : b.lines) as {
    plan_id: number | null;
    label: string;
    monthly_cents: number;
  }[];
  return {
    lines: lines.map((l) => [l.plan_id, l.label, l.monthly_cents]),
    recurring: b.recurring_cents,
    total: lines.reduce((a, l) => a + l.monthly_cents, 0),
  };
}

/** The member home's coverage: [plan_id, ends_on] of each policy. */
async function homeCoverage(ts: TestStore, id: string) {
  const member = await memberClient(ts, id);
  const r = await member.get('/api/v1/member-home');
  expect(r.status).toBe(200);
  return (r.body.data.coverage as { plan_id: number; ends_on: string | null; effective_date: string | null; enrollment_id: string }[])
    .filter((c) => c.enrollment_id === id)
    .map((c) => [c.plan_id, c.ends_on]);
}

/**
 * Issue 38 (decision 2721): the association's membership follows a change of plan. A renewal that replaces a plan
 * needing the membership by one that does not ends the membership with it (the store's membership fee line takes its
 * place on the bill); a life event's change to a plan that needs it adds the membership from the new plan's start.
 */
describeEachDb('memberships follow a change of plan', (ctx) => {
  it('a renewal to a plan without the membership ends it; the bill keeps the fee line', async () => {
    const ts = ctx();
    const id = await enrollInPlans(ts, [PLAN_IDS.dentalPreferredPlus, PLAN_IDS.associationMembership]);
    await ts.db
      .updateTable('cart_items')
      .set({ parent_plan_id: PLAN_IDS.dentalPreferredPlus })
      .where('enrollment_id', '=', id)
      .where('plan_id', '=', PLAN_IDS.associationMembership)
      .execute();
    await needsMembership(ts);
    const before = await billing(ts, id);
    expect(before.lines.map((l) => l[0])).toEqual([PLAN_IDS.dentalPreferredPlus, PLAN_IDS.associationMembership]);

    const b = await ts.db.selectFrom('billing_records').selectAll().where('enrollment_id', '=', id).executeTakeFirstOrThrow();
    const startsOn = scheduledPayment(
      { first_charge_on: day(b.first_charge_on), starts_on: day(b.starts_on), recurring_from: day(b.recurring_from), bill_day: b.bill_day },
      2,
    ).covers_from;
    const endsOn = addDaysIso(startsOn, -1);
    const op = await operatorClient(ts);
    const set = await op.put(`/api/admin/plans/${PLAN_IDS.dentalPreferredPlus}/renewal`, {
      discontinued_on: startsOn,
      replacement_plan_id: PLAN_IDS.dentalEssentials,
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect((await runRenewalDay(ts.app, ts.db, startsOn)).changed).toBeGreaterThanOrEqual(1);

    // The member home: Dental Preferred Plus and its membership end the day before; Dental Essentials from the date.
    expect(await homeCoverage(ts, id)).toEqual(
      expect.arrayContaining([
        [PLAN_IDS.dentalPreferredPlus, endsOn],
        [PLAN_IDS.associationMembership, endsOn],
        [PLAN_IDS.dentalEssentials, null],
      ]),
    );
    // The bill: the replacement's line and the store's membership fee line (no membership plan line any more).
    const after = await billing(ts, id);
    expect(after.lines.map((l) => l[0])).toEqual([PLAN_IDS.dentalEssentials, null]);
    expect(after.lines[1]).toEqual([null, MEMBERSHIP_LINE_LABEL, MEMBERSHIP_FEE_CENTS]);
    expect(after.recurring).toBe(after.total);
  });

  it('a life event change to a plan that needs the membership adds it from the new plan start', async () => {
    const ts = ctx();
    const id = await enrollInPlans(ts, [PLAN_IDS.dentalEssentials]);
    await needsMembership(ts);
    // Sold again (the test before discontinued it).
    await ts.db
      .updateTable('plans')
      .set({ discontinued_on: null, replacement_plan_id: null })
      .where('plan_id', '=', PLAN_IDS.dentalPreferredPlus)
      .execute();
    expect((await billing(ts, id)).lines.map((l) => l[0])).toEqual([PLAN_IDS.dentalEssentials, null]);
    const member = await memberClient(ts, id);
    const ev = await member.post('/api/v1/member-home/life-events', { event_type: 'move', event_date: todayIso() });
    expect(ev.status, JSON.stringify(ev.body)).toBe(200);
    const { id: eventId, effective_date: effective } = ev.body.data as { id: number; effective_date: string };
    const r = await member.post(`/api/v1/member-home/life-events/${eventId}/plan-change`, {
      from_plan_id: PLAN_IDS.dentalEssentials,
      to_plan_id: PLAN_IDS.dentalPreferredPlus,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);

    const coverage = await homeCoverage(ts, id);
    expect(coverage).toEqual(
      expect.arrayContaining([
        [PLAN_IDS.dentalPreferredPlus, null],
        [PLAN_IDS.associationMembership, null],
      ]),
    );
    const membership = await ts.db
      .selectFrom('policies')
      .select('effective_date')
      .where('enrollment_id', '=', id)
      .where('plan_id', '=', PLAN_IDS.associationMembership)
      .executeTakeFirstOrThrow();
    expect(day(membership.effective_date)).toBe(effective);
    const parent = await ts.db
      .selectFrom('cart_items')
      .select('parent_plan_id')
      .where('enrollment_id', '=', id)
      .where('plan_id', '=', PLAN_IDS.associationMembership)
      .executeTakeFirstOrThrow();
    expect(parent.parent_plan_id).toBe(PLAN_IDS.dentalPreferredPlus);
    // The bill: the membership plan's line instead of the fee line, and the answer's monthly amount is the bill's.
    const after = await billing(ts, id);
    expect(after.lines.map((l) => l[0])).toEqual([PLAN_IDS.dentalPreferredPlus, PLAN_IDS.associationMembership]);
    expect(after.recurring).toBe(after.total);
    expect(r.body.data.monthly_cents).toBe(after.recurring);
  });
  it('a life event change awaiting evidence adds the membership at the approval, from the approved plan start', async () => {
    const ts = ctx();
    const id = await enrollInPlans(ts, [PLAN_IDS.dentalEssentials]);
    await needsMembership(ts);
    await ts.db
      .updateTable('plans')
      .set({ discontinued_on: null, replacement_plan_id: null, needs_evidence: true })
      .where('plan_id', '=', PLAN_IDS.dentalPreferredPlus)
      .execute();
    const member = await memberClient(ts, id);
    const ev = await member.post('/api/v1/member-home/life-events', { event_type: 'move', event_date: todayIso() });
    expect(ev.status, JSON.stringify(ev.body)).toBe(200);
    const r = await member.post(`/api/v1/member-home/life-events/${ev.body.data.id}/plan-change`, {
      from_plan_id: PLAN_IDS.dentalEssentials,
      to_plan_id: PLAN_IDS.dentalPreferredPlus,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.pending_evidence).toBe(true);
    // Waiting: no membership yet, the bill as it was.
    expect((await homeCoverage(ts, id)).map((c) => c[0])).not.toContain(PLAN_IDS.associationMembership);
    expect((await billing(ts, id)).lines.map((l) => l[0])).toEqual([PLAN_IDS.dentalEssentials, null]);

    const pending = await ts.db
      .selectFrom('policies')
      .select('policy_id')
      .where('enrollment_id', '=', id)
      .where('plan_id', '=', PLAN_IDS.dentalPreferredPlus)
      .executeTakeFirstOrThrow();
    const op = await operatorClient(ts);
    const ok = await op.post(`/api/admin/eoi/${pending.policy_id}/decision`, { decision: 'approved', reference: 'NLC-2721' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const startsOn = firstOfNextMonth(todayIso());

    expect(await homeCoverage(ts, id)).toEqual(
      expect.arrayContaining([
        [PLAN_IDS.dentalEssentials, addDaysIso(startsOn, -1)],
        [PLAN_IDS.dentalPreferredPlus, null],
        [PLAN_IDS.associationMembership, null],
      ]),
    );
    const membership = await ts.db
      .selectFrom('policies')
      .select('effective_date')
      .where('enrollment_id', '=', id)
      .where('plan_id', '=', PLAN_IDS.associationMembership)
      .executeTakeFirstOrThrow();
    expect(day(membership.effective_date)).toBe(startsOn);
    const after = await billing(ts, id);
    expect(after.lines.map((l) => l[0])).toEqual([PLAN_IDS.dentalPreferredPlus, PLAN_IDS.associationMembership]);
    expect(after.recurring).toBe(after.total);
  });
});
