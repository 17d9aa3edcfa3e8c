import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { describeEachDb, startTestStore, TEST_DATABASE_URL, type TestStore } from '../helpers/store.ts';
import type { TestClient } from '../helpers/client.ts';
import { CONTACT, PERSONAL, newEnrollment } from '../enrollment/helpers.ts';
import { CARD, enrollmentAtStepFive, finish, enrollWith } from '../enrollment/finish/helpers.ts';
import { openedMail } from '../helpers/mail.ts';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
/** The stores' clock: the real time moved on by `offset` (the tests move it; the worker reads it). */
let offset = 0;
const now = () => new Date(Date.now() + offset);
// Each test starts at the real time: enrollment codes (and so reminders) expire 30 real days after a save.
beforeEach(() => {
  offset = 0;
});

const reminders = async (ts: TestStore, id: string) =>
  (
    await ts.db
      .selectFrom('outbox')
      .selectAll()
      .where('enrollment_id', '=', id)
      .where('kind', '=', 'enrollment-reminder')
      .orderBy('id')
      .execute()
  ).map((m) => openedMail(ts, m));

async function saveLater(ts: TestStore, c: TestClient, email: string, id?: string) {
  id ??= await newEnrollment(ts, c);
  await c.post('/api/v1/save-personal-info', { enrollment_id: id, ...PERSONAL });
  const r = await c.post('/api/v1/save-enrollment', { enrollment_id: id, email, tab: 'contact_info', data: CONTACT });
  expect(r.status).toBe(200);
  return id;
}

const linkIn = (text: string, path: string) => new RegExp(`(http\\S+${path}\\S+)`).exec(text)?.[1] ?? '';

describeEachDb(
  'reminder e-mails of a saved enrollment',
  (ctx) => {
    it('sends exactly one reminder past one day and the second past three days, each with a resume link that opens the enrollment', async () => {
      const ts = ctx();
      const c = ts.client();
      const id = await saveLater(ts, c, 'remind.me@example.org');
      const jobs = await ts.db.selectFrom('scheduled_jobs').selectAll().where('enrollment_id', '=', id).orderBy('due_at').execute();
      expect(jobs.map((j) => [j.kind, j.status])).toEqual([
        ['enrollment-reminder', 'pending'],
        ['enrollment-reminder', 'pending'],
      ]);
      expect(new Date(jobs[1].due_at).getTime() - new Date(jobs[0].due_at).getTime()).toBe(2 * DAY);

      offset += 23 * HOUR;
      await ts.app.jobs.runDue();
      expect(await reminders(ts, id)).toHaveLength(0);

      offset += 2 * HOUR;
      await ts.app.jobs.runDue();
      await ts.app.jobs.runDue();
      const first = await reminders(ts, id);
      expect(first).toHaveLength(1);
      expect(first[0].to_address).toBe('remind.me@example.org');
      expect(first[0].subject).toBe('Your enrollment is waiting for you');
      expect(first[0].text).toContain('You saved your enrollment but have not finished it yet.');
      const resume = linkIn(first[0].text, '/direct-continue/');
      expect(first[0].text).toContain(`Continue your enrollment: ${resume}`);
      expect(first[0].html).toContain(`<a href="${resume}">Continue your enrollment</a>`);
      // Another browser opens the enrollment from the reminder's link, at the step that was saved.
      const [, token, tab] = new URL(resume).pathname.split('/').slice(1);
      expect(Buffer.from(tab, 'base64url').toString()).toBe('contact_info');
      const other = ts.client();
      expect((await other.get('/get-dynamic-tabs', { enrollment_id: id })).status).toBe(404);
      const opened = await other.get(`/api/v1/direct-continue/${token}`);
      expect(opened.status).toBe(200);
      expect(opened.body.data).toMatchObject({ enrollment_id: id, saved_tab: 'contact_info' });
      expect((await other.get('/get-dynamic-tabs', { enrollment_id: id })).status).toBe(200);

      offset += 2 * DAY;
      await ts.app.jobs.runDue();
      await ts.app.jobs.runDue();
      expect(await reminders(ts, id)).toHaveLength(2);
      offset += 10 * DAY;
      await ts.app.jobs.runDue();
      expect(await reminders(ts, id)).toHaveLength(2);
    });

    it('sends none once the enrollment is completed', async () => {
      const ts = ctx();
      const c = ts.client();
      const id = await enrollmentAtStepFive(ts, c);
      expect(
        (await c.post('/api/v1/save-enrollment', { enrollment_id: id, email: 'done.soon@example.org', tab: 'contact_info' })).status,
      ).toBe(200);
      await finish(c, id, () => enrollWith(c, id, CARD));
      offset += 4 * DAY;
      await ts.app.jobs.runDue();
      expect(await reminders(ts, id)).toHaveLength(0);
      const jobs = await ts.db.selectFrom('scheduled_jobs').select('status').where('enrollment_id', '=', id).execute();
      expect(jobs.map((j) => j.status)).toEqual(['cancelled', 'cancelled']);
    });

    it('stops after unsubscribe: GET only reads, POST needs the CSRF token and a genuine link, a later save schedules nothing', async () => {
      const ts = ctx();
      const c = ts.client();
      const id = await saveLater(ts, c, 'no.more@example.org');
      offset += DAY + HOUR;
      await ts.app.jobs.runDue();
      const [mail] = await reminders(ts, id);
      const link = linkIn(mail.text, '/reminders/unsubscribe/');
      expect(mail.text).toContain(`Do not want these reminders? Unsubscribe: ${link}`);
      const url = new URL(link);
      expect(url.searchParams.get('lang')).toBe('en');
      const token = url.pathname.split('/').at(-1)!;

      const visitor = ts.client();
      expect((await visitor.get(`/api/v1/reminders/unsubscribe/${token}`)).body.data).toEqual({ unsubscribed: false });
      expect((await visitor.get(`/api/v1/reminders/unsubscribe/${token}`)).body.data).toEqual({ unsubscribed: false });
      expect((await visitor.request('POST', '/api/v1/reminders/unsubscribe', { body: { token }, csrf: false })).status).toBe(403);
      const forged = Buffer.from(`${id}.${'A'.repeat(22)}`).toString('base64url');
      const refused = await visitor.post('/api/v1/reminders/unsubscribe', { token: forged });
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe('This unsubscribe link is not valid.');
      expect((await visitor.get(`/api/v1/reminders/unsubscribe/${forged}`)).status).toBe(404);
      const done = await visitor.post('/api/v1/reminders/unsubscribe', { token });
      expect(done.status).toBe(200);
      expect(done.body.data).toEqual({ unsubscribed: true });
      expect((await visitor.post('/api/v1/reminders/unsubscribe', { token })).body.data).toEqual({ unsubscribed: true });
      expect((await visitor.get(`/api/v1/reminders/unsubscribe/${token}`)).body.data).toEqual({ unsubscribed: true });

      offset += 3 * DAY;
      await ts.app.jobs.runDue();
      expect(await reminders(ts, id)).toHaveLength(1);
      await saveLater(ts, c, 'no.more@example.org', id);
      expect(
        await ts.db.selectFrom('scheduled_jobs').select('id').where('enrollment_id', '=', id).where('status', '=', 'pending').execute(),
      ).toEqual([]);
      offset += 4 * DAY;
      await ts.app.jobs.runDue();
      expect(await reminders(ts, id)).toHaveLength(1);
    });

    it('rolls back a failing job, retries it later and gives up after five attempts', async () => {
      const ts = ctx();
      const kind = `test-failing-${ts.kind}`;
      const marker = `job-${crypto.randomUUID()}`;
      ts.app.jobs.handle(kind, async (trx) => {
        await trx
          .insertInto('audit_log')
          .values({ account_id: null, action: 'test.job', target: marker, detail: JSON.stringify({}) })
          .execute();
        throw new Error('the mail server said no');
      });
      await ts.app.jobs.schedule(ts.db, { kind, enrollmentId: null, dueAt: ts.app.jobs.now() });
      const row = () => ts.db.selectFrom('scheduled_jobs').selectAll().where('kind', '=', kind).executeTakeFirstOrThrow();
      for (let attempt = 1; attempt <= 5; attempt++) {
        await ts.app.jobs.runDue();
        expect(await row()).toMatchObject({
          attempts: attempt,
          status: attempt < 5 ? 'pending' : 'failed',
          last_error: 'the mail server said no',
        });
        // Not again before its retry time.
        await ts.app.jobs.runDue();
        expect((await row()).attempts).toBe(attempt);
        offset += 6 * 60_000;
      }
      await ts.app.jobs.runDue();
      expect((await row()).attempts).toBe(5);
      expect(await ts.db.selectFrom('audit_log').select('id').where('target', '=', marker).execute()).toEqual([]);
    });

    it('writes the reminder in the language of the Save & Continue Later page', async () => {
      const ts = ctx();
      const c = ts.client();
      c.headers['accept-language'] = 'es';
      const id = await saveLater(ts, c, 'recordar@example.org');
      offset += DAY + HOUR;
      await ts.app.jobs.runDue();
      const [mail] = await reminders(ts, id);
      expect(mail.subject).toBe('Su inscripción le está esperando');
      const resume = linkIn(mail.text, '/direct-continue/');
      const unsubscribe = linkIn(mail.text, '/reminders/unsubscribe/');
      expect(mail.text).toBe(
        [
          'Guardó su inscripción pero aún no la ha terminado.',
          '',
          `Continúe su inscripción: ${resume}`,
          '',
          `También puede continuar en ${resume.slice(0, resume.indexOf('/direct-continue/'))}/continue-enrollment con el código de inscripción que le enviamos.`,
          '',
          `¿No desea estos recordatorios? Cancele la suscripción: ${unsubscribe}`,
        ].join('\n'),
      );
      expect(new URL(unsubscribe).searchParams.get('lang')).toBe('es');
    });
  },
  { now, JOBS_POLL_MS: 0 },
);

describe('the reminder worker runs with the store and stops with it', () => {
  let ts: Awaited<ReturnType<typeof startTestStore>>;
  beforeAll(async () => {
    ts = await startTestStore('pglite', { now, JOBS_POLL_MS: 25 });
  }, 60_000);
  afterAll(async () => {
    await ts?.close();
  });

  it('sends a due reminder without being asked', async () => {
    const id = await saveLater(ts, ts.client(), 'polled@example.org');
    offset += DAY + HOUR;
    await expect.poll(async () => (await reminders(ts, id)).length, { timeout: 10_000 }).toBe(1);
  });
});

describe.skipIf(!TEST_DATABASE_URL)('reminders with two store processes on one PostgreSQL schema', () => {
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const key = crypto.randomBytes(32).toString('base64');
  let one: Awaited<ReturnType<typeof startTestStore>>;
  let two: Awaited<ReturnType<typeof startTestStore>>;
  beforeAll(async () => {
    one = await startTestStore('postgres', { DATA_KEY: key, now, JOBS_POLL_MS: 10 }, { schema, keepSchema: true });
    two = await startTestStore('postgres', { DATA_KEY: key, now, JOBS_POLL_MS: 10 }, { schema });
  }, 90_000);
  afterAll(async () => {
    await one?.close();
    await two?.close();
  });

  it('sends each reminder once, however the two workers race', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push(await saveLater(one, (i % 2 ? one : two).client(), `race${i}@example.org`));
    offset += DAY + HOUR;
    await Promise.all([one.app.jobs.runDue(), two.app.jobs.runDue(), one.app.jobs.runDue(), two.app.jobs.runDue()]);
    await expect
      .poll(
        async () =>
          (await one.db.selectFrom('scheduled_jobs').select('id').where('enrollment_id', 'in', ids).where('status', '=', 'done').execute())
            .length,
        { timeout: 10_000 },
      )
      .toBe(6);
    offset += 2 * DAY;
    await Promise.all([one.app.jobs.runDue(), two.app.jobs.runDue()]);
    await expect
      .poll(
        async () =>
          (await one.db.selectFrom('scheduled_jobs').select('id').where('enrollment_id', 'in', ids).where('status', '=', 'done').execute())
            .length,
        { timeout: 10_000 },
      )
      .toBe(12);
    await new Promise((r) => setTimeout(r, 100));
    for (const id of ids) expect(await reminders(two, id)).toHaveLength(2);
  });
});
