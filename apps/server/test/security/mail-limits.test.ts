import { expect, it } from 'vitest';
import { MAIL_LIMITS } from '@store/domain/abuse-limits';
import { CENSUS_TEXT } from '@store/domain/group-home';
import { describeEachDb, type TestStore } from '../helpers/store.ts';
import type { TestClient } from '../helpers/client.ts';
import { CONTACT, newEnrollment, PERSONAL } from '../enrollment/helpers.ts';
import { EFT, reviewAndAgree } from '../enrollment/finish/helpers.ts';

/**
 * Mail the store can be made to send (decision 2330): the payment authorization's copy is mailed at most
 * AUTHORIZATION_MAILS_PER_ENROLLMENT_DAY times per enrollment and AUTHORIZATION_MAILS_PER_RECIPIENT_DAY times per
 * recipient a day (past that the authorization is still accepted, without another copy); a group's census invites
 * at most CENSUS_RECIPIENTS_PER_GROUP_DAY people a day, and an employee's name is a person's name, not a link.
 */
let phone = 0;
/** An enrollment at the billing step paid by EFT, whose contact e-mail is `email`. */
async function paidByEft(ts: TestStore, c: TestClient, email: string): Promise<string> {
  const id = await newEnrollment(ts, c);
  expect((await c.post('/api/v1/save-personal-info', { enrollment_id: id, ...PERSONAL })).status).toBe(200);
  const contact = { enrollment_id: id, ...CONTACT, email_address: email, phone_number: `2125${String(++phone).padStart(6, '0')}` };
  expect((await c.post('/api/v1/save-contact-info', contact)).status).toBe(200);
  await reviewAndAgree(c, id);
  expect((await c.post('/api/v1/save-billing-info', { enrollment_id: id, ...EFT })).status).toBe(200);
  return id;
}

async function accept(c: TestClient, id: string) {
  const a = await c.get('/api/v1/get-payment-authorization', { enrollment_id: id });
  return c.post('/api/v1/accept-payment-authorization', { enrollment_id: id, text_sha256: a.body.data.text_sha256, agreed: true });
}

const authorizationMails = (ts: TestStore, to: string) =>
  ts.db.selectFrom('outbox').select('enrollment_id').where('kind', '=', 'payment-authorization').where('to_address', '=', to).execute();
const acceptances = async (ts: TestStore, id: string) =>
  (await ts.db.selectFrom('payment_authorizations').select('id').where('enrollment_id', '=', id).execute()).length;

async function groupAdmin(ts: TestStore): Promise<TestClient> {
  const c = ts.client();
  await c.signIn('hr@acme.example.com', 'Demo-Group-2026');
  return c;
}
const census = (c: TestClient, csv: string) => c.post('/api/v1/group-home/census', { file_name: 'census.csv', csv });
const rowsOf = (names: string[], tag: string) =>
  `name,email,date of birth\n${names.map((n, i) => `${n},${tag}${i}@example.org,01/02/1990`).join('\n')}\n`;
const invitations = async (ts: TestStore) =>
  (await ts.db.selectFrom('outbox').select('id').where('kind', '=', 'group-invitation').execute()).length;

describeEachDb('security: mail the store can be made to send', (ctx) => {
  it('mails the payment authorization at most 3 times a day per enrollment, and keeps every acceptance', async () => {
    const ts = ctx();
    const c = ts.client();
    const to = 'payer.one@example.org';
    const id = await paidByEft(ts, c, to);
    const before = (await authorizationMails(ts, to)).length;
    for (let i = 0; i < 6; i++) expect((await accept(c, id)).status).toBe(200);
    expect((await authorizationMails(ts, to)).length - before).toBe(MAIL_LIMITS.authorizationPerEnrollmentPerDay);
    expect(await acceptances(ts, id)).toBeGreaterThanOrEqual(6);
    const a = await c.get('/api/v1/get-payment-authorization', { enrollment_id: id });
    expect(a.body.data.accepted).toBe(true);
  });

  it('mails one recipient at most 5 payment authorizations a day, whatever the enrollments', async () => {
    const ts = ctx();
    const to = 'payer.two@example.org';
    for (let i = 0; i < 7; i++) {
      const c = ts.client();
      const id = await paidByEft(ts, c, to);
      expect((await accept(c, id)).status).toBe(200);
    }
    expect((await authorizationMails(ts, to)).length).toBe(MAIL_LIMITS.authorizationPerRecipientPerDay);
  });

  it("refuses an employee's name that is not a person's name, beside its line, and imports nothing", async () => {
    const ts = ctx();
    const c = await groupAdmin(ts);
    const before = await invitations(ts);
    const bad = ['Visit http://evil.example', 'www.evil.example', 'win@prizes', 'Claim now: $500', 'evil.example.com', 'Ana <b>Ruiz</b>'];
    const r = await census(c, rowsOf(["Ana María O'Neil-Ruiz Jr.", ...bad], 'named'));
    expect(r.status).toBe(422);
    expect(r.body.data).toEqual(bad.map((_, i) => ({ target_element: `line:${i + 3}`, error_message: CENSUS_TEXT.NAME_NOT_A_NAME })));
    expect(CENSUS_TEXT.NAME_NOT_A_NAME).toBe(
      "The name may hold only letters, spaces, commas, apostrophes ('), hyphens (-) and periods (.)",
    );
    expect(await invitations(ts)).toBe(before);
    expect((await census(c, rowsOf(["Ana María O'Neil-Ruiz Jr.", 'J.R. Smith', '"Lee, Bo"'], 'named'))).status).toBe(200);
  });
});

describeEachDb(
  'security: census invitations per group and day',
  (ctx) => {
    it('invites at most CENSUS_RECIPIENTS_PER_GROUP_DAY people a day, refusing the census that would pass it', async () => {
      const ts = ctx();
      const c = await groupAdmin(ts);
      const before = await invitations(ts);
      expect((await census(c, rowsOf(['Ana Ruiz', 'Bo Lee', 'Cy Park'], 'first'))).status).toBe(200);
      const r = await census(c, rowsOf(['Di Chan', 'Ed Wu', 'Flo Ma'], 'second'));
      expect(r.status).toBe(429);
      expect(r.body.message).toBe(CENSUS_TEXT.TOO_MANY_INVITATIONS);
      expect(CENSUS_TEXT.TOO_MANY_INVITATIONS).toBe(
        'This group has sent as many invitations as it may today. Please upload the file again tomorrow.',
      );
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await invitations(ts)).toBe(before + 3);
      const employees = await ts.db.selectFrom('group_employees').select('email').where('email', 'like', 'second%').execute();
      expect(employees).toEqual([]);
      // Without invitations the census imports (nobody is mailed), and within the allowance it invites.
      expect(
        (await c.post('/api/v1/group-home/census', { file_name: 'c.csv', csv: rowsOf(['Di Chan'], 'quiet'), invite: false })).status,
      ).toBe(200);
      expect((await census(c, rowsOf(['Gus Ito', 'Hal Oz'], 'third'))).status).toBe(200);
      expect(await invitations(ts)).toBe(before + 5);
    });
  },
  { CENSUS_RECIPIENTS_PER_GROUP_DAY: 5 },
);
