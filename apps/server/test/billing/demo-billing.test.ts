import { expect, it } from 'vitest';
import { todayIso } from '@store/domain/dates';
import { runBillingDay } from '../../src/modules/billing/day-service.ts';
import { LocalOfflineProvider } from '../../src/modules/enrollment/payment/payment-provider.ts';
import { describeEachDb } from '../helpers/store.ts';
import { DEMO } from '../helpers/client.ts';
import { signedIn } from './ledger-fixtures.ts';

/** A fresh install's demo data (demo-billing.ts): its first billing day collects the demo members' premiums. */
describeEachDb(
  'the demo members pay their premiums (issue 36)',
  (ctx) => {
    it('has billing records and paid first payments, and the day of the install collects the next ones', async () => {
      const ts = ctx();
      const records = await ts.db.selectFrom('billing_records').select(['enrollment_id', 'payment_method', 'payment_method_id']).execute();
      expect(records.map((r) => r.payment_method).sort()).toEqual(['cc', 'cc', 'cc', 'eft', 'eft', 'list', 'list']);
      expect(records.every((r) => (r.payment_method === 'list') === (r.payment_method_id === null))).toBe(true);
      const ledger = await ts.db.selectFrom('ledger_entries').select(['kind', 'enrollment_id']).orderBy('id').execute();
      // Five members' first payments, and Acme's check against last month's invoice (issue 39).
      expect(ledger.filter((r) => r.kind === 'payment').map((r) => r.enrollment_id === null)).toEqual([
        false,
        false,
        false,
        false,
        false,
        true,
      ]);
      const invoices = await ts.db.selectFrom('invoices').select(['id', 'group_id', 'amount_due_cents']).orderBy('period').execute();
      expect(invoices.map((i) => i.group_id)).toEqual([3001, 3001]);
      const paid = await ts.db.selectFrom('invoice_payments').select(['invoice_id', 'amount_cents']).execute();
      expect(paid).toEqual([{ invoice_id: invoices[0].id, amount_cents: invoices[0].amount_due_cents }]);
      // Riley Chen, the demo member account, still has no payment method on file (the member home's demo).
      expect(await ts.db.selectFrom('member_payment_methods').select('id').where('user_id', '=', 1001).execute()).toEqual([]);

      const day = todayIso();
      const f = await runBillingDay(
        { db: ts.db, sealer: ts.app.sealer, provider: new LocalOfflineProvider(), achOutDir: ts.app.config.ACH_OUT_DIR },
        day,
      );
      expect(f.added).toBe(5);
      expect(f.cards).toMatchObject({ tried: 3, succeeded: 2, declined: 1 });
      expect(f.invoices).toEqual({ invoices: 0, mailed: 0 });
      expect(f.bank.file?.entries).toBe(2);
      const again = await runBillingDay(
        { db: ts.db, sealer: ts.app.sealer, provider: new LocalOfflineProvider(), achOutDir: ts.app.config.ACH_OUT_DIR },
        day,
      );
      expect([again.added, again.cards.tried, again.bank.file]).toEqual([0, 0, null]);
    });

    it("ties every demo policy to a completed enrollment of its member, the billed plans to their billing record's", async () => {
      const ts = ctx();
      const policies = await ts.db
        .selectFrom('policies as p')
        .leftJoin('enrollments as e', 'e.id', 'p.enrollment_id')
        .leftJoin('billing_records as b', 'b.enrollment_id', 'p.enrollment_id')
        .select([
          'p.user_id',
          'p.plan_id',
          'p.status',
          'p.enrollment_id',
          'e.user_id as member',
          'e.status as enrollment_status',
          'b.lines',
        ])
        .execute();
      expect(policies.length).toBeGreaterThan(0);
      for (const p of policies) {
        expect(p.enrollment_id, `policy of ${p.user_id}, plan ${p.plan_id}`).not.toBeNull();
        expect([p.member, p.enrollment_status]).toEqual([p.user_id, 'completed']);
      }
      // Each billed plan line names a policy of its enrollment (the 820, commissions and the list bill follow it).
      const records = await ts.db.selectFrom('billing_records').select(['enrollment_id', 'lines']).execute();
      for (const r of records) {
        const lines = (typeof r.lines === 'string' ? JSON.parse(r.lines) : r.lines) as {
          kind: string;
          plan_id: number | null;
          monthly_cents: number;
        }[];
        const mine = policies.filter((p) => p.enrollment_id === r.enrollment_id && p.status === 'ACTIVE').map((p) => p.plan_id);
        for (const l of lines.filter((x) => x.kind === 'plan')) expect(mine).toContain(l.plan_id);
        // What the billing record charges for a plan is what its enrollment's cart says it costs (the member home's amount).
        const cart = await ts.db
          .selectFrom('cart_items')
          .select(['plan_id', 'price_cents'])
          .where('enrollment_id', '=', r.enrollment_id)
          .execute();
        expect(
          lines.filter((x) => x.kind === 'plan').map((l) => [l.plan_id, l.monthly_cents]),
          `billing record of ${r.enrollment_id}`,
        ).toEqual(lines.filter((x) => x.kind === 'plan').map((l) => [l.plan_id, cart.find((c) => c.plan_id === l.plan_id)?.price_cents]));
      }
      // Plans that ended are never on the enrollment billed now.
      expect(policies.filter((p) => p.status !== 'ACTIVE' && p.lines !== null)).toEqual([]);
    });

    it("shows the rep the payment standing of every client they wrote, those who enrolled through the rep's page too", async () => {
      const ts = ctx();
      const rep = ts.client();
      await rep.signIn(DEMO.rep.email, DEMO.rep.password);
      const r = await rep.get('/api/v1/rep-home/payment-standing', { limit: 100 });
      expect(r.status).toBe(200);
      // The demo's members paying by card or bank enrolled themselves (no rep's account made their enrollments); the
      // rep home said "No clients with payments yet." beside them in its members and renewals.
      expect((r.body.data.items as { name: string; standing: string }[]).map((i) => i.name).sort()).toEqual([
        'Avery Johnson',
        'Cameron Brooks',
        'Jamie Garcia',
        'Quinn Foster',
        'Taylor Nguyen',
      ]);
    });

    it("shows the console each demo enrollment under its member's name, made on the day it was completed", async () => {
      const ts = ctx();
      const op = await signedIn(ts, DEMO.operator);
      const r = await op.get('/api/admin/enrollments', { q: 'BS-DEMO-1003' });
      expect(r.status).toBe(200);
      // It said "(no name yet)", created on the install's day: a completed enrollment always has its personal info.
      const [row] = r.body.data.items as { first_name: string | null; last_name: string | null; created_at: string }[];
      expect([row.first_name, row.last_name]).toEqual(['Avery', 'Johnson']);
      const e = await ts.db
        .selectFrom('enrollments')
        .select(['completed_at'])
        .where('confirmation_number', '=', 'BS-DEMO-1003')
        .executeTakeFirstOrThrow();
      expect(row.created_at).toBe(new Date(e.completed_at!).toISOString());
      expect((await op.get('/api/admin/enrollments', { q: 'Avery Johnson' })).body.data.items.length).toBeGreaterThan(0);
    });

    it("says the same monthly amount in the member home's coverage and its life events", async () => {
      const ts = ctx();
      const riley = ts.client();
      await riley.signIn(DEMO.member.email, DEMO.member.password);
      const coverage = (await riley.get('/api/v1/member-home')).body.data.coverage as { status: string; monthly_cents: number }[];
      const active = coverage.filter((c) => c.status === 'ACTIVE');
      expect(active.length).toBeGreaterThan(0);
      const total = active.reduce((a, c) => a + c.monthly_cents, 0);
      expect(total).toBeGreaterThan(0);
      // The demo enrollment of a policy holds what its plans cost, as an enrollment the store completed does (its cart):
      // "You pay $0.00 a month" beside "Monthly amount $25.99" before.
      expect((await riley.get('/api/v1/member-home/life-events')).body.data.monthly_cents).toBe(total);
    });
  },
  { SEED_DEMO_BILLING: true },
);
