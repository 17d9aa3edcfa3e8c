import { expect, it } from 'vitest';
import { describeEachDb, type TestStore } from '../helpers/store.ts';
import { DEMO } from '../helpers/client.ts';
import { agree, CARD, EFT, enrollmentAtStepFive, enrollWith } from '../enrollment/finish/helpers.ts';
import { keepUntil, PURGE_KIND } from '../../src/modules/consent/retention.ts';
import { purgeExpiredAuthorizations } from '../../src/modules/consent/repository.ts';

type Client = ReturnType<TestStore['client']>;
let clock = new Date('2026-11-24T10:00:00Z');

async function completed(ts: TestStore, c: Client, billing: Record<string, unknown>) {
  const id = await enrollmentAtStepFive(ts, c);
  const tabs: string[] = (await c.get('/get-dynamic-tabs', { enrollment_id: id })).body.data
    .filter((t: any) => t.required)
    .map((t: any) => t.tab_name);
  for (const tab of tabs.slice(tabs.indexOf('contact_info') + 1)) {
    let r: { status: number; body: any } | undefined;
    if (tab === 'billing_info') r = await enrollWith(c, id, billing);
    if (tab === 'agreement_info') r = await agree(c, id);
    if (tab === 'review_info') r = await c.post('/api/v1/save-review-info', { enrollment_id: id, additional_notes: '' });
    expect(r?.status, `${tab}: ${JSON.stringify(r?.body)}`).toBe(200);
  }
  return id;
}

describeEachDb(
  'payment authorizations kept two years after the last debit; the quote in the trail (issue 22)',
  (ctx) => {
    it('two years from the last debit, 29 February included', () => {
      expect(keepUntil('2026-12-31')).toBe('2028-12-31');
      expect(keepUntil('2028-02-29')).toBe('2030-03-01');
    });

    it('a cancelled enrollment keeps its authorization two years after its last day; the purge job deletes only those past it', async () => {
      clock = new Date('2026-11-24T10:00:00Z');
      const ts = ctx();
      const c = ts.client();
      const cancelled = await completed(ts, c, EFT);
      const running = await completed(ts, c, CARD);
      const kept = (id: string) => ts.db.selectFrom('payment_authorizations').selectAll().where('enrollment_id', '=', id).execute();
      expect(await kept(cancelled)).toHaveLength(1);
      expect((await kept(cancelled))[0].keep_until).toBeNull();

      const op = ts.client();
      await op.signIn(DEMO.operator.email, DEMO.operator.password);
      const r = await op.post(`/api/admin/enrollments/${cancelled}/cancel`, { reason: 'Moved abroad', date: '2026-12-31' });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const [a] = await kept(cancelled);
      expect(String(a.last_debit_on)).toMatch(/2026-12-31/);
      expect(String(a.keep_until)).toMatch(/2028-12-31/);
      expect((await kept(running))[0].keep_until).toBeNull();
      const job = await ts.db
        .selectFrom('scheduled_jobs')
        .selectAll()
        .where('kind', '=', PURGE_KIND)
        .where('enrollment_id', '=', cancelled)
        .executeTakeFirstOrThrow();
      expect(new Date(job.due_at).toISOString()).toBe('2029-01-01T12:00:00.000Z');

      // The last day of the keeping time: nothing is deleted, by the job or by a purge.
      clock = new Date('2029-01-01T11:30:00Z');
      await ts.app.jobs.runDue();
      await purgeExpiredAuthorizations(ts.db, '2028-12-31');
      expect(await kept(cancelled)).toHaveLength(1);

      // The day after: the job deletes the cancelled enrollment's authorization, never the running one's.
      clock = new Date('2029-01-01T12:30:00Z');
      await ts.app.jobs.runDue();
      expect(await kept(cancelled)).toHaveLength(0);
      expect(await kept(running)).toHaveLength(1);
      clock = new Date('2026-11-24T10:00:00Z');
    });

    it('records the quote that led to the enrollment as the first event of its trail, once', async () => {
      const ts = ctx();
      const c = ts.client();
      const id = await enrollmentAtStepFive(ts, c);
      const events = await ts.db.selectFrom('enrollment_events').selectAll().where('enrollment_id', '=', id).orderBy('seq').execute();
      expect(events.filter((e) => e.event_type === 'quote_made')).toHaveLength(1);
      expect(events[0].event_type).toBe('quote_made');
      const cart = (await c.get('/api/v1/get-plan-cart', { enrollment_id: id })).body.data;
      const detail = typeof events[0].detail === 'string' ? JSON.parse(events[0].detail) : events[0].detail;
      expect(detail).toMatchObject({
        tier: 'IO',
        state: 'NY',
        first_payment: cart.initial_month_cost,
        monthly: cart.recurring_month_cost,
        quotes_mailed: 0,
      });
      expect(detail.plans.map((p: { plan_id: number }) => p.plan_id)).toEqual(cart.result.map((r: { plan_id: number }) => r.plan_id));
    });
  },
  { JOBS_POLL_MS: 0, now: () => clock },
);
