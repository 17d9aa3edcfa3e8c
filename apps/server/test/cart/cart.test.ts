import { expect, it } from 'vitest';
import { centsToDollars, effectiveDatesUs } from '@store/domain/cart';
import { todayIso } from '@store/domain/dates';
import { TEXT } from '@store/domain/texts';
import { PLAN_IDS } from '../../src/db/seed/demo-catalog.ts';
import { describeEachDb } from '../helpers/store.ts';
import { DEMO } from '../helpers/client.ts';
import { newEnrollment, putInCart } from './helpers.ts';

describeEachDb('cart API', (ctx) => {
  it('shows an empty cart with zero totals', async () => {
    const c = ctx().client();
    const id = await newEnrollment(c);
    const r = await c.get('/api/v1/get-plan-cart', { enrollment_id: id });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'success', data: { result: [], initial_month_cost: '0.00', recurring_month_cost: '0.00' } });
    // Nothing in the cart, nothing to charge: not even the membership fee.
    expect(r.body.data.summary).toMatchObject({ lines: [], initial: '0.00', recurring: '0.00' });
    expect((await c.get('/api/v1/get-cart-count', { enrollment_id: id })).body.data).toEqual({ result: 0 });
    expect((await c.get('/api/v1/get-cart-count')).body.data).toEqual({ result: 0 });
  });

  it('lists rows with dollar prices, removable flags and totals', async () => {
    const ts = ctx();
    const c = ts.client();
    const id = await newEnrollment(c, { is_smoker: '0' });
    const dental = await putInCart(ts, id, PLAN_IDS.dentalEssentials);
    const life = await putInCart(ts, id, PLAN_IDS.termLife100k);
    const member = await putInCart(ts, id, PLAN_IDS.associationMembership, { removable: false, parent: PLAN_IDS.termLife100k });
    const r = await c.get('/api/v1/get-plan-cart', { enrollment_id: id });
    expect(r.status).toBe(200);
    expect(r.body.data.result.map((x: any) => [x.plan_id, x.price, x.removable])).toEqual([
      [PLAN_IDS.dentalEssentials, centsToDollars(dental.price_cents), 1],
      [PLAN_IDS.termLife100k, centsToDollars(life.price_cents), 1],
      [PLAN_IDS.associationMembership, '5.00', 0],
    ]);
    expect(r.body.data.result[0]).toMatchObject({ plan_name: 'Dental Essentials', plan_pricing_id: dental.plan_pricing_id });
    expect(r.body.data.result[0].plan_logo).toMatch(/^\/media\//);
    // The membership row of the Prudential flow is the cart's membership: no second membership fee line. Term Life 100k
    // needs evidence of insurability: it and the membership added with it are shown held, not charged until the
    // carrier approves (issue 38), so the totals are the dental plan's.
    const total = centsToDollars(dental.price_cents);
    expect(r.body.data.summary.held).toBe(centsToDollars(life.price_cents + member.price_cents));
    expect(r.body.data.summary.lines.map((l: any) => l.held)).toEqual([false, true, true]);
    expect(r.body.data.summary.lines.map((l: any) => [l.label, l.monthly])).toEqual([
      ['Dental Essentials', centsToDollars(dental.price_cents)],
      ['Term Life 100k', centsToDollars(life.price_cents)],
      ['Association Membership', '5.00'],
    ]);
    expect(r.body.data.recurring_month_cost).toBe(total);
    expect(r.body.data.initial_month_cost).toBe(total);
    // The badge counts the plans chosen, not the membership added with one (issue 37).
    expect((await c.get('/api/v1/get-cart-count', { enrollment_id: id })).body.data.result).toBe(2);
    expect((await c.get('/api/v1/get-cart-amount', { enrollment_id: id })).body.data.result).toBe(total);

    const pru = await c.get('/api/v1/check-prudential-cart', { enrollment_id: id });
    expect(pru.body.data).toEqual({ status: true, show_100k: true });
    expect((await c.get('/api/v1/get-more-requirement', { enrollment_id: id })).body.data).toBe(false);
    await putInCart(ts, id, PLAN_IDS.premierDentalL713);
    expect((await c.get('/api/v1/get-more-requirement', { enrollment_id: id })).body.data).toBe(true);
    expect((await c.get('/api/v1/get-more-requirement', { plan_id: PLAN_IDS.premierDentalL713 })).body.data).toBe(true);
  });

  it('says a cart with no Prudential-type plan is not one', async () => {
    const ts = ctx();
    const c = ts.client();
    const id = await newEnrollment(c);
    await putInCart(ts, id, PLAN_IDS.visionClear);
    expect((await c.get('/api/v1/check-prudential-cart', { enrollment_id: id })).body.data).toEqual({ status: false, show_100k: false });
  });

  it('removes a row only with the CSRF token, with its membership, and refuses rows that are not removable', async () => {
    const ts = ctx();
    const c = ts.client();
    const id = await newEnrollment(c, { is_smoker: '0' });
    const dental = await putInCart(ts, id, PLAN_IDS.dentalEssentials);
    const life = await putInCart(ts, id, PLAN_IDS.termLife100k);
    const member = await putInCart(ts, id, PLAN_IDS.associationMembership, { removable: false, parent: PLAN_IDS.termLife100k });
    const q = { enrollment_id: id, plan_id: PLAN_IDS.dentalEssentials, plan_pricing_id: dental.plan_pricing_id };

    const noToken = await c.request('GET', '/api/v1/remove-plan-from-cart', { query: q, csrf: false });
    expect(noToken.status).toBe(403);
    expect((await c.get('/api/v1/get-cart-count', { enrollment_id: id })).body.data.result).toBe(2);

    const keep = await c.get('/api/v1/remove-plan-from-cart', {
      enrollment_id: id,
      plan_id: PLAN_IDS.associationMembership,
      plan_pricing_id: member.plan_pricing_id,
    });
    expect(keep.status).toBe(409);
    expect(keep.body.message).toBe('This plan cannot be removed from the cart.');

    const ok = await c.get('/api/v1/remove-plan-from-cart', q);
    expect(ok.status).toBe(200);
    // The plans left (Term Life; its membership is not an item, issue 37).
    expect(ok.body.data).toEqual({ count: 1 });
    expect((await c.get('/api/v1/remove-plan-from-cart', q)).status).toBe(404);

    await c.get('/api/v1/remove-plan-from-cart', {
      enrollment_id: id,
      plan_id: PLAN_IDS.termLife100k,
      plan_pricing_id: life.plan_pricing_id,
    });
    expect((await c.get('/api/v1/get-plan-cart', { enrollment_id: id })).body.data.result).toEqual([]);

    const bad = await c.get('/api/v1/remove-plan-from-cart', { enrollment_id: id, plan_id: 'abc', plan_pricing_id: 1 });
    expect(bad.status).toBe(422);
    expect(bad.body.data[0].target_element).toBe('plan_id');
  });

  it('offers the next 1st and 15th dates and checks out with one of them', async () => {
    const ts = ctx();
    const c = ts.client();
    const id = await newEnrollment(c);
    const dates = await c.get('/api/v1/get-cart-effective-dates', { enrollment_id: id });
    expect(dates.body.data.result).toEqual(effectiveDatesUs(todayIso()));
    const [first, second] = dates.body.data.result as string[];

    const empty = await c.post('/api/v1/cart-checkout', { enrollment_id: id, effective_date: first });
    expect(empty.status).toBe(422);
    expect(empty.body.message).toBe(TEXT.NO_ITEMS_IN_CART);

    await putInCart(ts, id, PLAN_IDS.dentalEssentials);
    const missing = await c.post('/api/v1/cart-checkout', { enrollment_id: id, effective_date: '' });
    expect(missing.status).toBe(422);
    expect(missing.body.data).toEqual([{ target_element: 'effective_date', error_message: 'Field is required' }]);
    const past = await c.post('/api/v1/cart-checkout', { enrollment_id: id, effective_date: '01/01/2020' });
    expect(past.status).toBe(422);
    expect(past.body.data).toEqual([
      { target_element: 'effective_date', error_message: 'Please choose one of the effective dates offered' },
    ]);

    const done = await c.post('/api/v1/cart-checkout', { enrollment_id: id, effective_date: second });
    expect(done.status).toBe(200);
    const row = await ts.db.selectFrom('enrollments').select(['effective_date', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('checked_out');
    const [mm, dd, yyyy] = second.split('/');
    expect(row.effective_date).toBe(`${yyyy}-${mm}-${dd}`);
  });

  it("answers 404 for another visitor's enrollment", async () => {
    const ts = ctx();
    const owner = ts.client();
    const id = await newEnrollment(owner);
    const rate = await putInCart(ts, id, PLAN_IDS.dentalEssentials);
    const other = ts.client();
    await newEnrollment(other);
    expect((await other.get('/api/v1/get-plan-cart', { enrollment_id: id })).status).toBe(404);
    expect((await other.get('/api/v1/get-cart-count', { enrollment_id: id })).status).toBe(404);
    expect((await other.get('/api/v1/get-cart-amount', { enrollment_id: id })).status).toBe(404);
    expect((await other.get('/api/v1/check-prudential-cart', { enrollment_id: id })).status).toBe(404);
    expect(
      (
        await other.get('/api/v1/remove-plan-from-cart', {
          enrollment_id: id,
          plan_id: PLAN_IDS.dentalEssentials,
          plan_pricing_id: rate.plan_pricing_id,
        })
      ).status,
    ).toBe(404);
    const dates = (await other.get('/api/v1/get-cart-effective-dates')).body.data.result;
    expect((await other.post('/api/v1/cart-checkout', { enrollment_id: id, effective_date: dates[0] })).status).toBe(404);
    expect(
      (
        await other.get('/api/v1/get-quote-preview-content', {
          enrollment_id: id,
          name: 'Sam',
          email: 'sam@example.com',
          tab: 'cart_info',
          type: 'preview',
        })
      ).status,
    ).toBe(404);
    expect((await owner.get('/api/v1/get-cart-count', { enrollment_id: id })).body.data.result).toBe(1);
  });

  it('previews the quote for reps only, escaped, with the messages of the specification', async () => {
    const ts = ctx();
    const visitor = ts.client();
    const vid = await newEnrollment(visitor);
    await putInCart(ts, vid, PLAN_IDS.dentalEssentials);
    const refused = await visitor.get('/api/v1/get-quote-preview-content', {
      enrollment_id: vid,
      name: 'Sam',
      email: 'sam@example.com',
      tab: 'cart_info',
      type: 'preview',
    });
    expect(refused.status).toBe(403);

    const rep = ts.client();
    await rep.signIn(DEMO.rep.email, DEMO.rep.password);
    const id = await newEnrollment(rep, { eprocess: 'rep', group_id: 3001 });
    await putInCart(ts, id, PLAN_IDS.dentalEssentials);
    const preview = await rep.get('/api/v1/get-quote-preview-content', {
      enrollment_id: id,
      name: "Sam O'Neil",
      email: 'sam@example.com',
      message: '<b>Hi</b> & welcome',
      tab: 'cart_info',
      type: 'preview',
    });
    expect(preview.status).toBe(200);
    const html: string = preview.body.data.content;
    expect(html).toContain('Dear Sam O&#39;Neil,');
    expect(html).toContain('&lt;b&gt;Hi&lt;/b&gt; &amp; welcome');
    expect(html).not.toContain('<b>Hi</b>');
    expect(html).toContain('Dental Essentials');
    expect(html).toContain(TEXT.FIRST_MONTH_TOTAL_COST);

    const noName = await rep.get('/api/v1/get-quote-preview-content', {
      enrollment_id: id,
      name: '',
      email: 'x',
      tab: 'cart_info',
      type: 'preview',
    });
    expect(noName.status).toBe(422);
    expect(noName.body.data).toEqual([
      { target_element: 'name', error_message: TEXT.FIELD_REQUIRED },
      { target_element: 'email', error_message: TEXT.PLEASE_ENTER_VALID_EMAIL },
    ]);
    const badName = await rep.get('/api/v1/get-quote-preview-content', { enrollment_id: id, name: 'R2-D2', email: 'sam@example.com' });
    expect(badName.body.data).toEqual([{ target_element: 'name', error_message: TEXT.PLEASE_ENTER_VALID_NAME }]);

    const dental = ts.client('dental.localhost');
    await dental.signIn(DEMO.rep.email, DEMO.rep.password);
    const did = await newEnrollment(dental, { eprocess: 'rep', group_id: 3001 });
    await putInCart(ts, did, PLAN_IDS.dentalEssentials);
    expect(
      (await dental.get('/api/v1/get-quote-preview-content', { enrollment_id: did, name: 'Sam', email: 'sam@example.com' })).status,
    ).toBe(403);

    await ts.db.updateTable('groups').set({ show_quotation: 'no' }).where('group_id', '=', 3003).execute();
    const nid = await newEnrollment(rep, { eprocess: 'rep', group_id: 3003 });
    await putInCart(ts, nid, PLAN_IDS.dentalEssentials);
    expect((await rep.get('/api/v1/get-quote-preview-content', { enrollment_id: nid, name: 'Sam', email: 'sam@example.com' })).status).toBe(
      403,
    );
    await ts.db.updateTable('groups').set({ show_quotation: 'yes' }).where('group_id', '=', 3003).execute();
  });
});
