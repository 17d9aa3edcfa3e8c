import { expect, it } from 'vitest';
import { describeEachDb } from '../helpers/store.ts';
import { PID, newQuote, pricing } from './helpers.ts';

/**
 * get-quote-plans: what the plans page shows for a quote, in one answer: the plan cards (as get-filtered-plans gives
 * them), each plan priced for the quote (as get-plan-facts gives it), the categories to choose from and the plans
 * chosen to compare (decision 2380).
 */
describeEachDb('the plans page in one answer', (ctx) => {
  it('lists the plans of the quote with their prices, the categories and the plans chosen to compare', async () => {
    const c = ctx().client();
    const id = await newQuote(c);
    const r = await c.get('/api/v1/get-quote-plans', { enrollment_id: id });
    expect(r.status).toBe(200);
    const list = r.body.data;
    const cards = (await c.get('/api/v1/get-filtered-plans', { enrollment_id: id })).body.data;
    expect(list.result).toEqual(cards.result);
    expect(list.total).toBe(cards.total);
    // every listed plan priced, as get-plan-facts prices it, in the list's order
    const facts = (await c.get('/api/v1/get-plan-facts', { enrollment_id: id })).body.data.result;
    expect(list.facts).toEqual(facts);
    expect(list.facts.map((f: { plan_id: number }) => f.plan_id)).toEqual(list.result.map((p: { plan_id: number }) => p.plan_id));
    const essentials = list.facts.find((f: { plan_id: number }) => f.plan_id === PID.dentalEssentials);
    const card = (await pricing(c, id, PID.dentalEssentials)).body.data.plans[0];
    expect(essentials).toMatchObject({ monthly_cents: card.price_cents, plan_pricing_id: card.plan_pricing_id });
    expect(list.facts.find((f: { plan_id: number }) => f.plan_id === PID.visionSelect)).toMatchObject({
      monthly_cents: null,
      price_message: 'Vision Select is only offered through the Elevate Benefits portal.',
    });
    const left = (await c.get('/api/v1/get-left-side-filter-fields', { enrollment_id: id })).body.data.result;
    expect(list.categories).toEqual(left.categories);
    expect(list.compare_plan_ids).toEqual([]);
    expect(list.context).toEqual({ group_info: null, user_info: null, portal: null });

    expect(
      (await c.post('/api/v1/save-compare-plans', { enrollment_id: id, plan_ids: [PID.visionClear, PID.dentalEssentials] })).status,
    ).toBe(200);
    const again = (await c.get('/api/v1/get-quote-plans', { enrollment_id: id, categories: 'vision' })).body.data;
    expect(again.compare_plan_ids).toEqual([PID.visionClear, PID.dentalEssentials]);
    expect(new Set(again.result.map((p: { plan_category: string }) => p.plan_category))).toEqual(new Set(['vision']));
    expect(again.facts.map((f: { plan_id: number }) => f.plan_id)).toEqual(again.result.map((p: { plan_id: number }) => p.plan_id));
  });

  it('prices the plans again when the quote changes', async () => {
    const c = ctx().client();
    const id = await newQuote(c);
    const monthly = async () =>
      (await c.get('/api/v1/get-quote-plans', { enrollment_id: id, categories: 'dental' })).body.data.facts.find(
        (f: { plan_id: number }) => f.plan_id === PID.dentalEssentials,
      ).monthly_cents;
    const single = await monthly();
    expect((await c.put(`/api/v1/change-filter-info/${id}`, { tier: 'IF' })).status).toBe(200);
    const family = await monthly();
    expect(family).toBe((await pricing(c, id, PID.dentalEssentials)).body.data.plans[0].price_cents);
    expect(family).not.toBe(single);
  });

  it("answers another browser's quote, or none, as not found", async () => {
    const ts = ctx();
    const owner = ts.client();
    const id = await newQuote(owner);
    expect((await ts.client().get('/api/v1/get-quote-plans', { enrollment_id: id })).status).toBe(404);
    expect((await owner.get('/api/v1/get-quote-plans', {})).status).toBe(422);
  });

  it("lists only the plans of the categories the quote's portal offers (portal 503: dental and vision); another answers none", async () => {
    const c = ctx().client();
    const id = await newQuote(c, { platform_group_id: 503 });
    const list = (await c.get('/api/v1/get-quote-plans', { enrollment_id: id })).body.data;
    expect(new Set(list.result.map((p: { plan_category: string }) => p.plan_category))).toEqual(new Set(['dental', 'vision']));
    // Every category may still be chosen, as get-left-side-filter-fields offers them (the page then says that none is
    // available: rare-storefront.test.ts).
    expect(list.categories.map((x: { key: string }) => x.key)).toEqual(expect.arrayContaining(['dental', 'vision', 'pet']));
    expect(list.facts).toHaveLength(list.result.length);
    expect(list.context.portal).toMatchObject({ platform_group_id: 503 });
    const pet = (await c.get('/api/v1/get-quote-plans', { enrollment_id: id, categories: 'pet' })).body.data;
    expect(pet).toMatchObject({ result: [], total: 0, facts: [] });
  });
});
