import { expect, it } from 'vitest';
import { describeEachDb } from '../helpers/store.ts';
import { DEMO } from '../helpers/client.ts';
import { read834 } from '../../src/modules/carriers/x12/read-834.ts';
import { fileText } from '../../src/modules/carriers/service.ts';
import { runDailyCarrierJobs } from '../carriers/helpers.ts';
import { lifeMember } from './helpers.ts';

const NEW_ADDRESS = { address1: '77 Harbor Road', address2: 'Apt 4B', city: 'Portland', state: 'me', zip: '04101' };

/** Issue 23: an address change after completion reaches the carriers as an 834 change (INS03 001) with the new N3/N4. */
describeEachDb('the member home: changing the address', (ctx) => {
  let dana: Awaited<ReturnType<typeof lifeMember>>;

  const snapshot = async () => {
    const ts = ctx();
    const member = await ts.db.selectFrom('members').selectAll().where('user_id', '=', dana.userId).executeTakeFirstOrThrow();
    const e = await ts.db.selectFrom('enrollments').select('tabs').where('id', '=', dana.id).executeTakeFirstOrThrow();
    const items = await ts.db.selectFrom('carrier_file_items').select('id').where('enrollment_id', '=', dana.id).execute();
    const events = await ts.db.selectFrom('enrollment_events').select('seq').where('enrollment_id', '=', dana.id).execute();
    const audit = await ts.db.selectFrom('audit_log').select('id').where('action', '=', 'member.address.change').execute();
    return { member, tabs: e.tabs, items: items.length, events: events.length, audit: audit.length };
  };

  it('shows the member the address the carriers hold', async () => {
    dana = await lifeMember(ctx());
    const home = (await dana.member.get('/api/v1/member-home')).body.data;
    const member = await ctx().db.selectFrom('members').selectAll().where('user_id', '=', dana.userId).executeTakeFirstOrThrow();
    expect(member.address1).toBeTruthy();
    expect(home.address).toMatchObject({ address1: member.address1, city: member.city, state: member.state, zip: member.zip });
  });

  it('refuses a bad zip and a missing street with a 422 naming the fields, and changes nothing', async () => {
    const before = await snapshot();
    const r = await dana.member.put('/api/v1/member-home/address', { ...NEW_ADDRESS, address1: '', zip: '4101' });
    expect(r.status, JSON.stringify(r.body)).toBe(422);
    const targets = (r.body.data as { target_element: string; error_message: string }[]).map((e) => e.target_element);
    expect(targets).toEqual(expect.arrayContaining(['zip', 'address1']));
    expect(r.body.data.find((e: any) => e.target_element === 'zip').error_message).toMatch(/5 digit/i);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses anonymous (401), a rep, a group and the operator (403), and changes nothing', async () => {
    const before = await snapshot();
    expect((await ctx().client().put('/api/v1/member-home/address', NEW_ADDRESS)).status).toBe(401);
    for (const who of [DEMO.rep, DEMO.group, DEMO.operator]) {
      const c = ctx().client();
      await c.signIn(who.email, who.password);
      expect((await c.put('/api/v1/member-home/address', NEW_ADDRESS)).status, who.email).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("another member's change touches only their own row, never Dana's enrollment", async () => {
    const before = await snapshot();
    const riley = ctx().client();
    await riley.signIn(DEMO.member.email, DEMO.member.password);
    const r = await riley.put('/api/v1/member-home/address', { ...NEW_ADDRESS, address1: '9 Elm Court' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const after = await snapshot();
    expect(after.member).toEqual(before.member);
    expect({ ...after, audit: before.audit }).toEqual(before);
    const rileyHome = (await riley.get('/api/v1/member-home')).body.data;
    expect(rileyHome.address).toMatchObject({ address1: '9 Elm Court', city: 'Portland', state: 'ME', zip: '04101' });
  });

  it('a change is saved, audited, on the trail, and sent to the carrier as an 834 change with the new N3/N4', async () => {
    const ts = ctx();
    const itemsBefore = await ts.db.selectFrom('carrier_file_items').selectAll().where('enrollment_id', '=', dana.id).execute();
    expect(itemsBefore.map((i) => i.maintenance)).toEqual(['021']);
    const r = await dana.member.put('/api/v1/member-home/address', NEW_ADDRESS);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toEqual({ address: { ...NEW_ADDRESS, state: 'ME' }, carrier_files: 1 });

    const audit = await ts.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'member.address.change')
      .where('target', '=', `member:${dana.userId}`)
      .execute();
    expect(audit).toHaveLength(1);
    const events = await ts.db
      .selectFrom('enrollment_events')
      .selectAll()
      .where('enrollment_id', '=', dana.id)
      .orderBy('seq', 'desc')
      .execute();
    expect(events[0]).toMatchObject({ event_type: 'step_saved' });
    expect(events[0].detail).toMatchObject({ step: 'contact_info', source: 'member-home' });

    // The change waits for the carrier's daily job (issue 34: a day's changes make one file).
    await runDailyCarrierJobs(ts);
    const items = await ts.db.selectFrom('carrier_file_items').selectAll().where('enrollment_id', '=', dana.id).orderBy('id').execute();
    expect(items.map((i) => i.maintenance)).toEqual(['021', '001']);
    const file = await ts.db.selectFrom('carrier_files').selectAll().where('id', '=', items[1].file_id!).executeTakeFirstOrThrow();
    const back = read834(fileText(ts.app, file));
    expect(back.enrollments).toHaveLength(1);
    expect(back.enrollments[0]).toMatchObject({ maintenance: '001', subscriberId: String(dana.userId) });
    const subscriber = back.enrollments[0].members[0];
    expect(subscriber).toMatchObject({ relationship: '18', lastName: 'Whitfield' });
    expect(subscriber.address).toEqual({ line1: '77 Harbor Road', line2: 'Apt 4B', city: 'Portland', state: 'ME', zip: '04101' });
    // The first file still carries the old address: the change is a new file, not a rewrite.
    const first = await ts.db.selectFrom('carrier_files').selectAll().where('id', '=', items[0].file_id!).executeTakeFirstOrThrow();
    expect(read834(fileText(ts.app, first)).enrollments[0].members[0].address?.line1).not.toBe('77 Harbor Road');

    const e = await ts.db.selectFrom('enrollments').select('tabs').where('id', '=', dana.id).executeTakeFirstOrThrow();
    const tabs = (typeof e.tabs === 'string' ? JSON.parse(e.tabs) : e.tabs) as Record<string, Record<string, unknown>>;
    expect(tabs.contact_info).toMatchObject({ ...NEW_ADDRESS, state: 'ME' });
    const home = (await dana.member.get('/api/v1/member-home')).body.data;
    expect(home.address).toEqual({ ...NEW_ADDRESS, state: 'ME' });
  });
});
