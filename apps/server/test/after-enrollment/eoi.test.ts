import { expect, it } from 'vitest';
import { EOI_TEXT } from '@store/domain/coverage-changes';
import { EOI_PENDING_NOTE } from '@store/domain/receipt';
import { describeEachDb } from '../helpers/store.ts';
import { DEMO } from '../helpers/client.ts';
import { createDuePayments } from '../../src/modules/billing/run-service.ts';
import { paymentsOf } from '../../src/modules/billing/repository.ts';
import { read834 } from '../../src/modules/carriers/x12/read-834.ts';
import { parseX12 } from '../../src/modules/carriers/x12/parse.ts';
import { EOI_MAIL_KIND } from '../../src/modules/eoi/index.ts';
import { runDailyCarrierJobs } from '../carriers/helpers.ts';
import { enrollmentAtStepFive } from '../enrollment/finish/helpers.ts';
import { todayIso } from '@store/domain/dates';
import { enrollInPlans, itemsOf, latestFileText, mailsOf, memberClient, operatorClient, PLAN_IDS, policiesOf } from './helpers.ts';

/**
 * Issue 38, evidence of insurability: Term Life 100k completes 'Pending evidence of insurability'; nothing of it (nor of
 * the membership added with it) is billed and its 834 waits until the operator records the carrier's approval.
 */
describeEachDb('evidence of insurability', (ctx) => {
  const billOn = async (id: string) => {
    const b = await ctx().db.selectFrom('billing_records').selectAll().where('enrollment_id', '=', id).executeTakeFirstOrThrow();
    const from: unknown = b.recurring_from;
    return { b, recurringFrom: (from instanceof Date ? from.toISOString() : String(from)).slice(0, 10) };
  };
  const lineCents = (b: { lines: unknown }, planId: number) =>
    (typeof b.lines === 'string' ? JSON.parse(b.lines) : (b.lines as { plan_id: number; monthly_cents: number }[])).find(
      (l: { plan_id: number }) => l.plan_id === planId,
    ).monthly_cents as number;

  it('a pending Term Life bills nothing and sends no 834 until approval; approval starts both from the first of next month', async () => {
    const ts = ctx();
    const id = await enrollInPlans(ts, [PLAN_IDS.dentalEssentials, PLAN_IDS.termLife100k, PLAN_IDS.associationMembership]);
    const pol = await policiesOf(ts, id);
    expect(pol.map((p) => [p.plan_id, p.status, p.eoi_status])).toEqual([
      [PLAN_IDS.dentalEssentials, 'ACTIVE', null],
      [PLAN_IDS.termLife100k, 'ACTIVE', 'pending'],
      [PLAN_IDS.associationMembership, 'ACTIVE', 'pending'],
    ]);
    // The receipt mail says so, with the expected decision time.
    const [receipt] = await mailsOf(ts, id, 'enrollment-receipt');
    expect(receipt.text).toContain(EOI_PENDING_NOTE.replace('{{plan}}', 'Term Life 100k'));
    expect(receipt.text).not.toContain(EOI_PENDING_NOTE.replace('{{plan}}', 'Dental Essentials'));
    // The rep sees the status (never the answers).
    const rep = ts.client();
    await rep.signIn(DEMO.rep.email, DEMO.rep.password);
    const userId = (await ts.db.selectFrom('enrollments').select('user_id').where('id', '=', id).executeTakeFirstOrThrow()).user_id;
    const members = await rep.get('/api/v1/rep-home/members', { q: 'Whitfield' });
    expect(members.status, JSON.stringify(members.body)).toBe(200);
    const mine = members.body.data.items.find((m: { user_id: number }) => m.user_id === userId);
    expect(mine.plans).toContainEqual({ plan_name: 'Term Life 100k', plan_status: 'ACTIVE', eoi_status: 'pending' });
    expect(JSON.stringify(mine)).not.toContain('health');
    await runDailyCarrierJobs(ts);
    // The dental carrier got its addition; the life carrier got nothing.
    expect((await itemsOf(ts, id)).map((i) => i[0])).not.toContain('National Life Carrier');
    expect(await itemsOf(ts, id)).toContainEqual(['National Dental Carrier', '021', null, true]);

    // The first payment, taken at completion, and the billing run's next one charge the dental plan only.
    const { b, recurringFrom } = await billOn(id);
    const dental = lineCents(b, PLAN_IDS.dentalEssentials);
    expect(b.recurring_cents).toBeGreaterThan(dental);
    // What the billing step's button said it would take today is what was taken: the dental plan alone.
    expect(b.initial_cents).toBe(dental);
    expect((await paymentsOf(ts.db, id)).map((p) => p.amount_cents)).toEqual([dental]);
    await createDuePayments(ts.db, recurringFrom);
    expect((await paymentsOf(ts.db, id)).map((p) => p.amount_cents)).toEqual([dental, dental]);

    // The console lists the case; the operator records the carrier's approval.
    const op = await operatorClient(ts);
    const list = await op.get('/api/admin/eoi');
    expect(list.status).toBe(200);
    const lifePolicy = pol.find((p) => p.plan_id === PLAN_IDS.termLife100k)!;
    const c = list.body.data.cases.find((x: { policy_id: number }) => x.policy_id === lifePolicy.policy_id);
    expect(c).toMatchObject({ plan_name: 'Term Life 100k', eoi_status: 'pending', member_name: 'Dana Whitfield' });
    expect(list.body.data.cases.some((x: { plan_id: number }) => x.plan_id === PLAN_IDS.associationMembership)).toBe(false);
    expect(list.body.data.plans.find((p: { plan_id: number }) => p.plan_id === PLAN_IDS.termLife100k).needs_evidence).toBe(true);
    expect(list.body.data.plans.find((p: { plan_name: string }) => p.plan_name === 'Guaranteed Issue Life').needs_evidence).toBe(false);

    const bad = await op.post(`/api/admin/eoi/${lifePolicy.policy_id}/decision`, { decision: 'approved', reference: '' });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain(EOI_TEXT.REFERENCE_REQUIRED);
    const r = await op.post(`/api/admin/eoi/${lifePolicy.policy_id}/decision`, { decision: 'approved', reference: 'NLC-7781' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const startsOn = r.body.data.effective_date as string;
    expect(startsOn).toMatch(/^\d{4}-\d{2}-01$/);
    expect(startsOn > new Date().toISOString().slice(0, 10)).toBe(true);
    expect(
      (await op.post(`/api/admin/eoi/${lifePolicy.policy_id}/decision`, { decision: 'declined', reference: 'x', reason: 'y' })).status,
    ).toBe(409);
    expect((await policiesOf(ts, id)).map((p) => [p.plan_id, p.eoi_status, p.eoi_status ? p.effective_date : null])).toEqual([
      [PLAN_IDS.dentalEssentials, null, null],
      [PLAN_IDS.termLife100k, 'approved', startsOn],
      [PLAN_IDS.associationMembership, 'approved', startsOn],
    ]);

    // The life carrier's addition (INS03 021, the one plan, from the first of next month), read back by our reader.
    await runDailyCarrierJobs(ts);
    expect(await itemsOf(ts, id)).toContainEqual(['National Life Carrier', '021', PLAN_IDS.termLife100k, true]);
    const text = await latestFileText(ts, id);
    const [e] = read834(text).enrollments;
    expect(e.maintenance).toBe('021');
    expect(e.coverages).toEqual([expect.objectContaining({ effectiveDate: startsOn })]);
    const ins = parseX12(text).groups[0].transactions[0].segments.find((s) => s.tag === 'INS')!;
    expect(ins.elements.slice(0, 4)).toEqual(['Y', '18', '021', '28']);

    // The next bill charges the whole premium again.
    const next = (await paymentsOf(ts.db, id)).length;
    const day = new Date(Date.parse(recurringFrom) + 31 * 86_400_000).toISOString().slice(0, 10);
    await createDuePayments(ts.db, day);
    const payments = await paymentsOf(ts.db, id);
    expect(payments.length).toBe(next + 1);
    expect(payments.at(-1)!.amount_cents).toBe(b.recurring_cents);

    const mail = (await mailsOf(ts, id, EOI_MAIL_KIND))[0];
    expect(mail.subject).toBe('Your Term Life 100k was approved');
    expect(mail.text).toContain('NLC-7781');
  });

  it('the cart, the billing step and the receipt say the held plan is not charged, and what is taken today', async () => {
    const ts = ctx();
    const c = ts.client();
    const id = await enrollmentAtStepFive(ts, c, { tier: 'IO', plans: [PLAN_IDS.dentalEssentials, PLAN_IDS.termLife100k] });
    const cart = (await c.get('/api/v1/get-plan-cart', { enrollment_id: id })).body.data.summary;
    const line = (planId: number | null) => cart.lines.find((l: { plan_id: number | null }) => l.plan_id === planId);
    expect(line(PLAN_IDS.termLife100k).held).toBe(true);
    expect(line(PLAN_IDS.dentalEssentials).held).toBe(false);
    // The membership is charged with the dental plan, which does not wait.
    const billed = cart.lines
      .filter((l: { held: boolean }) => !l.held)
      .reduce((a: number, l: { monthly: string }) => a + Math.round(Number(l.monthly) * 100), 0);
    expect(Math.round(Number(cart.initial) * 100)).toBe(billed);
    expect(Math.round(Number(cart.recurring) * 100)).toBe(billed);
    expect(cart.held).toBe(line(PLAN_IDS.termLife100k).monthly);
  });

  it('a decline ends the plan, bills nothing of it, tells no carrier, and mails why and what the person may do', async () => {
    const ts = ctx();
    const id = await enrollInPlans(ts, [PLAN_IDS.termLife100k, PLAN_IDS.associationMembership]);
    const { recurringFrom } = await billOn(id);
    await createDuePayments(ts.db, recurringFrom);
    expect(await paymentsOf(ts.db, id)).toEqual([]);
    const life = (await policiesOf(ts, id)).find((p) => p.plan_id === PLAN_IDS.termLife100k)!;
    const op = await operatorClient(ts);
    const noReason = await op.post(`/api/admin/eoi/${life.policy_id}/decision`, { decision: 'declined', reference: 'NLC-1' });
    expect(noReason.status).toBe(422);
    expect(JSON.stringify(noReason.body)).toContain(EOI_TEXT.REASON_REQUIRED);
    const r = await op.post(`/api/admin/eoi/${life.policy_id}/decision`, {
      decision: 'declined',
      reference: 'NLC-1',
      reason: 'The medical history given does not meet the underwriting guidelines.',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await policiesOf(ts, id)).map((p) => [p.status, p.eoi_status])).toEqual([
      ['INACTIVE', 'declined'],
      ['INACTIVE', 'declined'],
    ]);
    await runDailyCarrierJobs(ts);
    expect(await itemsOf(ts, id)).toEqual([]);
    await createDuePayments(ts.db, new Date(Date.parse(recurringFrom) + 62 * 86_400_000).toISOString().slice(0, 10));
    expect(await paymentsOf(ts.db, id)).toEqual([]);
    const [mail] = await mailsOf(ts, id, EOI_MAIL_KIND);
    expect(mail.subject).toBe('Your Term Life 100k was declined');
    expect(mail.text).toContain('does not meet the underwriting guidelines');
    expect(mail.text).toContain(EOI_TEXT.DECLINED_NEXT);
  });

  it('only an operator sees or decides cases; the plan setting is the operator’s', async () => {
    const ts = ctx();
    expect((await ts.client().get('/api/admin/eoi')).status).toBe(401);
    const op = await operatorClient(ts);
    const r = await op.put(`/api/admin/eoi/plans/${PLAN_IDS.dentalEssentials}`, { needs_evidence: true });
    expect(r.status).toBe(200);
    expect(r.body.data.needs_evidence).toBe(true);
    await op.put(`/api/admin/eoi/plans/${PLAN_IDS.dentalEssentials}`, { needs_evidence: false });
  });
  it('a declined life event change of plan leaves the earlier plan running and billed, with nothing sent', async () => {
    const ts = ctx();
    const op = await operatorClient(ts);
    expect((await op.put(`/api/admin/eoi/plans/${PLAN_IDS.dentalPreferredPlus}`, { needs_evidence: true })).status).toBe(200);
    const id = await enrollInPlans(ts, [PLAN_IDS.dentalEssentials]);
    const member = await memberClient(ts, id);
    const ev = await member.post('/api/v1/member-home/life-events', { event_type: 'move', event_date: todayIso() });
    expect(ev.status, JSON.stringify(ev.body)).toBe(200);
    const change = await member.post(`/api/v1/member-home/life-events/${ev.body.data.id}/plan-change`, {
      from_plan_id: PLAN_IDS.dentalEssentials,
      to_plan_id: PLAN_IDS.dentalPreferredPlus,
    });
    expect(change.status, JSON.stringify(change.body)).toBe(200);
    const { b: before } = await billOn(id);
    const items = (await itemsOf(ts, id)).length;
    const pending = (await policiesOf(ts, id)).find((p) => p.plan_id === PLAN_IDS.dentalPreferredPlus)!;
    const r = await op.post(`/api/admin/eoi/${pending.policy_id}/decision`, {
      decision: 'declined',
      reference: 'DEN-9',
      reason: 'Medical history',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const now = await policiesOf(ts, id);
    expect(now.find((p) => p.plan_id === PLAN_IDS.dentalEssentials)).toMatchObject({ status: 'ACTIVE', ends_on: null });
    expect(now.find((p) => p.plan_id === PLAN_IDS.dentalPreferredPlus)).toMatchObject({ status: 'INACTIVE', eoi_status: 'declined' });
    const { b: after } = await billOn(id);
    expect(after.recurring_cents).toBe(before.recurring_cents);
    expect(lineCents(after, PLAN_IDS.dentalEssentials)).toBe(lineCents(before, PLAN_IDS.dentalEssentials));
    expect(await itemsOf(ts, id)).toHaveLength(items);
    // An enrollment, two sign-ins and a life event: past the 30 s default on a loaded machine (30.5 s seen at load 17).
  }, 90_000);
});
