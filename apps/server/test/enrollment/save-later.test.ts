import { expect, it } from 'vitest';
import { TEXT } from '@store/domain/texts';
import { CONTINUE_FAILED } from '@store/domain/enrollment';
import { describeEachDb } from '../helpers/store.ts';
import { CONTACT, PERSONAL, newEnrollment } from './helpers.ts';
import { openedMail } from '../helpers/mail.ts';

const msg = (r: { body: any }, target: string) => r.body.data?.find((e: any) => e.target_element === target)?.error_message;

describeEachDb('Save & Continue Later and continue (HTTP)', (ctx) => {
  async function savedEnrollment(email: string) {
    const c = ctx().client();
    const id = await newEnrollment(ctx(), c);
    await c.post('/api/v1/save-personal-info', { enrollment_id: id, ...PERSONAL });
    const r = await c.post('/api/v1/save-enrollment', { enrollment_id: id, email, tab: 'contact_info', data: CONTACT });
    expect(r.status).toBe(200);
    expect(r.body.data.message).toBe(TEXT.INFORMATION_SAVED);
    const mail = openedMail(
      ctx(),
      await ctx()
        .db.selectFrom('outbox')
        .selectAll()
        .where('enrollment_id', '=', id)
        .where('kind', '=', 'enrollment-code')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow(),
    );
    const code = /Enrollment code: ([A-Z0-9]+)/.exec(mail.text)![1];
    const link = /(\/direct-continue\/[^\s]+)/.exec(mail.text)![1];
    return { c, id, code, link, mail };
  }

  it('mails an enrollment code kept only as a hash, saves the step data, and resumes with code and e-mail in another browser', async () => {
    const { id, code, mail } = await savedEnrollment('dana.later@example.org');
    expect(mail.to_address).toBe('dana.later@example.org');
    expect(code.length).toBeGreaterThanOrEqual(8);
    const row = await ctx().db.selectFrom('enrollments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.saved_tab).toBe('contact_info');
    expect(row.resume_code_hash).not.toContain(code);
    expect(JSON.stringify(row)).not.toContain(code);

    const other = ctx().client();
    expect((await other.get('/api/v1/get-form-fields-contact-info', { enrollment_id: id })).status).toBe(404);
    let r = await other.post('/api/v1/continue-enrollment', { code: '', email: '' });
    expect(r.status).toBe(422);
    expect(msg(r, 'code')).toBe(TEXT.FIELD_REQUIRED);
    expect(msg(r, 'email')).toBe(TEXT.FIELD_REQUIRED);
    // An unknown code and a right code with another e-mail get one and the same answer, on the code field.
    r = await other.post('/api/v1/continue-enrollment', { code: 'WRONGCODE1', email: 'dana.later@example.org' });
    expect(r.status).toBe(422);
    expect(r.body).toEqual({
      status: 'error',
      message: CONTINUE_FAILED,
      data: [{ target_element: 'code', error_message: CONTINUE_FAILED }],
    });
    r = await other.post('/api/v1/continue-enrollment', { code, email: 'someone.else@example.org' });
    expect(r.status).toBe(422);
    expect(r.body).toEqual({
      status: 'error',
      message: CONTINUE_FAILED,
      data: [{ target_element: 'code', error_message: CONTINUE_FAILED }],
    });
    r = await other.post('/api/v1/continue-enrollment', { code: code.toLowerCase(), email: 'Dana.Later@example.org' });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      enrollment_id: id,
      saved_tab: 'contact_info',
      others: { group_id: 77, agent_id: 20001, platform_group_id: 501, type: 'new-member' },
    });
    const contact = await other.get('/api/v1/get-form-fields-contact-info', { enrollment_id: id });
    expect(contact.body.data.result.find((d: any) => d.field_name === 'email_address').value).toBe(CONTACT.email_address);
  });

  it('refuses an invalid e-mail and a stranger, and resumes from the signed direct link only while it is untampered and current', async () => {
    const { c, id, link } = await savedEnrollment('direct@example.org');
    let r = await c.post('/api/v1/save-enrollment', { enrollment_id: id, email: 'not-an-email', tab: 'contact_info' });
    expect(msg(r, 'email')).toBe(TEXT.ENTER_VALID_EMAIL);
    expect(
      (await ctx().client().post('/api/v1/save-enrollment', { enrollment_id: id, email: 'x@example.org', tab: 'contact_info' })).status,
    ).toBe(404);

    const [, , token, tab] = link.split('/');
    expect(Buffer.from(tab, 'base64').toString()).toBe('contact_info');
    const other = ctx().client();
    const plain = Buffer.from(token, 'base64url').toString();
    const tampered = Buffer.from(plain.slice(0, -1) + (plain.endsWith('x') ? 'y' : 'x')).toString('base64url');
    expect((await other.get(`/api/v1/direct-continue/${tampered}`)).status).toBe(404);
    expect((await other.get('/get-dynamic-tabs', { enrollment_id: id })).status).toBe(404);
    r = await other.get(`/api/v1/direct-continue/${token}`);
    expect(r.status).toBe(200);
    expect(r.body.data.enrollment_id).toBe(id);
    expect((await other.get('/get-dynamic-tabs', { enrollment_id: id })).status).toBe(200);

    // A new save issues a new code: the old link no longer opens the enrollment.
    await c.post('/api/v1/save-enrollment', { enrollment_id: id, email: 'direct@example.org', tab: 'contact_info' });
    expect((await ctx().client().get(`/api/v1/direct-continue/${token}`)).status).toBe(404);
  });

  it('rate-limits wrong codes per e-mail', async () => {
    const c = ctx().client();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await c.post('/api/v1/continue-enrollment', { code: `WRONG${i}XYZ`, email: 'victim@example.org' })).status);
    expect(statuses.slice(0, 5)).toEqual([422, 422, 422, 422, 422]);
    expect(statuses.at(-1)).toBe(429);
  });
});
