import { expect, it } from 'vitest';
import { PLAN_IDS } from '../../src/db/seed/demo-catalog.ts';
import { describeEachDb } from '../helpers/store.ts';
import { DEMO } from '../helpers/client.ts';
import { newEnrollment, putInCart } from '../cart/helpers.ts';

/** GET /api/v1/get-session: every page's one question about the visitor (decision 2760). */
describeEachDb('session API', (ctx) => {
  it('answers who is signed in, the quote cart as the header shows it, and the lead, as the separate calls do', async () => {
    const ts = ctx();
    const c = ts.client();
    const device = 'session-device-0001';
    expect((await c.get('/api/v1/get-session')).body).toMatchObject({
      status: 'success',
      data: { me: { signed_in: false, role: null }, cart: null, lead_recorded: null },
    });

    const id = await newEnrollment(c);
    expect((await c.get('/api/v1/get-session', { enrollment_id: id, device_id: device })).body.data).toEqual({
      me: (await c.get('/api/auth/me')).body.data,
      cart: { count: 0, amount: '0.00', premier: false },
      lead_recorded: false,
    });

    // A life plan with its membership (a row added with it, not an item), and a premier dental plan.
    await putInCart(ts, id, PLAN_IDS.termLife100k);
    await putInCart(ts, id, PLAN_IDS.associationMembership, { removable: false, parent: PLAN_IDS.termLife100k });
    await putInCart(ts, id, PLAN_IDS.premierDentalL713);
    await c.get('/api/v1/site');
    const stored = await c.request('GET', '/api/v1/get-lead-information', {
      query: { device_id: device, store_information: '1' },
      headers: { 'x-csrf-token': c.cookies.get('csrf')! },
    });
    expect(stored.body.data).toEqual({ recorded: true });
    const s = (await c.get('/api/v1/get-session', { enrollment_id: id, device_id: device })).body.data;
    expect(s.cart).toEqual({
      count: (await c.get('/api/v1/get-cart-count', { enrollment_id: id })).body.data.result,
      amount: (await c.get('/api/v1/get-cart-amount', { enrollment_id: id })).body.data.result,
      premier: true,
    });
    expect(s.cart.count).toBe(2);
    expect((await c.get('/api/v1/get-more-requirement', { enrollment_id: id })).body.data).toBe(true);
    expect(s.lead_recorded).toBe(true);
  });

  it("answers another visitor's quote as no cart, and still says who is signed in", async () => {
    const ts = ctx();
    const owner = ts.client();
    const id = await newEnrollment(owner);
    await putInCart(ts, id, PLAN_IDS.dentalEssentials);
    const rep = ts.client();
    await rep.signIn(DEMO.rep.email, DEMO.rep.password);
    const r = await rep.get('/api/v1/get-session', { enrollment_id: id });
    expect(r.status).toBe(200);
    expect(r.body.data.cart).toBeNull();
    expect(r.body.data.me).toMatchObject({ signed_in: true, role: 'rep', email: DEMO.rep.email });
    expect((await owner.get('/api/v1/get-session', { enrollment_id: id })).body.data.cart.count).toBe(1);
  });

  it('refuses a malformed device id with a field error', async () => {
    const r = await ctx().client().get('/api/v1/get-session', { device_id: 'no spaces allowed' });
    expect(r.status).toBe(422);
    expect(r.body.data).toEqual([expect.objectContaining({ target_element: 'device_id' })]);
  });
});
