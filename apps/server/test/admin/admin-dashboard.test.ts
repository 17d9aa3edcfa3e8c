import { expect, it } from 'vitest';
import { describeEachDb } from '../helpers/store.ts';
import { DEMO } from '../helpers/client.ts';
import { signedInOperator } from './helpers.ts';
import { startOfEasternDay } from '../../src/modules/admin/dashboard-service.ts';

/** Issue 37: the console opens on a dashboard of today's enrollments and what needs the operator. */
describeEachDb('operator console API: the dashboard', (ctx) => {
  const operator = signedInOperator(ctx);

  it("counts today's enrollments, carrier files waiting or failed, and failed mail, each leading to its page", async () => {
    const c = await operator();
    const before = (await c.get('/api/admin/dashboard')).body.data;
    const db = ctx().db;
    const shopper = ctx().client();
    const quote = await shopper.post('/api/v1/add-filter-for-new-user', {
      zip: '10001',
      dob: '01/15/1985',
      gender: '0',
      tier: 'IO',
      is_smoker: '0',
    });
    const id = quote.body.data.temp_enrollment_id as string;
    await db
      .updateTable('enrollments')
      .set({
        status: 'completed',
        completed_at: new Date(),
        confirmation_number: 'BS-DASH-0001',
        tabs: JSON.stringify({ primary_info: { first_name: 'Dana', last_name: 'Dash' } }),
      })
      .where('id', '=', id)
      .execute();
    await db
      .insertInto('outbox')
      .values({
        kind: 'enrollment-receipt',
        to_address: 'x@example.org',
        subject: 'Receipt that bounced',
        html: '',
        text: '',
        status: 'failed',
        enrollment_id: null,
        sent_at: null,
        last_error: 'refused',
        locked_until: null,
      })
      .execute();
    const carrier = await db.selectFrom('carriers').select(['id', 'ack_window_hours']).orderBy('id').executeTakeFirstOrThrow();
    const file = (n: number, status: 'delivered' | 'rejected', hoursAgo: number) => ({
      id: 990_000 + n,
      carrier_id: carrier.id,
      kind: 'enrollment' as const,
      status,
      file_name: `dash-${n}.x12`,
      content_enc: '',
      interchange_control_number: 990_000 + n,
      group_control_number: 990_000 + n,
      transaction_count: 1,
      ack_errors: '[]',
      delivered_at: new Date(Date.now() - hoursAgo * 3600_000),
    });
    await db
      .insertInto('carrier_files')
      .values([file(1, 'delivered', 1), file(2, 'delivered', carrier.ack_window_hours + 2), file(3, 'rejected', 3)])
      .execute();

    const r = await c.get('/api/admin/dashboard');
    expect(r.status).toBe(200);
    const d = r.body.data;
    expect(d.today.count).toBe(before.today.count + 1);
    expect(d.today.items[0]).toMatchObject({ label: 'Dana Dash', href: `/admin/enrollments/${id}`, detail: 'BS-DASH-0001' });
    expect(d.unacknowledged.count).toBe(before.unacknowledged.count + 2);
    expect(d.unacknowledged.overdue).toBe(before.unacknowledged.overdue + 1);
    expect(d.unacknowledged.items.map((i: { label: string }) => i.label)).toEqual(expect.arrayContaining(['dash-1.x12', 'dash-2.x12']));
    expect(d.failed_files.items[0]).toMatchObject({ label: 'dash-3.x12', href: '/admin/carrier-files/990003' });
    expect(d.failed_mail.count).toBe(before.failed_mail.count + 1);
    expect(d.failed_mail.items[0]).toMatchObject({ label: 'Receipt that bounced' });

    // Yesterday's enrollment is not today's.
    await db
      .updateTable('enrollments')
      .set({ completed_at: new Date(startOfEasternDay(new Date()).getTime() - 60_000) })
      .where('id', '=', id)
      .execute();
    expect((await c.get('/api/admin/dashboard')).body.data.today.count).toBe(before.today.count);
  });

  it('answers operators only', async () => {
    expect((await ctx().client().get('/api/admin/dashboard')).status).toBe(401);
    const member = ctx().client();
    await member.signIn(DEMO.member.email, DEMO.member.password);
    expect((await member.get('/api/admin/dashboard')).status).toBe(401);
  });
});

it('the store day starts at the Eastern midnight', () => {
  expect(startOfEasternDay(new Date('2026-07-04T15:00:00Z')).toISOString()).toBe('2026-07-04T04:00:00.000Z');
  expect(startOfEasternDay(new Date('2026-01-10T03:00:00Z')).toISOString()).toBe('2026-01-09T05:00:00.000Z');
});
