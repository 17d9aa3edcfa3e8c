import { expect, it } from 'vitest';
import { TEXT } from '@store/domain/texts';
import { CONTINUE_FAILED } from '@store/domain/enrollment';
import { describeEachDb } from '../helpers/store.ts';
import { openedMail } from '../helpers/mail.ts';
import { MEMBER_LOOKUPS_PER_HOUR } from '../../src/modules/enrollment/steps/contact-routes.ts';
import { CONTACT, newEnrollment } from '../enrollment/helpers.ts';

/**
 * Nobody learns whether an address belongs to a member, or whether an enrollment code exists, from the answers:
 * known and unknown values answer alike. The contact step's 'Email Already Exists.' / 'Phone already exists' (fixed
 * by the specification) are told only to the owner of the enrollment being filled in, a limited number of times.
 */
const MEMBER = { email: 'riley.chen@example.com', phone: '5550201001' };
const NOBODY = { email: 'nobody.at.all@example.org', phone: '5559990000' };

describeEachDb('security: no member or code enumeration', (ctx) => {
  it('answers the e-mail and phone checks alike for members and strangers, unless the caller fills in its own enrollment', async () => {
    const ts = ctx();
    const stranger = ts.client();
    const owner = ts.client();
    const ownId = await newEnrollment(ts, owner);
    // With no enrollment, with someone else's, with a made-up one: only the format is judged.
    for (const enrollment_id of [undefined, ownId, '00000000-0000-4000-8000-000000000000']) {
      for (const path of ['/api/v1/validate-member-email', '/api/v1/validate-email-neverbounce']) {
        const known = await stranger.post(path, { email: MEMBER.email, enrollment_id });
        const unknown = await stranger.post(path, { email: NOBODY.email, enrollment_id });
        expect(known.status).toBe(200);
        expect(known.body).toEqual(unknown.body);
        expect(known.body.data).toEqual({ is_valid: true, message: 'Valid email' });
      }
      const knownPhone = await stranger.get('/api/v1/validate-phone-numverify', { phone: MEMBER.phone, enrollment_id });
      const unknownPhone = await stranger.get('/api/v1/validate-phone-numverify', { phone: NOBODY.phone, enrollment_id });
      expect(knownPhone.body).toEqual(unknownPhone.body);
      expect(knownPhone.body.data).toEqual({ is_valid: true, message: 'Valid phone number' });
    }
    // The owner of the enrollment hears the specification's texts.
    expect((await owner.post('/api/v1/validate-member-email', { email: MEMBER.email, enrollment_id: ownId })).body.data).toEqual({
      is_valid: false,
      message: TEXT.EMAIL_ALREADY_EXISTS,
    });
    expect((await owner.get('/api/v1/validate-phone-numverify', { phone: MEMBER.phone, enrollment_id: ownId })).body.data).toEqual({
      is_valid: false,
      message: TEXT.PHONE_ALREADY_EXISTS,
    });
  });

  it('limits member look-ups per enrollment, checks and contact saves together', async () => {
    const ts = ctx();
    const owner = ts.client();
    const id = await newEnrollment(ts, owner);
    const statuses: number[] = [];
    for (let i = 0; i <= MEMBER_LOOKUPS_PER_HOUR; i++)
      statuses.push((await owner.post('/api/v1/validate-member-email', { email: `guess${i}@example.com`, enrollment_id: id })).status);
    expect(statuses.slice(0, MEMBER_LOOKUPS_PER_HOUR)).toEqual(Array(MEMBER_LOOKUPS_PER_HOUR).fill(200));
    expect(statuses.at(-1)).toBe(429);
    expect((await owner.get('/api/v1/validate-phone-numverify', { phone: MEMBER.phone, enrollment_id: id })).status).toBe(429);
    expect((await owner.post('/api/v1/save-contact-info', { enrollment_id: id, ...CONTACT })).status).toBe(429);
  });

  it('gives one answer, on the code field, for an unknown code and for a code with the wrong e-mail', async () => {
    const ts = ctx();
    const c = ts.client();
    const id = await newEnrollment(ts, c);
    await ts.db.updateTable('enrollments').set({ saved_tab: 'contact_info' }).where('id', '=', id).execute();
    const saved = await c.post('/api/v1/save-enrollment', { enrollment_id: id, email: 'owner.of.code@example.org', tab: 'review_info' });
    expect(saved.status).toBe(200);
    const code = /Enrollment code: ([A-Z0-9]+)/.exec(
      openedMail(
        ts,
        await ts.db.selectFrom('outbox').select(['id', 'html', 'text']).where('enrollment_id', '=', id).executeTakeFirstOrThrow(),
      ).text,
    )![1];

    const unknown = await ts.client().post('/api/v1/continue-enrollment', { code: 'NOSUCHCODE1', email: 'owner.of.code@example.org' });
    const wrongEmail = await ts.client().post('/api/v1/continue-enrollment', { code, email: 'someone.else@example.org' });
    expect(unknown.status).toBe(422);
    expect(wrongEmail.status).toBe(422);
    expect(wrongEmail.body).toEqual(unknown.body);
    expect(unknown.body).toEqual({
      status: 'error',
      message: CONTINUE_FAILED,
      data: [{ target_element: 'code', error_message: CONTINUE_FAILED }],
    });
    expect((await ts.client().post('/api/v1/continue-enrollment', { code, email: 'Owner.Of.Code@example.org' })).status).toBe(200);
  });
});
