import { expect, it } from 'vitest';
import { scheduledPayment } from '@store/domain/billing-schedule';
import { addDaysIso, ageOn, todayIso } from '@store/domain/dates';
import { RENEWAL_TEXT, renewalLine } from '@store/domain/renewals';
import { centsToDollars } from '@store/domain/format';
import { describeEachDb } from '../helpers/store.ts';
import { DEMO } from '../helpers/client.ts';
import { createDuePayments } from '../../src/modules/billing/run-service.ts';
import { paymentsOf } from '../../src/modules/billing/repository.ts';
import { runRenewalDay, RENEWAL_MAIL_KIND } from '../../src/modules/renewals/index.ts';
import { enrollInPlans, mailsOf, memberClient, operatorClient, PLAN_IDS } from './helpers.ts';

const day = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v)).slice(0, 10);
type Rate = { tier: string; age_min: number; age_max: number; state: string | null; smoker: boolean | null; price: number };

/**
 * Issue 38 (decision 2560): the operator loads next period's rates; a member's renewal is priced from them; the
 * member home shows "From m/d: $X a month"; the renewal mail goes out once, 60 days before, with both prices; the rep's
 * renewal list names a client whose price rises more than 10 %; the billing run bills a period from the renewal date
 * at the new rate.
 */
describeEachDb('renewals', (ctx) => {
  it('prices the renewal from the new rate period, mails it once, lists it for the rep and bills it', async () => {
    const ts = ctx();
    const id = await enrollInPlans(ts, [PLAN_IDS.dentalEssentials]);
    const b = await ts.db.selectFrom('billing_records').selectAll().where('enrollment_id', '=', id).executeTakeFirstOrThrow();
    const schedule = {
      first_charge_on: day(b.first_charge_on),
      starts_on: day(b.starts_on),
      recurring_from: day(b.recurring_from),
      bill_day: b.bill_day,
    };
    // The new period starts with the coverage of the third payment (index 2): payment 1 is this year's, 2 next year's.
    const startsOn = scheduledPayment(schedule, 2).covers_from;
    const op = await operatorClient(ts);
    const rates = (await op.get(`/api/admin/plans/${PLAN_IDS.dentalEssentials}/rates`)).body.data as Rate[];
    // The console's grid knows the four tiers (the demo plan's IC3 rows are left out of next year's grid).
    const raised = rates
      .filter((x) => ['IO', 'IS', 'IC', 'IF'].includes(x.tier))
      .map(({ tier, age_min, age_max, state, smoker, price }) => ({
        tier,
        age_min,
        age_max,
        state,
        smoker,
        price: Math.round(price * 120) / 100,
      }));

    // Errors beside the fields: the start date must be after today; a bad row is named by its line.
    const past = await op.put(`/api/admin/plans/${PLAN_IDS.dentalEssentials}/rate-periods`, { starts_on: todayIso(), rows: raised });
    expect(past.status).toBe(422);
    expect(past.body.data).toEqual([{ target_element: 'starts_on', error_message: RENEWAL_TEXT.START_DATE }]);
    const csv = await op.post(`/api/admin/plans/${PLAN_IDS.dentalEssentials}/rate-periods/csv`, {
      starts_on: startsOn,
      csv: 'tier,age_min,age_max,state,smoker,price\nIO,18,64,,,12.50\nIO,30,40,,,abc\n',
    });
    expect(csv.status).toBe(422);
    expect(csv.body.data.map((e: { target_element: string }) => e.target_element)).toContain('rows.2.price');

    const saved = await op.put(`/api/admin/plans/${PLAN_IDS.dentalEssentials}/rate-periods`, { starts_on: startsOn, rows: raised });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toEqual({ starts_on: startsOn, rows: raised.length, priced: 1 });

    const member = await memberClient(ts, id);
    const r = (await member.get('/api/v1/member-home/renewal')).body.data.renewal;
    const line = b.lines as unknown as { plan_id: number; monthly_cents: number }[];
    const current = (typeof line === 'string' ? JSON.parse(line) : line)[0].monthly_cents as number;
    expect(r.starts_on).toBe(startsOn);
    expect(r.lines).toHaveLength(1);
    expect(r.renewal_cents).toBeGreaterThan(r.current_cents);
    expect(renewalLine(r.starts_on, r.renewal_cents)).toMatch(/^From \d+\/\d+: \$\d+\.\d\d a month$/);

    // The mail, 60 days before (once, however many times the day runs).
    const noticeDay = addDaysIso(startsOn, -59);
    // (The seeded members of Dental Essentials are mailed too.)
    expect((await runRenewalDay(ts.app, ts.db, noticeDay)).mailed).toBeGreaterThanOrEqual(1);
    expect((await runRenewalDay(ts.app, ts.db, noticeDay)).mailed).toBe(0);
    const mails = await mailsOf(ts, id, RENEWAL_MAIL_KIND);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.text).toContain(
      `$${centsToDollars(r.current_cents)} a month now, $${centsToDollars(r.lines[0].renewal_cents)} a month from`,
    );

    // The rep's renewal list: the client's price rises 20 %.
    const agent = await ts.db.selectFrom('accounts').select('agent_id').where('email', '=', DEMO.rep.email).executeTakeFirstOrThrow();
    const m = await ts.db.selectFrom('enrollments').select('user_id').where('id', '=', id).executeTakeFirstOrThrow();
    await ts.db.updateTable('members').set({ agent_id: agent.agent_id }).where('user_id', '=', m.user_id!).execute();
    const rep = ts.client();
    await rep.signIn(DEMO.rep.email, DEMO.rep.password);
    const list = (await rep.get('/api/v1/rep-home/renewals')).body.data.items;
    expect(list.find((i: { user_id: number }) => i.user_id === m.user_id)).toMatchObject({ reasons: ['price_rise'], starts_on: startsOn });
    expect((await member.get('/api/v1/rep-home/renewals')).status).toBe(403);

    // Billing: the period that begins on the renewal date is billed at the renewal's price.
    await createDuePayments(ts.db, scheduledPayment(schedule, 2).due_on);
    const payments = await paymentsOf(ts.db, id);
    const rise = r.lines[0].renewal_cents - current;
    // Next year's row of the member's tier and age on the renewal date (the test's cart took the first row of the grid).
    const age = ageOn('1985-04-12', startsOn);
    const row = raised.find((x) => x.tier === 'IO' && x.age_min <= age && age <= x.age_max && x.smoker === null)!;
    expect(r.lines[0].renewal_cents).toBe(Math.round(row.price * 100));
    expect(payments.map((p) => p.amount_cents)).toEqual([b.initial_cents, b.recurring_cents, b.recurring_cents + rise]);
  });
});

/** The demo (its billing seeded): next year's rates from 1 January, priced when the store starts. */
describeEachDb(
  "the demo's renewals",
  (ctx) => {
    it('shows Riley Chen "From 1/1" and lists the rep\'s clients whose price rises or whose plan is discontinued', async () => {
      const ts = ctx();
      const member = ts.client();
      await member.signIn(DEMO.member.email, DEMO.member.password);
      const r = (await member.get('/api/v1/member-home/renewal')).body.data.renewal;
      expect(r.starts_on).toBe(`${Number(todayIso().slice(0, 4)) + 1}-01-01`);
      expect(r.renewal_cents).toBe(Math.round(r.current_cents * 1.12));
      expect(renewalLine(r.starts_on, r.renewal_cents)).toMatch(/^From 1\/1: \$\d+\.\d\d a month$/);

      const rep = ts.client();
      await rep.signIn(DEMO.rep.email, DEMO.rep.password);
      const items = (await rep.get('/api/v1/rep-home/renewals')).body.data.items as { member_name: string; reasons: string[] }[];
      expect(items.find((i) => i.member_name === 'Riley Chen')?.reasons).toEqual(['price_rise']);
      expect(items.find((i) => i.member_name === 'Jamie Garcia')?.reasons).toContain('discontinued');
      expect(items.find((i) => i.member_name === 'Avery Johnson')).toBeUndefined();
    });
  },
  { SEED_DEMO_BILLING: true },
);

/** A group's open enrollment (issue 38): passive unless an operator makes it active; operators only. */
describeEachDb("a group's open enrollment", (ctx) => {
  it('is passive by default and an operator sets it active', async () => {
    const ts = ctx();
    const op = await operatorClient(ts);
    expect((await op.get('/api/admin/groups/3001/open-enrollment')).body.data).toEqual({ open_enrollment: 'passive' });
    const r = await op.put('/api/admin/groups/3001/open-enrollment', { open_enrollment: 'active' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await op.get('/api/admin/groups/3001/open-enrollment')).body.data).toEqual({ open_enrollment: 'active' });
    expect((await op.put('/api/admin/groups/3001/open-enrollment', { open_enrollment: 'sometimes' })).status).toBe(422);
    const admin = ts.client();
    await admin.signIn(DEMO.group.email, DEMO.group.password);
    expect((await admin.put('/api/admin/groups/3001/open-enrollment', { open_enrollment: 'passive' })).status).toBe(401);
  });
});
