import { expect, it } from 'vitest';
import { todayIso, addDaysIso } from '@store/domain/dates';
import { describeEachDb, type TestStore } from '../helpers/store.ts';
import type { TestClient } from '../helpers/client.ts';
import { openedMail } from '../helpers/mail.ts';
import { hashPassword } from '../../src/lib/passwords.ts';

/** Issue 24, the group's home: only the signed-in group administrator, for their own group. */
const ACME = 3001;
const HARBOR = 3003;

async function signedIn(ts: TestStore, email: string, password: string): Promise<TestClient> {
  const c = ts.client();
  await c.signIn(email, password);
  return c;
}
const acmeAdmin = (ts: TestStore) => signedIn(ts, 'hr@acme.example.com', 'Demo-Group-2026');

/** A group administrator of another group (Harbor Schools), made for the test. */
async function harborAdmin(ts: TestStore) {
  const email = 'hr@harbor.example.com';
  const exists = await ts.db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirst();
  if (!exists)
    await ts.db
      .insertInto('accounts')
      .values({
        email,
        password_hash: await hashPassword('Harbor-Group-2026'),
        role: 'group',
        group_id: HARBOR,
        agent_id: null,
        user_id: null,
      })
      .execute();
  return signedIn(ts, email, 'Harbor-Group-2026');
}

const invitations = async (ts: TestStore) =>
  (await ts.db.selectFrom('outbox').selectAll().where('kind', '=', 'group-invitation').orderBy('id').execute()).map((m) =>
    openedMail(ts, m),
  );
const employees = (ts: TestStore, groupId: number) =>
  ts.db.selectFrom('group_employees').selectAll().where('group_id', '=', groupId).orderBy('id').execute();

function newFilter(c: TestClient, groupId: number, lang?: string) {
  return c.request('POST', '/api/v1/add-filter-for-new-user', {
    headers: lang ? { 'accept-language': lang } : {},
    body: {
      zip: '10001',
      dob: '04/12/1985',
      gender: '1',
      tier: 'IO',
      eprocess: 'applicant',
      group_id: groupId,
      platform_group_id: 501,
      open_type: 'group',
    },
  });
}

type Employee = { name: string; email: string; status: string; on_census: boolean; plans: string[]; id: number | null };
const onCensus = (list: Employee[]) => list.filter((e) => e.on_census);

const census = (c: TestClient, csv: string, file_name = 'census.csv') => c.post('/api/v1/group-home/census', { file_name, csv });

describeEachDb('the group home', (ctx) => {
  it('lists every member of the group with their plans, on the census or not (issue 37)', async () => {
    const ts = ctx();
    const home = await (await acmeAdmin(ts)).get('/api/v1/group-home');
    expect(home.status).toBe(200);
    const members = (home.body.data.employees as Employee[]).map((e) => [e.name, e.status, e.on_census, e.id, e.plans]);
    expect(members).toEqual([
      ['Drew Williams', 'enrolled', false, null, ['Dental Essentials']],
      ['Morgan Patel', 'enrolled', false, null, ['Dental Essentials', 'Vision Clear']],
      ['Riley Chen', 'enrolled', false, null, ['Dental Essentials']],
    ]);
    expect(home.body.data.counts).toMatchObject({ enrolled: 3, invited: 0 });
    // Harbor's administrator sees Harbor's members, never Acme's.
    const harbor = (await (await harborAdmin(ts)).get('/api/v1/group-home')).body.data.employees as Employee[];
    expect(harbor.map((e) => e.name)).toEqual(['Avery Johnson', 'Quinn Foster', 'Taylor Nguyen']);
  });

  it('refuses anyone but the group administrator: anonymous 401, a rep and a member 403', async () => {
    const ts = ctx();
    const rep = await signedIn(ts, 'jordan.avery@example.com', 'Demo-Rep-2026');
    const member = await signedIn(ts, 'riley.chen@example.com', 'Demo-Member-2026');
    for (const [c, status] of [
      [ts.client(), 401],
      [rep, 403],
      [member, 403],
    ] as const) {
      expect((await c.get('/api/v1/group-home')).status).toBe(status);
      expect((await census(c, 'name,email,date of birth\nAna Ruiz,ana@example.org,01/02/1990\n')).status).toBe(status);
      expect((await c.post('/api/v1/group-home/reminders')).status).toBe(status);
      expect((await c.put('/api/v1/group-home/window', { opens_on: '2030-01-01', closes_on: null })).status).toBe(status);
      expect((await c.put('/api/v1/group-home/employees/1/waived', { waived: true })).status).toBe(status);
    }
    expect(await employees(ts, ACME)).toEqual([]);
    const g = await ts.db.selectFrom('groups').select(['enrollment_opens_on']).where('group_id', '=', ACME).executeTakeFirstOrThrow();
    expect(g.enrollment_opens_on).toBeNull();
  });

  it('a census with a bad row imports nothing and names the line and what is wrong', async () => {
    const ts = ctx();
    const c = await acmeAdmin(ts);
    const before = (await invitations(ts)).length;
    const r = await census(
      c,
      'Name,Email,Date of birth\nAna Ruiz,ana@example.org,01/02/1990\nBo Lee,not-an-email,02/30/1991\n,cy@example.org,1980-05-06\n',
    );
    expect(r.status).toBe(422);
    expect(r.body.message).toBe('Nothing was imported: correct these lines and upload the file again.');
    expect(r.body.data).toEqual([
      { target_element: 'line:3', error_message: 'The e-mail address is not valid' },
      { target_element: 'line:3', error_message: 'The date of birth is not a valid date (mm/dd/yyyy)' },
      { target_element: 'line:4', error_message: 'The name is missing' },
    ]);
    expect(await employees(ts, ACME)).toEqual([]);
    expect(await invitations(ts)).toHaveLength(before);
    // Not a CSV, or too many rows: refused as a whole too.
    expect((await census(c, 'name,email,date of birth\n', 'census.xlsx')).status).toBe(422);
    const big = ['name,email,date of birth', ...Array.from({ length: 1001 }, (_, i) => `P ${i},p${i}@example.org,01/01/1990`)].join('\n');
    const tooMany = await census(c, big);
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.data[0].error_message).toBe('The file has too many rows (at most 1,000 employees)');
    expect(await employees(ts, ACME)).toEqual([]);
  });

  it('a good census adds the employees and queues an invitation mail to each with the group enrollment link', async () => {
    const ts = ctx();
    const c = await acmeAdmin(ts);
    const r = await census(
      c,
      'name,email,date of birth\r\nAna Ruiz,Ana.Ruiz@Example.org,01/02/1990\r\n"Lee, Bo",bo.lee@example.org,1991-03-04\r\n',
    );
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ added: 2, updated: 0, invited: 2 });
    const mails = await invitations(ts);
    expect(mails.map((m) => [m.to_address, m.subject])).toEqual([
      ['ana.ruiz@example.org', 'Enroll in your benefits at Acme Manufacturing'],
      ['bo.lee@example.org', 'Enroll in your benefits at Acme Manufacturing'],
    ]);
    expect(mails[1].text).toContain('Dear Lee, Bo,');
    expect(mails[1].text).toMatch(/Start your enrollment: http:\/\/(localhost|127\.0\.0\.1):\d+\/acme$/);
    expect(mails[1].html).toMatch(/<a href="http:\/\/(localhost|127\.0\.0\.1):\d+\/acme">Start your enrollment<\/a>/);
    const home = await c.get('/api/v1/group-home');
    expect(home.status).toBe(200);
    expect(onCensus(home.body.data.employees).map((e) => [e.name, e.status])).toEqual([
      ['Ana Ruiz', 'invited'],
      ['Lee, Bo', 'invited'],
    ]);
    // Acme's three members with active plans (not on the census) count as enrolled too (issue 37).
    expect(home.body.data.counts).toMatchObject({ invited: 2, not_started: 0, in_progress: 0, enrolled: 3, waived: 0 });
    // Uploaded again: known e-mails are updated, not invited twice.
    const again = await census(c, 'name,email,date of birth\nAna M. Ruiz,ana.ruiz@example.org,01/02/1990\n');
    expect(again.body.data).toEqual({ added: 0, updated: 1, invited: 0 });
    expect(await invitations(ts)).toHaveLength(2);
  });

  it('imports without inviting when asked: those employees are not started until a reminder goes out', async () => {
    const ts = ctx();
    const c = await acmeAdmin(ts);
    const r = await c.post('/api/v1/group-home/census', {
      file_name: 'later.csv',
      csv: 'name,email,date of birth\nEd Hall,ed.hall@example.org,05/06/1970\n',
      invite: false,
    });
    expect(r.body.data).toEqual({ added: 1, updated: 0, invited: 0 });
    expect((await invitations(ts)).map((m) => m.to_address)).not.toContain('ed.hall@example.org');
    const home = await c.get('/api/v1/group-home');
    expect(home.body.data.employees.find((e: { email: string }) => e.email === 'ed.hall@example.org').status).toBe('not_started');
    await ts.db.deleteFrom('group_employees').where('email', '=', 'ed.hall@example.org').execute();
  });

  it('builds the invitation link from the configured origins only, never from the request Host', async () => {
    const ts = ctx();
    const c = ts.client('evil.example.com');
    await c.signIn('hr@acme.example.com', 'Demo-Group-2026');
    const r = await census(c, 'name,email,date of birth\nDee Park,dee.park@example.org,07/08/1979\n');
    expect(r.status).toBe(200);
    const [mail] = (await invitations(ts)).filter((m) => m.to_address === 'dee.park@example.org');
    expect(mail.text).not.toContain('evil.example.com');
    expect(mail.text).toMatch(/Start your enrollment: http:\/\/(localhost|127\.0\.0\.1):\d+\/acme$/);
    await ts.db.deleteFrom('group_employees').where('email', '=', 'dee.park@example.org').execute();
  });

  it('another group administrator sees only their own group and cannot change these employees', async () => {
    const ts = ctx();
    const harbor = await harborAdmin(ts);
    const home = await harbor.get('/api/v1/group-home');
    expect(home.status).toBe(200);
    expect(home.body.data.window.gname).toBe('Harbor Schools');
    expect(onCensus(home.body.data.employees)).toEqual([]);
    const [ana] = await employees(ts, ACME);
    const r = await harbor.put(`/api/v1/group-home/employees/${ana.id}/waived`, { waived: true });
    expect(r.status).toBe(404);
    expect((await employees(ts, ACME))[0].waived_at).toBeNull();
  });

  it('derives in progress, enrolled and waived from the enrollments matched by e-mail and the waiver', async () => {
    const ts = ctx();
    const c = await acmeAdmin(ts);
    const [ana, bo] = await employees(ts, ACME);
    const shopper = ts.client();
    const started = await newFilter(shopper, ACME);
    expect(started.status).toBe(200);
    const id = started.body.data.temp_enrollment_id as string;
    await ts.db.updateTable('enrollments').set({ resume_email: 'ANA.RUIZ@example.org' }).where('id', '=', id).execute();
    const status = async () =>
      Object.fromEntries(onCensus((await c.get('/api/v1/group-home')).body.data.employees).map((e) => [e.email, e.status]));
    expect(await status()).toEqual({ [ana.email]: 'in_progress', [bo.email]: 'invited' });
    const w = await c.put(`/api/v1/group-home/employees/${bo.id}/waived`, { waived: true });
    expect(w.status).toBe(200);
    expect(w.body.data.status).toBe('waived');
    await ts.db.updateTable('enrollments').set({ status: 'completed' }).where('id', '=', id).execute();
    expect(await status()).toEqual({ [ana.email]: 'enrolled', [bo.email]: 'waived' });
    await c.put(`/api/v1/group-home/employees/${bo.id}/waived`, { waived: false });
    expect((await status())[bo.email]).toBe('invited');
  });

  it('reminds those not finished through the outbox, and limits how often', async () => {
    const ts = ctx();
    const c = await acmeAdmin(ts);
    const r = await c.post('/api/v1/group-home/reminders');
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ queued: 1 });
    const sent = await ts.db.selectFrom('outbox').select(['to_address', 'subject']).where('kind', '=', 'group-reminder').execute();
    expect(sent).toEqual([
      { to_address: 'bo.lee@example.org', subject: 'Reminder: finish enrolling in your benefits at Acme Manufacturing' },
    ]);
    expect((await c.post('/api/v1/group-home/reminders')).status).toBe(200);
    expect((await c.post('/api/v1/group-home/reminders')).status).toBe(200);
    const limited = await c.post('/api/v1/group-home/reminders');
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe('Reminders were sent recently. Please try again later.');
  });

  it('refuses to start an enrollment of the group outside its window, saying when it opens or ended, in English and Spanish', async () => {
    const ts = ctx();
    const c = await acmeAdmin(ts);
    const today = todayIso();
    const bad = await c.put('/api/v1/group-home/window', { opens_on: '2031-02-01', closes_on: '2031-01-01' });
    expect(bad.status).toBe(422);
    expect(bad.body.data[0]).toEqual({ target_element: 'closes_on', error_message: 'The end date must be on or after the start date.' });
    const set = await c.put('/api/v1/group-home/window', { opens_on: '2031-01-01', closes_on: '2031-01-31' });
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({ opens_on: '2031-01-01', closes_on: '2031-01-31', state: 'not_yet_open' });
    const shopper = ts.client();
    const refused = await newFilter(shopper, ACME);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Enrollment for Acme Manufacturing opens on January 1, 2031.');
    expect((await newFilter(shopper, ACME, 'es')).body.message).toBe(
      'La inscripción para Acme Manufacturing se abre el 1 de enero de 2031.',
    );
    const pub = await shopper.get('/api/v1/group-enrollment-window', { group_id: ACME });
    expect(pub.body.data).toEqual({
      group_id: ACME,
      gname: 'Acme Manufacturing',
      opens_on: '2031-01-01',
      closes_on: '2031-01-31',
      state: 'not_yet_open',
    });
    // Another group is not affected.
    expect((await newFilter(shopper, HARBOR)).status).toBe(200);

    // The operator sets the window in the console: it ended yesterday.
    const op = await signedIn(ts, 'admin@example.com', 'Demo-Admin-2026');
    const g = (await op.get(`/api/admin/groups/${ACME}`)).body.data;
    expect(g.enrollment_opens_on).toBe('2031-01-01');
    const yesterday = addDaysIso(today, -1);
    const saved = await op.put(`/api/admin/groups/${ACME}`, { ...g, enrollment_opens_on: '2020-01-01', enrollment_closes_on: yesterday });
    expect(saved.status).toBe(200);
    const ended = await newFilter(shopper, ACME);
    expect(ended.status).toBe(409);
    expect(ended.body.message).toMatch(/^Enrollment for Acme Manufacturing ended on [A-Z][a-z]+ \d{1,2}, \d{4}\.$/);
    expect(
      (await op.put(`/api/admin/groups/${ACME}`, { ...g, enrollment_opens_on: '2031-02-01', enrollment_closes_on: '2031-01-01' })).status,
    ).toBe(422);

    // Open today: the enrollment starts.
    expect((await c.put('/api/v1/group-home/window', { opens_on: today, closes_on: null })).status).toBe(200);
    expect((await newFilter(shopper, ACME)).status).toBe(200);
    expect((await c.put('/api/v1/group-home/window', { opens_on: null, closes_on: null })).status).toBe(200);
  });
});
