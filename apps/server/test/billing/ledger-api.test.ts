import { expect, it } from 'vitest';
import { todayIso } from '@store/domain/dates';
import { totalsOf } from '@store/domain/ledger';
import { DEMO, type TestClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/store.ts';
import { secondFactorCheckedAgo } from '../security/fixtures.ts';
import { fieldsOf, ledgerMember, runCards, signedIn } from './ledger-fixtures.ts';

/** The store's clock (the member's "today"; the billing run's day is passed to it). */
let clock = new Date('2026-12-06T15:00:00Z');

describeEachDb(
  "the ledger's readers: member, rep and console",
  (ts) => {
    let paying: Awaited<ReturnType<typeof ledgerMember>>;
    let declined: Awaited<ReturnType<typeof ledgerMember>>;
    const recorded = todayIso(new Date());
    let signedInOperator: TestClient | undefined;
    /** One operator sign-in for the suite (each sign-in takes a step of the authenticator). */
    const operator = async () => (signedInOperator ??= await signedIn(ts(), DEMO.operator));

    it("shows the member what was paid, what is due next and when, and a failed payment; only the member's own", async () => {
      paying = await ledgerMember(ts(), { card: '4242424242424242' }, 'Paula');
      declined = await ledgerMember(ts(), { card: '4000000000000341' }, 'Dana');
      await runCards(ts(), '2026-12-05');
      clock = new Date('2026-12-06T15:00:00Z');

      const mine = await (await paying.signIn()).get('/api/v1/member-home/payments');
      expect(mine.status).toBe(200);
      expect(mine.body.data.enrollments).toEqual([
        expect.objectContaining({
          enrollment_id: paying.id,
          confirmation_number: paying.confirmation,
          method: 'card',
          standing: 'current',
          paid: [{ period: '2027-01', amount_cents: 3199, on: recorded }],
          refunded: [],
          next: { period: '2027-02', due_on: '2027-01-05', amount_cents: 3199 },
          failed: null,
        }),
      ]);
      const theirs = await (await declined.signIn()).get('/api/v1/member-home/payments');
      expect(theirs.body.data.enrollments).toEqual([
        expect.objectContaining({
          enrollment_id: declined.id,
          standing: 'retrying',
          paid: [],
          failed: {
            period: '2027-01',
            amount_cents: 3199,
            due_on: '2026-12-05',
            reason: 'The card was declined.',
            next_try_on: '2026-12-08',
            grace_ends_on: '2027-01-05',
            // A plain decline: nothing for the member to confirm with their bank (3-D Secure, decision 2670).
            confirm_payment_id: null,
          },
        }),
      ]);
      expect((await ts().client().get('/api/v1/member-home/payments')).status).toBe(401);
      expect((await (await signedIn(ts(), DEMO.rep)).get('/api/v1/member-home/payments')).status).toBe(403);
    });

    it("shows the rep each client's payment standing: current, retrying, in grace, ended", async () => {
      const rep = await signedIn(ts(), DEMO.rep);
      const standing = async () => {
        const r = await rep.get('/api/v1/rep-home/payment-standing', { limit: 100 });
        expect(r.status).toBe(200);
        return Object.fromEntries(
          (r.body.data.items as { enrollment_id: string; standing: string; since: string | null }[])
            .filter((i) => [paying.id as string, declined.id].includes(i.enrollment_id))
            .map((i) => [i.enrollment_id === paying.id ? 'paying' : 'declined', [i.standing, i.since]]),
        );
      };
      expect(await standing()).toEqual({ paying: ['current', null], declined: ['retrying', '2026-12-05'] });
      for (const day of ['2026-12-08', '2026-12-10', '2026-12-12']) await runCards(ts(), day);
      clock = new Date('2026-12-20T15:00:00Z');
      expect(await standing()).toEqual({ paying: ['current', null], declined: ['in_grace', '2026-12-05'] });
      clock = new Date('2027-01-06T15:00:00Z');
      expect((await standing()).declined).toEqual(['ended', '2026-12-05']);
      clock = new Date('2026-12-20T15:00:00Z');

      const names = (await rep.get('/api/v1/rep-home/payment-standing')).body.data.items.map((i: { name: string }) => i.name);
      expect(names).toEqual(expect.arrayContaining(['Paula Ledger', 'Dana Ledger']));
      expect(fieldsOf(await rep.get('/api/v1/rep-home/payment-standing', { limit: 0 })).map(([f]) => f)).toEqual(['limit']);
      expect((await (await paying.signIn()).get('/api/v1/rep-home/payment-standing')).status).toBe(403);
      expect((await ts().client().get('/api/v1/rep-home/payment-standing')).status).toBe(401);
    });

    it('answers the console the ledger by confirmation, member or day, with day totals equal to the sum of the rows', async () => {
      const op = await operator();
      const byConfirmation = await op.get('/api/admin/ledger', { confirmation: declined.confirmation.toLowerCase() });
      expect(byConfirmation.status).toBe(200);
      expect(byConfirmation.body.data.rows.map((r: any) => [r.kind, r.amount_cents, r.period, r.status, r.reason, r.method])).toEqual([
        ['charge', 3199, '2027-01', 'failed', null, 'card'],
        ['decline', 3199, '2027-01', 'failed', 'card_declined', 'card'],
        ['decline', 3199, '2027-01', 'failed', 'card_declined', 'card'],
        ['decline', 3199, '2027-01', 'failed', 'card_declined', 'card'],
        ['decline', 3199, '2027-01', 'failed', 'card_declined', 'card'],
      ]);
      expect(byConfirmation.body.data.rows[0]).toMatchObject({ confirmation_number: declined.confirmation, member: 'Dana Ledger' });

      const byEmail = await op.get('/api/admin/ledger', { member: paying.email.toUpperCase() });
      const byNumber = await op.get('/api/admin/ledger', { member: String(paying.userId) });
      expect(byEmail.body.data.rows.map((r: any) => [r.kind, r.amount_cents, r.status])).toEqual([
        ['charge', 3199, 'succeeded'],
        ['payment', 3199, 'succeeded'],
      ]);
      expect(byNumber.body.data.rows).toEqual(byEmail.body.data.rows);

      const day = await op.get('/api/admin/ledger', { date: recorded });
      expect(day.body.data.truncated).toBe(false);
      expect(day.body.data.rows).toHaveLength(7);
      expect(day.body.data.totals).toEqual(totalsOf(day.body.data.rows));
      expect(day.body.data.totals.card).toMatchObject({ charge: 6398, payment: 3199, decline: 4 * 3199, refund: 0 });
      expect(day.body.data.totals.eft).toMatchObject({ charge: 0, payment: 0 });
      expect((await op.get('/api/admin/ledger', { date: '2026-01-01' })).body.data).toMatchObject({ rows: [] });

      expect(fieldsOf(await op.get('/api/admin/ledger'))).toEqual([['confirmation', 'Give a confirmation number, a member or a day.']]);
      expect(fieldsOf(await op.get('/api/admin/ledger', { date: '2026-02-30' }))).toEqual([['date', 'Enter the day as YYYY-MM-DD.']]);
      expect((await (await paying.signIn()).get('/api/admin/ledger', { date: recorded })).status).toBe(403);
      const chain = await op.get('/api/admin/ledger/chain');
      expect(chain.body.data).toEqual({ rows: 7, problems: [] });
      expect((await (await paying.signIn()).get('/api/admin/ledger/chain')).status).toBe(403);
      expect((await ts().client().get('/api/admin/ledger', { date: recorded })).status).toBe(401);
    });

    it('exports the same rows as CSV, amounts in dollars', async () => {
      const op = await operator();
      const r = await op.get('/api/admin/ledger.csv', { date: recorded });
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toContain('text/csv');
      const lines = String(r.body).trim().split('\r\n');
      expect(lines[0]).toBe('Row,Recorded,Kind,Amount,Billing period,Status,Reason,Method,Confirmation number,Member');
      expect(lines).toHaveLength(8);
      expect(lines.filter((l) => l.includes(',payment,31.99,2027-01,succeeded,,card,'))).toHaveLength(1);
      expect((await (await signedIn(ts(), DEMO.rep)).get('/api/admin/ledger.csv', { date: recorded })).status).toBe(403);
      expect(fieldsOf(await op.get('/api/admin/ledger.csv')).map(([f]) => f)).toEqual(['confirmation']);
    });

    it('refunds a card payment once per key, never more than was paid, after a fresh second factor', async () => {
      const op = await operator();
      const [payment] = await ts().db.selectFrom('premium_payments').select(['id']).where('enrollment_id', '=', paying.id).execute();
      const [failedPayment] = await ts()
        .db.selectFrom('premium_payments')
        .select(['id'])
        .where('enrollment_id', '=', declined.id)
        .execute();
      const refund = (body: object) =>
        op.post('/api/admin/ledger/refunds', { payment_id: payment.id, key: 'key-00000001', reason: 'Duplicate', ...body });
      const refunds = async () =>
        (
          await ts()
            .db.selectFrom('ledger_entries')
            .select(['amount_cents'])
            .where('kind', '=', 'refund')
            .where('payment_id', '=', payment.id)
            .execute()
        ).map((r) => r.amount_cents);

      expect(fieldsOf(await refund({ amount: '31.991' }))).toEqual([['amount', 'Enter an amount in dollars and cents, more than $0.00.']]);
      expect(fieldsOf(await refund({ amount: '0' })).map(([f]) => f)).toEqual(['amount']);
      expect(fieldsOf(await refund({ amount: '10', reason: ' ' })).map(([f]) => f)).toEqual(['reason']);
      expect(fieldsOf(await refund({ amount: '31.99', key: 'key-00000002', payment_id: failedPayment.id }))).toEqual([
        ['payment_id', 'This payment was not paid.'],
      ]);
      expect(fieldsOf(await refund({ amount: '32.00' }))).toEqual([
        ['amount', 'A refund cannot be more than what was paid and not yet refunded.'],
      ]);
      expect(await refunds()).toEqual([]);

      await secondFactorCheckedAgo(ts(), op, 6 * 60_000);
      const stale = await refund({ amount: '10.00' });
      expect(stale.status).toBe(403);
      expect(stale.body.data.map((f: any) => f.target_element)).toEqual(['second_factor']);
      expect(await refunds()).toEqual([]);
      // A code given now (the console's dialog: POST /api/auth/second-factor/check) makes it fresh again.
      await secondFactorCheckedAgo(ts(), op, 0);

      const first = await refund({ amount: '10.00' });
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body.data).toMatchObject({ amount_cents: 1000, refunded_cents: 1000 });
      const again = await refund({ amount: '10.00' });
      expect(again.body.data.ledger_id).toBe(first.body.data.ledger_id);
      expect(await refunds()).toEqual([1000]);
      expect((await refund({ amount: '21.99', key: 'key-00000003' })).body.data).toMatchObject({ refunded_cents: 3199 });
      expect(fieldsOf(await refund({ amount: '0.01', key: 'key-00000004' })).map(([f]) => f)).toEqual(['amount']);
      expect(await refunds()).toEqual([1000, 2199]);
      const audit = await ts()
        .db.selectFrom('audit_log')
        .select(['action', 'target', 'detail'])
        .where('action', '=', 'ledger.refund')
        .execute();
      expect(audit.map((a) => [a.target, (a.detail as any).amount_cents])).toEqual([
        [`premium_payment:${payment.id}`, 1000],
        [`premium_payment:${payment.id}`, 2199],
      ]);
      const home = await (await paying.signIn()).get('/api/v1/member-home/payments');
      expect(home.body.data.enrollments[0].refunded.map((r: any) => r.amount_cents)).toEqual([1000, 2199]);
      expect(
        (
          await (
            await signedIn(ts(), DEMO.rep)
          ).post('/api/admin/ledger/refunds', { payment_id: payment.id, amount: '1.00', reason: 'x', key: 'key-00000009' })
        ).status,
      ).toBe(403);
    }, 120_000);
  },
  { now: () => clock },
);
