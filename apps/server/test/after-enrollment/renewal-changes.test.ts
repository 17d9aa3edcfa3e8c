import { expect, it } from 'vitest';
import { scheduledPayment } from '@store/domain/billing-schedule';
import { addDaysIso, isoToUs } from '@store/domain/dates';
import { describeEachDb, type TestStore } from '../helpers/store.ts';
import { carrierFileContext } from '../../src/db/sealed-columns.ts';
import { createDuePayments } from '../../src/modules/billing/run-service.ts';
import { paymentsOf } from '../../src/modules/billing/repository.ts';
import { runRenewalDay } from '../../src/modules/renewals/index.ts';
import { RENEWAL_CHANGE_MAIL_KIND } from '../../src/modules/renewals/change-mail.ts';
import { readIndependently, translatorProblems, type Seg } from '../carriers/x12-rules.ts';
import { enrollInPlans, mailsOf, memberClient, operatorClient, PLAN_IDS, policiesOf } from './helpers.ts';

const day = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v)).slice(0, 10);
const d8 = (iso: string) => iso.replaceAll('-', '');

/** The files (X12 text, opened) holding the enrollment's items made by the renewal, with their carrier's name. */
async function renewalFiles(ts: TestStore, id: string) {
  const rows = await ts.db
    .selectFrom('carrier_file_items as i')
    .innerJoin('carrier_files as f', 'f.id', 'i.file_id')
    .innerJoin('carriers as c', 'c.id', 'i.carrier_id')
    .select(['f.id', 'f.content_enc', 'c.name', 'i.maintenance', 'i.plan_id', 'i.replaced_plan_id'])
    .where('i.enrollment_id', '=', id)
    .where('i.reason', '=', 'renewal-plan-change')
    .orderBy('i.id')
    .execute();
  return rows.map((r) => ({ ...r, text: ts.app.sealer.open(r.content_enc, carrierFileContext(r.id)) }));
}

/** The enrollment's billing schedule and a renewal date: the start of the period its third payment covers. */
async function renewalDateOf(ts: TestStore, id: string) {
  const b = await ts.db.selectFrom('billing_records').selectAll().where('enrollment_id', '=', id).executeTakeFirstOrThrow();
  const schedule = {
    first_charge_on: day(b.first_charge_on),
    starts_on: day(b.starts_on),
    recurring_from: day(b.recurring_from),
    bill_day: b.bill_day,
  };
  return { b, schedule, startsOn: scheduledPayment(schedule, 2).covers_from };
}

/** The HD loops of the first transaction set: [HD01, HD03, HD04, DTP*348, DTP*349] (read by x12-parser). */
function coverages(segs: Seg[]) {
  const out: string[][] = [];
  for (const s of segs) {
    if (s.name === 'HD') out.push([s.e[1], s.e[3], s.e[4] ?? '', '', '']);
    if (s.name === 'DTP' && out.length && s.e[1] === '348') out[out.length - 1][3] = s.e[3];
    if (s.name === 'DTP' && out.length && s.e[1] === '349') out[out.length - 1][4] = s.e[3];
    if (s.name === 'SE') break;
  }
  return out;
}

/**
 * Issue 38 (decision 2660): on the renewal date a discontinued plan's policy moves to its replacement: the old plan
 * ends the day before, the replacement starts on the date, billed at its rate, the carrier told (read back by
 * x12-parser, not the writer), the trail and the member's mail; once, however many times the day runs.
 */
describeEachDb('a discontinued plan at its renewal date', (ctx) => {
  it('moves the policy to the replacement at the same carrier: one 001 with the old HD 024 and the new HD 021', async () => {
    const ts = ctx();
    const id = await enrollInPlans(ts, [PLAN_IDS.dentalPreferredPlus]);
    const { b, schedule, startsOn } = await renewalDateOf(ts, id);
    const endsOn = addDaysIso(startsOn, -1);
    const op = await operatorClient(ts);
    const set = await op.put(`/api/admin/plans/${PLAN_IDS.dentalPreferredPlus}/renewal`, {
      discontinued_on: startsOn,
      replacement_plan_id: PLAN_IDS.dentalEssentials,
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const member = await memberClient(ts, id);
    const renewal = (await member.get('/api/v1/member-home/renewal')).body.data.renewal;
    expect(renewal.lines[0]).toMatchObject({ plan_name: 'Dental Preferred Plus', replacement_plan_name: 'Dental Essentials' });
    const price = renewal.lines[0].renewal_cents as number;

    // This year's payment is made before the date (at this year's price).
    await createDuePayments(ts.db, scheduledPayment(schedule, 1).due_on);
    // The day before, nothing moves.
    expect((await runRenewalDay(ts.app, ts.db, endsOn)).changed).toBe(0);
    const first = await runRenewalDay(ts.app, ts.db, startsOn);
    expect(first.changed).toBeGreaterThanOrEqual(1);
    // Run again (a second process, a restart): nothing more.
    expect((await runRenewalDay(ts.app, ts.db, startsOn)).changed).toBe(0);
    expect((await runRenewalDay(ts.app, ts.db, addDaysIso(startsOn, 1))).changed).toBe(0);

    const policies = await policiesOf(ts, id);
    expect(policies.map((p) => [p.plan_id, p.status, p.ends_on, p.effective_date === startsOn])).toEqual([
      [PLAN_IDS.dentalEssentials, 'ACTIVE', null, true],
      [PLAN_IDS.dentalPreferredPlus, 'ACTIVE', endsOn, false],
    ]);

    // One file, one transaction set: INS03 001 (INS04 22, plan change), the old plan's HD 024 ending the day before,
    // the replacement's HD 021 beginning on the date.
    const files = await renewalFiles(ts, id);
    expect(files.map((f) => [f.maintenance, f.plan_id, f.replaced_plan_id])).toEqual([
      ['001', PLAN_IDS.dentalEssentials, PLAN_IDS.dentalPreferredPlus],
    ]);
    const segs = await readIndependently(files[0].text);
    expect(translatorProblems(segs)).toEqual([]);
    const ins = segs.filter((s) => s.name === 'INS');
    expect(ins.map((s) => [s.e[1], s.e[3], s.e[4]])).toEqual([['Y', '001', '22']]);
    const hd = coverages(segs);
    expect(hd).toHaveLength(2);
    expect(hd[0]).toEqual(['024', 'DEN', 'Dental Preferred Plus', hd[0][3], d8(endsOn)]);
    expect(hd[0][3] <= d8(endsOn)).toBe(true);
    expect(hd[1]).toEqual(['021', 'DEN', 'Dental Essentials', d8(startsOn), '']);

    // Billing: the period from the renewal date is charged at the replacement's price.
    const record = await ts.db.selectFrom('billing_records').selectAll().where('enrollment_id', '=', id).executeTakeFirstOrThrow();
    const lines = (typeof record.lines === 'string' ? JSON.parse(record.lines) : record.lines) as {
      plan_id: number;
      monthly_cents: number;
    }[];
    const before = (typeof b.lines === 'string' ? JSON.parse(b.lines) : b.lines) as { plan_id: number; monthly_cents: number }[];
    const planLines = (ls: typeof lines) => ls.filter((l) => l.plan_id !== null).map((l) => [l.plan_id, l.monthly_cents]);
    expect(planLines(lines)).toEqual([[PLAN_IDS.dentalEssentials, price]]);
    expect(record.recurring_cents).toBe(b.recurring_cents - planLines(before)[0][1] + price);
    await createDuePayments(ts.db, scheduledPayment(schedule, 3).due_on);
    const amounts = (await paymentsOf(ts.db, id)).map((p) => p.amount_cents);
    expect(amounts).toEqual([b.initial_cents, b.recurring_cents, record.recurring_cents, record.recurring_cents]);

    // The member home, the trail, the mail.
    const after = await member.get('/api/v1/member-home/renewal');
    expect(after.body.data.renewal?.lines?.some((l: { plan_id: number }) => l.plan_id === PLAN_IDS.dentalPreferredPlus) ?? false).toBe(
      false,
    );
    const trail = await ts.db.selectFrom('enrollment_events').select(['event_type', 'detail']).where('enrollment_id', '=', id).execute();
    expect(trail.some((t) => t.event_type === 'coverage_changed' && JSON.stringify(t.detail).includes('renewal_plan_change'))).toBe(true);
    const mails = await mailsOf(ts, id, RENEWAL_CHANGE_MAIL_KIND);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(
      `From ${isoToUs(startsOn)} you are covered by Dental Essentials at $${(price / 100).toFixed(2)} a month; Dental Preferred Plus ended on ${isoToUs(endsOn)}.`,
    );
  });

  it('tells the old carrier of its end (024) and the new carrier of the addition (021) when they differ', async () => {
    const ts = ctx();
    const id = await enrollInPlans(ts, [PLAN_IDS.dentalVisionBundle]);
    const { startsOn } = await renewalDateOf(ts, id);
    const endsOn = addDaysIso(startsOn, -1);
    const op = await operatorClient(ts);
    const set = await op.put(`/api/admin/plans/${PLAN_IDS.dentalVisionBundle}/renewal`, {
      discontinued_on: startsOn,
      replacement_plan_id: PLAN_IDS.dentalEssentials,
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect((await runRenewalDay(ts.app, ts.db, startsOn)).changed).toBeGreaterThanOrEqual(1);

    const files = await renewalFiles(ts, id);
    expect(files.map((f) => [f.name, f.maintenance, f.plan_id])).toEqual([
      ['National Dental and Vision Carrier', '024', PLAN_IDS.dentalVisionBundle],
      [expect.not.stringMatching(/^National Dental and Vision Carrier$/), '021', PLAN_IDS.dentalEssentials],
    ]);
    for (const f of files) expect(translatorProblems(await readIndependently(f.text))).toEqual([]);
    const ended = await readIndependently(files[0].text);
    expect(ended.filter((s) => s.name === 'INS').map((s) => [s.e[3], s.e[4]])).toEqual([['024', '22']]);
    expect(ended.find((s) => s.name === 'DTP' && s.e[1] === '357')?.e[3]).toBe(d8(endsOn));
    expect(coverages(ended).map((c) => [c[0], c[4]])).toEqual([['024', d8(endsOn)]]);
    const added = await readIndependently(files[1].text);
    expect(added.filter((s) => s.name === 'INS').map((s) => [s.e[3], s.e[4]])).toEqual([['021', '22']]);
    expect(coverages(added).map((c) => [c[0], c[3], c[4]])).toEqual([['021', d8(startsOn), '']]);
  });
});
