import { expect, it } from 'vitest';
import { describeEachDb, type TestStore } from '../../helpers/store.ts';
import { DEMO } from '../../helpers/client.ts';
import { newEnrollment } from '../helpers.ts';
import { CARD, EFT, enrollmentAtStepFive, finish, enrollWith, reviewAndAgree, withAuthorization } from './helpers.ts';

async function userOf(ts: TestStore, id: string) {
  const e = await ts.db.selectFrom('enrollments').select(['user_id', 'status', 'tabs']).where('id', '=', id).executeTakeFirstOrThrow();
  return e;
}

describeEachDb('agreement verification and saved payment methods', (ctx) => {
  it('titles the verification by who enrolls: Broker for a rep, Group for a group, Applicant for a member', async () => {
    const ts = ctx();
    const c = ts.client();
    const rep = await newEnrollment(ts, c, { eprocess: 'rep' });
    const group = await newEnrollment(ts, c, { eprocess: 'group', group_id: 3001 });
    const applicant = await enrollmentAtStepFive(ts, c);

    const fields = async (id: string) => (await c.get('/api/v1/get-form-fields-agreement-info', { enrollment_id: id })).body.data;
    const r = await fields(rep);
    expect(r.mode).toBe('rep');
    expect(r.result.agent_name).toEqual({ value: 'Jordan Avery', required: true, read_only: true });
    expect(r.result.agent_code.value).toBe('AGENT100');
    const g = await fields(group);
    expect(g.mode).toBe('group');
    expect(g.result.group_name).toEqual({ value: 'Acme Manufacturing', required: true, read_only: true });
    const a = await fields(applicant);
    expect(a.mode).toBe('applicant');
    expect(a.result.user_name).toEqual({ value: 'Dana Whitfield', required: true, read_only: true });
    expect(a.result.signature.required).toBe(true);

    // A stranger learns nothing about whose enrollment it is.
    expect((await ts.client().get('/api/v1/get-form-fields-agreement-info', { enrollment_id: rep })).status).toBe(404);
  });

  it('keeps the names of the server, not the ones sent, in the saved agreement', async () => {
    const ts = ctx();
    const c = ts.client();
    const id = await enrollmentAtStepFive(ts, c);
    await finish(c, id, () => enrollWith(c, id, EFT));
    const { tabs } = await userOf(ts, id);
    const agreement = (tabs as any).aggrement_info;
    expect(agreement).toMatchObject({ mode: 'applicant', user_name: 'Dana Whitfield', agent_name: 'Jordan Avery', signed: true });
    expect(JSON.stringify(agreement)).not.toContain('Mallory');
  });

  it("offers the member's saved bank and card masked, uses them only for their owner, and does not save them twice", async () => {
    const ts = ctx();
    // The member signed in (the demo member, user 1001): only their own session is offered their saved methods (decision 2320).
    const c = ts.client();
    await c.signIn(DEMO.member.email, DEMO.member.password);
    // A first enrollment paid by EFT keeps the bank account for the member.
    const first = await enrollmentAtStepFive(ts, c);
    await ts.db.updateTable('enrollments').set({ user_id: 1001 }).where('id', '=', first).execute();
    await finish(c, first, () => enrollWith(c, first, EFT));
    const { user_id: userId, status } = await userOf(ts, first);
    expect(status).toBe('completed');
    expect(userId).toBe(1001);

    // The same member's next enrollment (an existing-member enrollment) lists it masked.
    const second = await enrollmentAtStepFive(ts, c);
    await ts.db.updateTable('enrollments').set({ user_id: userId }).where('id', '=', second).execute();
    const banks = (await c.get('/api/v1/get-existing-bank-info', { enrollment_id: second })).body.data.result;
    expect(banks).toEqual([
      {
        bank_id: expect.any(Number),
        account_name: 'Dana Whitfield',
        bank_name: 'JPMORGAN CHASE BANK',
        account_number: 'xxxxxxxx9012',
        bank_routing: 'xxxxx0021',
        account_type: 'checking',
        account_holder_type: 'individual',
      },
    ]);
    expect((await c.get('/api/v1/get-existing-card-info', { enrollment_id: second })).body.data.result).toEqual([]);

    // Someone else's enrollment cannot use this member's bank account, whatever id it sends.
    const stranger = ts.client();
    const theirs = await enrollmentAtStepFive(ts, stranger);
    await reviewAndAgree(stranger, theirs);
    const stolen = await stranger.post('/api/v1/save-billing-info-existing', {
      enrollment_id: theirs,
      payment_method: 'eft',
      bank_id: banks[0].bank_id,
      bill_date: 28,
    });
    expect(stolen.status).toBe(422);
    expect(stolen.body.data).toEqual([{ target_element: 'bank_id', error_message: 'Please choose a saved payment method' }]);
    expect((await stranger.get('/api/v1/get-existing-bank-info', { enrollment_id: second })).status).toBe(404);
    // The same member's enrollment in a browser not signed in as the member: nothing offered, nothing usable.
    const anonymous = ts.client();
    const unsigned = await enrollmentAtStepFive(ts, anonymous);
    await ts.db.updateTable('enrollments').set({ user_id: userId }).where('id', '=', unsigned).execute();
    expect((await anonymous.get('/api/v1/get-existing-bank-info', { enrollment_id: unsigned })).body.data.result).toEqual([]);

    // The last Next (decision 2530): the saved account, its authorization (the same words as for the account typed).
    const { authorization_text } = (await withAuthorization(c, second, { ...EFT, bill_date: 15 })) as { authorization_text: string };
    await finish(c, second, () =>
      c.post('/api/v1/save-billing-info-existing', {
        enrollment_id: second,
        payment_method: 'eft',
        bank_id: banks[0].bank_id,
        bill_date: 15,
        payment_authorization: true,
        authorization_text,
        first_enroll: 1,
      }),
    );
    const pay = (await c.get('/api/v1/get-enrollment-temp-info', { enrollment_id: second, column: 'payment_info' })).body.data.result;
    expect(pay).toMatchObject({
      payment_method: 'eft',
      bill_date: 15,
      account_number: 'xxxxxxxx9012',
      routing_number: 'xxxxx0021',
      bank_name: 'JPMORGAN CHASE BANK',
    });
    const saved = await ts.db.selectFrom('member_payment_methods').select(['kind']).where('user_id', '=', userId!).execute();
    expect(saved).toEqual([{ kind: 'bank' }]);

    // A third enrollment paid by card adds the card: token, brand and last four only.
    const third = await enrollmentAtStepFive(ts, c);
    await ts.db.updateTable('enrollments').set({ user_id: userId }).where('id', '=', third).execute();
    await finish(c, third, () => enrollWith(c, third, CARD));
    const fourth = await enrollmentAtStepFive(ts, c);
    await ts.db.updateTable('enrollments').set({ user_id: userId }).where('id', '=', fourth).execute();
    await reviewAndAgree(c, fourth);
    const cards = (await c.get('/api/v1/get-existing-card-info', { enrollment_id: fourth })).body.data.result;
    expect(cards).toEqual([
      {
        card_id: expect.any(Number),
        name_on_cc: 'Dana Whitfield',
        card_number: 'xxxxxxxxxxxx4242',
        card_brand: 'Visa',
        expiration_month: CARD.expiration_month,
        expiration_year: CARD.expiration_year,
        security_code: '***',
      },
    ]);
    const rows = await ts.db.selectFrom('member_payment_methods').selectAll().where('user_id', '=', userId!).execute();
    expect(JSON.stringify(rows)).not.toContain('4242424242424242');
    expect(JSON.stringify(rows)).not.toContain('123456789012');

    // A card id used as a bank id is refused beside the field.
    const wrongKind = await c.post('/api/v1/save-billing-info-existing', {
      enrollment_id: fourth,
      payment_method: 'eft',
      bank_id: cards[0].card_id,
      bill_date: 28,
    });
    expect(wrongKind.status).toBe(422);
    expect(wrongKind.body.data[0].target_element).toBe('bank_id');
  });
});
