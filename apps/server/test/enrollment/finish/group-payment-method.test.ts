import { expect, it } from 'vitest';
import { describeEachDb } from '../../helpers/store.ts';
import { CARD, EFT, enrollmentAtStepFive, finish, enrollWith, reviewAndAgree } from './helpers.ts';

/** Issue 26 (enrollment.md 4.10): a group's own payment method (groups.payment_method) decides the billing step. */
describeEachDb('the payment method of the group', (ctx) => {
  it.each([
    [3101, 'eft'],
    [3102, 'elist'],
    [3103, 'stmt'],
    [77, 'cc'],
  ] as const)('group %i answers %s', async (group_id, method) => {
    const ts = ctx();
    const c = ts.client();
    const id = await enrollmentAtStepFive(ts, c, { group_id, type: 'new-member' });
    expect((await c.get('/api/v1/get-payment-method', { enrollment_id: id })).body.data.result).toBe(method);
    const fields = (await c.get('/api/v1/get-form-fields-billing-info', { enrollment_id: id })).body.data.result;
    expect(fields.find((f: { field_name: string }) => f.field_name === 'payment_method').value).toBe(method);
  });

  it('EFTONLY refuses a card, nothing saved; EFT completes', async () => {
    const ts = ctx();
    const c = ts.client();
    const id = await enrollmentAtStepFive(ts, c, { group_id: 3101, type: 'new-member' });
    await reviewAndAgree(c, id);
    const card = await c.post('/api/v1/save-billing-info', { enrollment_id: id, ...CARD });
    expect(card.status).toBe(422);
    expect(card.body.data).toEqual([
      { target_element: 'payment_method', error_message: 'This payment method is not available for this enrollment.' },
    ]);
    const row = await ts.db.selectFrom('enrollments').select('tabs').where('id', '=', id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row.tabs ?? {})).not.toContain('payment_info');
    await finish(c, id, () => enrollWith(c, id, EFT));
    const done = await ts.db.selectFrom('enrollments').select(['status', 'tabs']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(done.status).toBe('completed');
    expect((done.tabs as { payment_info: { payment_method: string } }).payment_info.payment_method).toBe('eft');
  });

  it.each([
    [3102, 'elist'],
    [3103, 'stmt'],
  ] as const)('group %i takes %s with no fields and refuses EFT and list', async (group_id, method) => {
    const ts = ctx();
    const c = ts.client();
    const id = await enrollmentAtStepFive(ts, c, { group_id, type: 'new-member' });
    await reviewAndAgree(c, id);
    expect((await c.post('/api/v1/save-billing-info', { enrollment_id: id, ...EFT })).status).toBe(422);
    expect((await c.post('/api/v1/save-billing-info', { enrollment_id: id, payment_method: 'list', bill_date: 28 })).status).toBe(422);
    await finish(c, id, () =>
      c.post('/api/v1/save-billing-info', { enrollment_id: id, payment_method: method, bill_date: 28, first_enroll: 1 }),
    );
    const done = await ts.db.selectFrom('enrollments').select(['status', 'tabs']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(done.status).toBe('completed');
    expect((done.tabs as { payment_info: { payment_method: string } }).payment_info.payment_method).toBe(method);
  });
});
