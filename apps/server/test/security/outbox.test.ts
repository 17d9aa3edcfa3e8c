import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { ADMIN_TEXT } from '@store/domain/admin';
import { describeEachDb, TEST_DATABASE_URL, twoStoresSharingPostgres, type TestStore } from '../helpers/store.ts';
import { DEMO } from '../helpers/client.ts';
import { openedMail } from '../helpers/mail.ts';
import { CONTACT, PERSONAL, newEnrollment } from '../enrollment/helpers.ts';
import { dumpTables } from './openapi.ts';

/** Issue 20: mail bodies sealed at rest and purged after delivery, never a live code in the console, one copy of each mail. */
async function savedForLater(ts: TestStore, email: string) {
  const c = ts.client();
  const id = await newEnrollment(ts, c);
  await c.post('/api/v1/save-personal-info', { enrollment_id: id, ...PERSONAL });
  expect((await c.post('/api/v1/save-enrollment', { enrollment_id: id, email, tab: 'contact_info', data: CONTACT })).status).toBe(200);
  const row = await ts.db
    .selectFrom('outbox')
    .selectAll()
    .where('enrollment_id', '=', id)
    .where('kind', '=', 'enrollment-code')
    .executeTakeFirstOrThrow();
  const code = /Enrollment code: ([A-Z0-9]+)/.exec(openedMail(ts, row).text)![1];
  return { id, row, code };
}

describeEachDb('security: the outbox', (ctx) => {
  const operator = async () => {
    const op = ctx().client();
    await op.signIn(DEMO.operator.email, DEMO.operator.password);
    return op;
  };

  it('keeps mail bodies sealed, each bound to its row', async () => {
    const ts = ctx();
    const { row, code } = await savedForLater(ts, 'sealed.body@example.org');
    const dump = JSON.stringify([...(await dumpTables(ts.db)).values()]);
    expect(dump).not.toContain(code);
    expect(dump).not.toContain('/direct-continue/');
    expect(row.html).toMatch(/^s2\./);
    expect(row.text).toMatch(/^s2\./);
    // Copied onto another mail's row, the body no longer opens.
    const other = await ts.app.mailer.enqueue(ts.db, { kind: 'test', to: 'x@example.org', subject: 'Other', html: '<p>x</p>', text: 'x' });
    expect(() => openedMail(ts, { id: other, html: row.html, text: row.text })).toThrow();
  });

  it('shows the subject, recipient and status of a mail holding a code, never the code or the link', async () => {
    const ts = ctx();
    const { row, code } = await savedForLater(ts, 'console.view@example.org');
    const c = await operator();
    const one = await c.get(`/api/admin/outbox/${row.id}`);
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({
      subject: 'Your enrollment code',
      to_address: 'console.view@example.org',
      kind: 'enrollment-code',
      text: ADMIN_TEXT.MAIL_SECRET_HIDDEN,
    });
    expect(JSON.stringify(one.body)).not.toContain(code);
    expect(JSON.stringify(one.body)).not.toContain('direct-continue');
    const list = await c.get('/api/admin/outbox', { q: 'console.view@example.org' });
    expect(JSON.stringify(list.body)).not.toContain(code);
  });

  it('blanks the bodies and attachment links of mail delivered more than the retention window ago, keeping the rest', async () => {
    const ts = ctx();
    const old = await ts.app.mailer.enqueue(ts.db, {
      kind: 'receipt',
      to: 'old@example.org',
      subject: 'Old receipt',
      html: '<p>old</p>',
      text: 'old',
      attachments: [{ filename: 'r.pdf', contentType: 'application/pdf', mediaId: 'receipt-x' }],
    });
    const recent = await ts.app.mailer.enqueue(ts.db, {
      kind: 'receipt',
      to: 'new@example.org',
      subject: 'New receipt',
      html: '<p>new</p>',
      text: 'new',
    });
    const pending = await ts.app.mailer.enqueue(ts.db, {
      kind: 'receipt',
      to: 'later@example.org',
      subject: 'Not sent yet',
      html: '<p>later</p>',
      text: 'later',
    });
    await ts.db
      .updateTable('outbox')
      .set({ status: 'sent', sent_at: new Date(Date.now() - 25 * 3600_000) })
      .where('id', '=', old)
      .execute();
    await ts.db
      .updateTable('outbox')
      .set({ status: 'sent', sent_at: new Date(Date.now() - 3600_000) })
      .where('id', '=', recent)
      .execute();
    await ts.db
      .updateTable('outbox')
      .set({ created_at: new Date(Date.now() - 48 * 3600_000) })
      .where('id', '=', pending)
      .execute();
    expect(await ts.app.mailer.purgeDelivered()).toBe(1);

    const rows = await ts.db.selectFrom('outbox').selectAll().where('id', 'in', [old, recent, pending]).orderBy('id').execute();
    expect(rows[0]).toMatchObject({
      html: '',
      text: '',
      attachments: [],
      subject: 'Old receipt',
      to_address: 'old@example.org',
      kind: 'receipt',
      status: 'sent',
    });
    expect(rows[0].purged_at).not.toBeNull();
    expect(openedMail(ts, rows[1]).text).toBe('new');
    expect(openedMail(ts, rows[2]).text).toBe('later');

    const c = await operator();
    expect((await c.get(`/api/admin/outbox/${old}`)).body.data).toMatchObject({
      subject: 'Old receipt',
      text: ADMIN_TEXT.MAIL_PURGED,
      attachments: [],
    });
    expect((await c.get(`/api/admin/outbox/${recent}`)).body.data).toMatchObject({ html: '<p>new</p>', text: 'new' });
    const resend = await c.post(`/api/admin/outbox/${old}/resend`);
    expect(resend.status).toBe(409);
    expect(resend.body.message).toBe(ADMIN_TEXT.MAIL_PURGED_RESEND);
  });

  it('leaves a mail another process is sending until its lease runs out, then sends it', async () => {
    const ts = ctx();
    const id = await ts.app.mailer.enqueue(ts.db, {
      kind: 'test',
      to: 'lease@example.org',
      subject: 'Leased',
      html: '<p>l</p>',
      text: 'l',
    });
    await ts.db
      .updateTable('outbox')
      .set({ status: 'sending', attempts: 1, locked_until: new Date(Date.now() + 600_000) })
      .where('id', '=', id)
      .execute();
    await ts.app.mailer.flush();
    expect(await ts.db.selectFrom('outbox').select(['status', 'attempts']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({
      status: 'sending',
      attempts: 1,
    });
    await ts.db
      .updateTable('outbox')
      .set({ locked_until: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();
    await ts.app.mailer.flush();
    expect(
      await ts.db.selectFrom('outbox').select(['status', 'attempts', 'locked_until']).where('id', '=', id).executeTakeFirstOrThrow(),
    ).toEqual({ status: 'kept', attempts: 2, locked_until: null });
  });
});

describe.skipIf(!TEST_DATABASE_URL)('security: two store processes on one PostgreSQL and a slow mail server', () => {
  const received: string[] = [];
  let smtp: SMTPServer;
  let port = 0;
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        stream.resume();
        // A slow server: each message is acknowledged 1.5 s after it arrives.
        stream.on('end', () =>
          setTimeout(() => {
            received.push(session.envelope.rcptTo.map((r) => r.address).join(','));
            callback();
          }, 1500),
        );
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    port = (smtp.server.address() as import('node:net').AddressInfo).port;
  });
  const stores = twoStoresSharingPostgres(() => ({ SMTP_URL: `smtp://127.0.0.1:${port}` }));
  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('sends each mail once while both processes flush', async () => {
    const { one, two } = stores();
    const to = ['a@example.org', 'b@example.org', 'c@example.org'];
    for (const address of to)
      await one.app.mailer.enqueue(one.db, { kind: 'test', to: address, subject: 'Once', html: '<p>once</p>', text: 'once' });
    // Both processes flush at once, and again while the first sends are still under way.
    const passes = [one.app.mailer.flush(), two.app.mailer.flush()];
    await new Promise((r) => setTimeout(r, 700));
    passes.push(two.app.mailer.flush(), one.app.mailer.flush());
    await Promise.all(passes);
    await new Promise((r) => setTimeout(r, 500));
    expect(received.sort()).toEqual(to);
    const rows = await one.db.selectFrom('outbox').select(['status', 'attempts']).where('subject', '=', 'Once').execute();
    expect(rows).toEqual(to.map(() => ({ status: 'sent', attempts: 1 })));
  }, 60_000);
});
