import { expect, it } from 'vitest';
import { describeEachDb } from '../helpers/store.ts';
import { DEMO } from '../helpers/client.ts';
import { enrollmentAtStepFive } from '../enrollment/finish/helpers.ts';

/** Issue 26: the operator sets a group's payment method; the billing step follows it. */
describeEachDb('the operator sets the payment method of a group', (ctx) => {
  it('saves it, refuses an unknown one, and get-payment-method answers it', async () => {
    const op = ctx().client();
    await op.signIn(DEMO.operator.email, DEMO.operator.password);
    const g = (await op.get('/api/admin/groups/3002')).body.data;
    expect(g.payment_method).toBeNull();
    const { accounts: _a, ...form } = g;
    const bad = await op.put('/api/admin/groups/3002', { ...form, payment_method: 'cash' });
    expect(bad.status).toBe(422);
    expect(bad.body.data.map((x: { target_element: string }) => x.target_element)).toEqual(['payment_method']);
    const saved = await op.put('/api/admin/groups/3002', { ...form, payment_method: 'stmt' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.payment_method).toBe('stmt');
    const c = ctx().client();
    const id = await enrollmentAtStepFive(ctx(), c, { group_id: 3002, type: 'new-member' });
    expect((await c.get('/api/v1/get-payment-method', { enrollment_id: id })).body.data.result).toBe('stmt');
    // Empty goes back to the store's rule.
    expect((await op.put('/api/admin/groups/3002', { ...form, payment_method: '' })).body.data.payment_method).toBeNull();
    expect((await c.get('/api/v1/get-payment-method', { enrollment_id: id })).body.data.result).toBe('cc');
  });
});
