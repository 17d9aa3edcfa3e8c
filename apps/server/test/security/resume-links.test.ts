import { afterEach, expect, it, vi } from 'vitest';
import { describeEachDb } from '../helpers/store.ts';
import { CONTINUE_FAILED } from '@store/domain/enrollment';
import { openedMail } from '../helpers/mail.ts';
import { CONTACT, PERSONAL, newEnrollment } from '../enrollment/helpers.ts';

const NOT_VALID = 'This link is not valid or has expired';
const DAY = 86400_000;

/**
 * Issue 20: a mailed direct-continue link opens the enrollment once, in one browser; any other browser, and any
 * browser after 7 days, is told the link is not valid (and continues with the code and the e-mail while the code
 * lasts). Codes expire after 7 days.
 */
describeEachDb('security: resume codes and direct-continue links', (ctx) => {
  afterEach(() => {
    vi.useRealTimers();
  });

  async function saved(email: string) {
    const c = ctx().client();
    const id = await newEnrollment(ctx(), c);
    await c.post('/api/v1/save-personal-info', { enrollment_id: id, ...PERSONAL });
    expect((await c.post('/api/v1/save-enrollment', { enrollment_id: id, email, tab: 'contact_info', data: CONTACT })).status).toBe(200);
    const row = await ctx()
      .db.selectFrom('outbox')
      .selectAll()
      .where('enrollment_id', '=', id)
      .where('kind', '=', 'enrollment-code')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const mail = openedMail(ctx(), row);
    const code = /Enrollment code: ([A-Z0-9]+)/.exec(mail.text)![1];
    const token = /\/direct-continue\/([^/\s]+)\//.exec(mail.text)![1];
    return { id, code, token };
  }

  it('opens the enrollment in the first browser only; another browser is refused and continues with code and e-mail', async () => {
    const { id, code, token } = await saved('once@example.org');
    const first = ctx().client();
    const r = await first.get(`/api/v1/direct-continue/${token}`);
    expect(r.status).toBe(200);
    expect(r.body.data.enrollment_id).toBe(id);
    // The same browser may open it again (it already holds the enrollment).
    expect((await first.get(`/api/v1/direct-continue/${token}`)).status).toBe(200);

    const second = ctx().client();
    const refused = await second.get(`/api/v1/direct-continue/${token}`);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe(NOT_VALID);
    expect((await second.get('/get-dynamic-tabs', { enrollment_id: id })).status).toBe(404);
    const resumed = await second.post('/api/v1/continue-enrollment', { code, email: 'once@example.org' });
    expect(resumed.status).toBe(200);
    expect((await second.get('/get-dynamic-tabs', { enrollment_id: id })).status).toBe(200);
  });

  it('expires links and codes after 7 days', async () => {
    const { code, token } = await saved('week@example.org');
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start + 6 * DAY);
    const early = ctx().client();
    expect((await early.post('/api/v1/continue-enrollment', { code, email: 'week@example.org' })).status).toBe(200);

    vi.setSystemTime(start + 7 * DAY + 60_000);
    const late = ctx().client();
    const link = await late.get(`/api/v1/direct-continue/${token}`);
    expect(link.status).toBe(404);
    expect(link.body.message).toBe(NOT_VALID);
    const r = await late.post('/api/v1/continue-enrollment', { code, email: 'week@example.org' });
    expect(r.status).toBe(422);
    // The same answer as for an unknown code (security/enumeration.test.ts).
    expect(r.body.data).toEqual([{ target_element: 'code', error_message: CONTINUE_FAILED }]);
  });
});
