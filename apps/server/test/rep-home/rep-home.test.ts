import { expect, it } from 'vitest';
import { RESEND_SENT } from '@store/domain/rep-home';
import { describeEachDb } from '../helpers/store.ts';
import { DEMO } from '../helpers/client.ts';
import { CONTACT, PERSONAL, newEnrollment } from '../enrollment/helpers.ts';
import { OTHER_REP, accountId, addCompleted, addInProgress, addOtherRep } from './helpers.ts';

const LISTS = ['members', 'in-progress', 'completed', 'quotes'] as const;

describeEachDb('rep home (book of business)', (ctx) => {
  it("shows the rep's enrollment in progress with the step and the reminder state; another rep, a group, a member and nobody are refused", async () => {
    const ts = ctx();
    const rep = ts.client();
    await rep.signIn(DEMO.rep.email, DEMO.rep.password);
    const id = await newEnrollment(ts, rep, { eprocess: 'rep', group_id: 3001, type: 'new-group-member' });
    expect((await rep.post('/api/v1/save-personal-info', { enrollment_id: id, ...PERSONAL })).status).toBe(200);

    const list = await rep.get('/api/v1/rep-home/in-progress', { q: 'dana whit' });
    expect(list.status).toBe(200);
    expect(list.body.data).toMatchObject({ total: 1, page: 1, limit: 10 });
    expect(list.body.data.items[0]).toMatchObject({
      enrollment_id: id,
      name: 'Dana Whitfield',
      step: 'primary_info',
      reminder_sent_at: null,
      can_resend: false,
    });

    // Saved for later with an e-mail: the code can be sent again, through the same mail as Save & Continue Later.
    expect(
      (await rep.post('/api/v1/save-enrollment', { enrollment_id: id, email: 'dana@example.org', tab: 'contact_info', data: CONTACT }))
        .status,
    ).toBe(200);
    const after = (await rep.get('/api/v1/rep-home/in-progress', { q: 'Whitfield' })).body.data.items[0];
    expect(after).toMatchObject({ step: 'contact_info', can_resend: true });
    const resent = await rep.post(`/api/v1/rep-home/in-progress/${id}/resend-code`);
    expect(resent.status).toBe(200);
    expect(resent.body.data.message).toBe(RESEND_SENT);
    const codes = await ts.db
      .selectFrom('outbox')
      .select(['to_address', 'subject'])
      .where('enrollment_id', '=', id)
      .where('kind', '=', 'enrollment-code')
      .execute();
    expect(codes).toEqual([
      { to_address: 'dana@example.org', subject: 'Your enrollment code' },
      { to_address: 'dana@example.org', subject: 'Your enrollment code' },
    ]);
    // A reminder that went out (the reminders job's mail, sent) shows with its time.
    const sentAt = new Date('2026-11-20T15:00:00Z');
    await ts.db
      .insertInto('outbox')
      .values({
        kind: 'enrollment-reminder',
        to_address: 'dana@example.org',
        subject: 's',
        html: '',
        text: '',
        enrollment_id: id,
        status: 'sent',
        sent_at: sentAt,
      })
      .execute();
    expect((await rep.get('/api/v1/rep-home/in-progress', { q: 'Whitfield' })).body.data.items[0].reminder_sent_at).toBe(
      sentAt.toISOString(),
    );
    const opened = await rep.post(`/api/v1/rep-home/in-progress/${id}/open`);
    expect(opened.status).toBe(200);
    expect(opened.body.data).toMatchObject({ enrollment_id: id, saved_tab: 'contact_info' });

    // Another rep: sees none of it, and its actions on it are refused.
    await addOtherRep(ts);
    const other = ts.client();
    await other.signIn(OTHER_REP.email, OTHER_REP.password);
    for (const l of LISTS) {
      const r = await other.get(`/api/v1/rep-home/${l}`);
      expect(r.status).toBe(200);
      expect(r.body.data.total).toBe(0);
      const csv = await other.get(`/api/v1/rep-home/${l}/export.csv`);
      expect(csv.status).toBe(200);
      expect(String(csv.body).trim().split('\r\n')).toHaveLength(1);
    }
    expect((await other.post(`/api/v1/rep-home/in-progress/${id}/resend-code`)).status).toBe(404);
    expect((await other.post(`/api/v1/rep-home/in-progress/${id}/open`)).status).toBe(404);
    expect(
      await ts.db.selectFrom('outbox').select('id').where('enrollment_id', '=', id).where('kind', '=', 'enrollment-code').execute(),
    ).toHaveLength(2);

    // A group administrator and a member: 403; nobody signed in: 401. Lists, CSV and actions alike.
    const group = ts.client();
    await group.signIn(DEMO.group.email, DEMO.group.password);
    const member = ts.client();
    await member.signIn(DEMO.member.email, DEMO.member.password);
    const anonymous = ts.client();
    for (const [c, status] of [
      [group, 403],
      [member, 403],
      [anonymous, 401],
    ] as const) {
      for (const l of LISTS) {
        expect((await c.get(`/api/v1/rep-home/${l}`)).status).toBe(status);
        expect((await c.get(`/api/v1/rep-home/${l}/export.csv`)).status).toBe(status);
      }
      expect((await c.post(`/api/v1/rep-home/in-progress/${id}/resend-code`)).status).toBe(status);
      expect((await c.post(`/api/v1/rep-home/in-progress/${id}/open`)).status).toBe(status);
    }
  });

  it('lists the members with masked SSNs, searched and paged on the server, and exports them as CSV', async () => {
    const ts = ctx();
    const rep = ts.client();
    await rep.signIn(DEMO.rep.email, DEMO.rep.password);
    const first = await rep.get('/api/v1/rep-home/members', { page: 1, limit: 10 });
    expect(first.body.data.total).toBe(8);
    expect(first.body.data.items.map((m: { name: string }) => m.name)).toEqual([
      'Cameron Brooks',
      'Riley Chen',
      'Quinn Foster',
      'Jamie Garcia',
      'Avery Johnson',
      'Taylor Nguyen',
      'Morgan Patel',
      'Drew Williams',
    ]);
    const riley = first.body.data.items.find((m: { name: string }) => m.name === 'Riley Chen');
    expect(riley).toMatchObject({ ssn: 'XXX-XX-1001', group_name: 'Acme Manufacturing', dob: '04/12/1988' });
    expect(JSON.stringify(first.body)).not.toContain('512101001');

    const search = await rep.get('/api/v1/rep-home/members', { q: 'riley' });
    expect(search.body.data.items.map((m: { name: string }) => m.name)).toEqual(['Riley Chen']);
    expect((await rep.get('/api/v1/rep-home/members', { q: 'morgan.patel@' })).body.data.total).toBe(1);

    const csv = await rep.get('/api/v1/rep-home/members/export.csv', { q: 'chen' });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.body).toBe(
      'Name,Date of birth,E-mail,SSN,Group,Plans\r\nRiley Chen,04/12/1988,riley.chen@example.com,XXX-XX-1001,Acme Manufacturing,Dental Essentials (ACTIVE)\r\n',
    );
    expect((await rep.get('/api/v1/rep-home/members', { limit: 7 })).status).toBe(422);
  });

  it('pages and searches enrollments in progress on the server, newest save first, and streams them all as CSV', async () => {
    const ts = ctx();
    const me = await accountId(ts, DEMO.rep.email);
    const names = Array.from({ length: 23 }, (_, i) => [`Person${String(i).padStart(2, '0')}`, i % 2 ? 'Odd' : 'Even'] as [string, string]);
    await addInProgress(ts, me, names, { start: Date.now() });
    const rep = ts.client();
    await rep.signIn(DEMO.rep.email, DEMO.rep.password);
    const p1 = (await rep.get('/api/v1/rep-home/in-progress', { page: 1, limit: 10 })).body.data;
    const p3 = (await rep.get('/api/v1/rep-home/in-progress', { page: 3, limit: 10 })).body.data;
    expect(p1.total).toBeGreaterThanOrEqual(23);
    expect(p1.items[0].name).toBe('Person22 Even');
    expect(p1.items[0].step).toBe('contact_info');
    expect(p1.items).toHaveLength(10);
    expect(p3.items.length).toBe(p1.total - 20);
    const odd = (await rep.get('/api/v1/rep-home/in-progress', { q: 'odd', limit: 25 })).body.data;
    expect(odd.total).toBe(11);
    expect(odd.items.every((e: { name: string }) => e.name.endsWith(' Odd'))).toBe(true);
    expect(
      (await rep.get('/api/v1/rep-home/in-progress', { q: 'person05 odd' })).body.data.items.map((e: { name: string }) => e.name),
    ).toEqual(['Person05 Odd']);
    // Wildcards are taken literally.
    expect((await rep.get('/api/v1/rep-home/in-progress', { q: '%' })).body.data.total).toBe(0);
    const csv = String((await rep.get('/api/v1/rep-home/in-progress/export.csv', { q: 'even' })).body)
      .trim()
      .split('\r\n');
    expect(csv[0]).toBe('Name,Step,Last saved,Reminder sent');
    expect(csv).toHaveLength(13);
    expect(csv[1]).toMatch(/^Person22 Even,Contact Information,\d{4}-\d{2}-\d{2}T/);

    // A large book: the count stops at 1,000 and says there are more; the CSV still has every row.
    await addInProgress(
      ts,
      me,
      Array.from({ length: 1000 }, (_, i) => [`Bulk${i}`, 'Many'] as [string, string]),
      { start: Date.now() - 3_600_000_000 },
    );
    expect((await rep.get('/api/v1/rep-home/in-progress')).body.data).toMatchObject({ total: 1000, more: true });
    expect((await rep.get('/api/v1/rep-home/in-progress', { q: 'odd' })).body.data).toMatchObject({ total: 11, more: false });
    const all = String((await rep.get('/api/v1/rep-home/in-progress/export.csv', { q: 'many' })).body)
      .trim()
      .split('\r\n');
    expect(all).toHaveLength(1001);
  });

  it('shows the completed enrollments of this month with their premium, and the quotes sent, formula-safe in CSV', async () => {
    const ts = ctx();
    const me = await accountId(ts, DEMO.rep.email);
    await addCompleted(ts, me, ['Lee', 'Park'], 2599, 'CONF-1');
    await addCompleted(ts, me, ['Sam', 'Ortiz'], 1000, 'CONF-2');
    await ts.db
      .insertInto('quotes')
      .values([
        {
          enrollment_id: (await addInProgress(ts, me, [['Q', 'Person']]))[0],
          account_id: me,
          to_name: '=HYPERLINK("x")',
          to_email: 'q@example.org',
          html: '<p></p>',
          tab: 'cart_info',
          data: '{}',
        },
      ])
      .execute();
    const rep = ts.client();
    await rep.signIn(DEMO.rep.email, DEMO.rep.password);
    const done = (await rep.get('/api/v1/rep-home/completed')).body.data;
    expect(done).toMatchObject({ total: 2, month_count: 2, month_premium_cents: 3599 });
    expect(done.items.map((e: { name: string; premium_cents: number }) => [e.name, e.premium_cents])).toEqual([
      ['Sam Ortiz', 1000],
      ['Lee Park', 2599],
    ]);
    expect((await rep.get('/api/v1/rep-home/completed', { q: 'conf-1' })).body.data).toMatchObject({ total: 1, month_premium_cents: 3599 });
    const csv = String((await rep.get('/api/v1/rep-home/completed/export.csv', { q: 'lee' })).body).split('\r\n');
    expect(csv[0]).toBe('Name,Confirmation number,Completed,Monthly premium');
    expect(csv[1]).toMatch(/^Lee Park,CONF-1,.+,25\.99$/);
    const quotes = (await rep.get('/api/v1/rep-home/quotes', { q: 'q@ex' })).body.data;
    expect(quotes.items[0]).toMatchObject({ to_name: '=HYPERLINK("x")', to_email: 'q@example.org' });
    const qcsv = String((await rep.get('/api/v1/rep-home/quotes/export.csv')).body).split('\r\n');
    expect(qcsv[1]).toMatch(/^"'=HYPERLINK\(""x""\)",q@example\.org,/);
  });
});
