import { expect, it } from 'vitest';
import { firstDebitBy } from '@store/domain/billing-schedule';
import { isoToUs } from '@store/domain/dates';
import { CHARGE_TEXT, MEMBERSHIP_FEE_CENTS } from '@store/domain/charges';
import { centsToDollars } from '@store/domain/cart';
import { describeEachDb, type TestStore } from '../../helpers/store.ts';
import type { TestClient } from '../../helpers/client.ts';
import { pdfText } from '../../helpers/pdf-text.ts';
import { openedMail } from '../../helpers/mail.ts';
import {
  agree,
  CARD,
  dependent,
  EFT,
  enrollmentAtStepFive,
  PLAN_IDS,
  stepsBeforeBilling as beneficiaryAndHealth,
  enrollWith,
} from './helpers.ts';
import { openPrivateMedia } from '../../../src/lib/private-media.ts';

/**
 * Issue 19: the amounts shown before paying (the cart's summary, which the cart, billing and review screens show)
 * equal the amounts of the receipt, its PDF, the receipt mail and the billing record: a single plan, a family, a
 * premier plan and Term Life with its membership and the 3% administrative fee included.
 */
describeEachDb('what will be charged, from the cart to the billing record', (ctx) => {
  async function stepsBeforeBilling(c: TestClient, id: string, deps: unknown[]) {
    await beneficiaryAndHealth(c, id);
    if (deps.length) {
      const r = await c.post('/api/v1/save-dependent-info', { enrollment_id: id, dependents: deps });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
  }

  async function enroll(ts: TestStore, opts: { tier: string; plans: number[]; deps?: unknown[]; billing: Record<string, unknown> }) {
    const c = ts.client();
    const id = await enrollmentAtStepFive(ts, c, { tier: opts.tier, plans: opts.plans });
    await ts.db.updateTable('enrollments').set({ effective_date: '2099-12-01' }).where('id', '=', id).execute();
    await stepsBeforeBilling(c, id, opts.deps ?? []);
    expect((await c.post('/api/v1/save-review-info', { enrollment_id: id, additional_notes: '' })).status).toBe(200);
    expect((await agree(c, id, { user_name: 'Dana Whitfield' })).status).toBe(200);
    // The billing step's summary once the bill day is chosen (the payment saved, not yet enrolled), then its last Next.
    expect((await c.post('/api/v1/save-billing-info', { enrollment_id: id, ...opts.billing })).status).toBe(200);
    const before = (await c.get('/api/v1/get-plan-cart', { enrollment_id: id })).body.data;
    const done = await enrollWith(c, id, opts.billing);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const receipt = (await c.get('/api/v1/get-receipt', { enrollment_id: id })).body.data;
    const record = await ts.db.selectFrom('billing_records').selectAll().where('enrollment_id', '=', id).executeTakeFirstOrThrow();
    // The PDF the receipt page offers and the mail attaches (its stored bytes).
    const e = await ts.db.selectFrom('enrollments').select('tabs').where('id', '=', id).executeTakeFirstOrThrow();
    const mediaId = (e.tabs as { receipt: { media_id: string } }).receipt.media_id;
    const pdf = await ts.db.selectFrom('media').select('data').where('id', '=', mediaId).executeTakeFirstOrThrow();
    const mail = openedMail(
      ts,
      await ts.db
        .selectFrom('outbox')
        .select(['id', 'html', 'text'])
        .where('enrollment_id', '=', id)
        .where('kind', '=', 'enrollment-receipt')
        .executeTakeFirstOrThrow(),
    );
    // Kept sealed (issue 34): opened as the mail sender opens it.
    const plain = openPrivateMedia(ts.app.sealer, mediaId, pdf.data);
    return { id, before, receipt, record, pdf: await pdfText(new Uint8Array(plain)), mail: mail.text };
  }

  function sameEverywhere(r: Awaited<ReturnType<typeof enroll>>) {
    const s = r.before.summary;
    // The cart's two totals of the specification are the summary's.
    expect([r.before.initial_month_cost, r.before.recurring_month_cost]).toEqual([s.initial, s.recurring]);
    // The receipt shows what the cart showed, and the billing record holds it in cents: the monthly amount with the
    // lines held for evidence of insurability, which the billing run adds once the carrier approves.
    expect(r.receipt.summary).toEqual(s);
    expect([centsToDollars(r.record.initial_cents), centsToDollars(r.record.recurring_cents), r.record.bill_day]).toEqual([
      s.initial,
      centsToDollars(Math.round(Number(s.recurring) * 100) + Math.round(Number(s.held) * 100)),
      s.bill_day,
    ]);
    expect(r.record.lines.map((l: { monthly_cents: number }) => centsToDollars(l.monthly_cents))).toEqual(
      s.lines.map((l: { monthly: string }) => l.monthly),
    );
    for (const doc of [r.pdf, r.mail]) {
      for (const l of s.lines) expect(doc).toContain(`$${l.monthly}/month`);
      expect(doc).toContain(`First Month Total Cost: $${s.initial}`);
      expect(doc).toContain(`Recurring Monthly Cost: $${s.recurring}`);
    }
    return s;
  }

  it('a single plan: the plan and the $5 membership, $X today then $Y on the 28th', async () => {
    const r = await enroll(ctx(), { tier: 'IO', plans: [PLAN_IDS.dentalEssentials], billing: CARD });
    const s = sameEverywhere(r);
    expect(s.lines.map((l: { label: string }) => l.label)).toEqual(['Dental Essentials', CHARGE_TEXT.MEMBERSHIP_LINE]);
    expect(s.lines[1].monthly).toBe(centsToDollars(MEMBERSHIP_FEE_CENTS));
    expect(s).toMatchObject({ bill_day: 28, recurring_from: '2099-12-28' });
    const schedule = `$${s.initial} today, then $${s.recurring} on the 28th of each month`;
    expect(r.pdf).toContain(schedule);
    expect(r.mail).toContain(schedule);
    expect(r.receipt.payment).toEqual({ method: 'cc', brand: 'Visa', bank_name: null, last4: '4242' });
    expect(r.record.payment_label).toBe('Visa card ending 4242');
    // The mail links to the receipt page, on a configured origin.
    expect(r.mail).toMatch(new RegExp(`View your receipt: https?://[^/\\s]+/enrollment/receipt\\?id=${r.id}$`, 'm'));
  });

  it('a family on EFT billed on the 5th', async () => {
    const r = await enroll(ctx(), {
      tier: 'IF',
      plans: [PLAN_IDS.dentalEssentials],
      deps: [dependent('Sam', { birthdate: '02/02/1984' }), dependent('Ava')],
      billing: { ...EFT, bill_date: 5 },
    });
    const s = sameEverywhere(r);
    expect(s).toMatchObject({ bill_day: 5, recurring_from: '2099-12-05' });
    // A bank debit's first payment is said with the day it reaches the account, from the one schedule (decision 2520).
    const first = isoToUs(firstDebitBy(s.first_charge_on));
    const schedule = `$${s.initial} debited by ${first}, then $${s.recurring} on the 5th of each month`;
    expect(r.pdf).toContain(schedule);
    expect(r.mail).toContain(schedule);
    expect(r.receipt.payment).toMatchObject({ method: 'eft', bank_name: 'JPMORGAN CHASE BANK', last4: '9012' });
    expect(JSON.stringify(r.receipt)).not.toContain('123456789012');
    // The family receipt and its PDF list the spouse and the children (issue 37).
    expect(r.receipt.covered.map((p: { name: string; relationship: string }) => p.relationship)).toEqual(['member', 'spouse', 'child']);
    expect(r.receipt.covered.slice(1).map((p: { name: string }) => p.name)).toEqual(['Sam Whitfield', 'Ava Whitfield']);
    expect(r.pdf).toContain('Who is covered');
    expect(r.pdf).toContain('Sam Whitfield (Spouse)');
    expect(r.pdf).toContain('Ava Whitfield (Child)');
  });

  it('a premier plan', async () => {
    const r = await enroll(ctx(), { tier: 'IC', plans: [PLAN_IDS.premierDentalL713], deps: [dependent('Ava')], billing: CARD });
    const s = sameEverywhere(r);
    expect(s.lines.map((l: { label: string }) => l.label)).toEqual(['Premier Dental L713', CHARGE_TEXT.MEMBERSHIP_LINE]);
  });

  it('Term Life 100k with its membership: the 3% fee included and said, the membership not charged twice', async () => {
    const r = await enroll(ctx(), { tier: 'IO', plans: [PLAN_IDS.termLife100k, PLAN_IDS.associationMembership], billing: CARD });
    const s = sameEverywhere(r);
    expect(s.lines.map((l: { label: string }) => l.label)).toEqual(['Term Life 100k', 'Association Membership']);
    const life = s.lines[0];
    expect(Number(life.admin_fee)).toBeGreaterThan(0);
    expect(s.admin_fee).toBe(life.admin_fee);
    // Term Life 100k waits for the carrier's decision on its evidence of insurability: shown, not charged (issue 38).
    expect(life.held).toBe(true);
    expect([s.initial, s.recurring, s.held]).toEqual(['5.00', '5.00', life.monthly]);
    expect(r.pdf).toContain(`Includes $${life.admin_fee} administrative fee (3%)`);
    expect(r.mail).toContain(`Includes $${life.admin_fee} administrative fee (3%)`);
  });
});
