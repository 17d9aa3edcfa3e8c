import { expect, it } from 'vitest';
import { COMPARE_MAX_MESSAGE } from '@store/domain/compare';
import { MEMBERSHIP_FEE_CENTS } from '@store/domain/charges';
import { describeEachDb } from '../helpers/store.ts';
import { DEMO } from '../helpers/client.ts';
import { newEnrollment, putInCart } from '../cart/helpers.ts';
import { PID, newQuote, pricing } from './helpers.ts';

const PREFERRED_PLUS = 102;

describeEachDb('compare: plans priced for the quote, the comparison kept with the quote', (ctx) => {
  it('prices every plan with the pricing of the quote, with benefits and yearly estimates', async () => {
    const c = ctx().client();
    const id = await newQuote(c);
    const r = await c.get('/api/v1/get-plan-facts', { enrollment_id: id, categories: 'dental,vision,term_life' });
    expect(r.status).toBe(200);
    const facts = r.body.data.result as {
      plan_id: number;
      monthly_cents: number | null;
      membership_cents: number | null;
      plan_pricing_id: number | null;
      first_month_cents: number | null;
      yearly_cents: number | null;
      price_message: string | null;
      carrier: string;
      add_on_plan_page: boolean;
      benefits: { annual_max_cents: number; deductible_cents: number; covers: { service: string; waiting_months: number }[] } | null;
      estimates: { level: string; total_cents: number; out_of_pocket_cents: number }[];
    }[];
    const essentials = facts.find((f) => f.plan_id === PID.dentalEssentials)!;
    const card = (await pricing(c, id, PID.dentalEssentials)).body.data.plans[0];
    // One price (issue 37): the membership said beside the plan's price, in the first month and the year as the
    // cart's chargeSummary charges it; the plan page's price card says the same membership.
    const withMembership = card.price_cents + MEMBERSHIP_FEE_CENTS;
    expect(card.membership_cents).toBe(MEMBERSHIP_FEE_CENTS);
    expect(essentials).toMatchObject({
      monthly_cents: card.price_cents,
      membership_cents: MEMBERSHIP_FEE_CENTS,
      plan_pricing_id: card.plan_pricing_id,
      first_month_cents: withMembership,
      yearly_cents: withMembership * 12,
      carrier: 'National Dental Carrier',
      add_on_plan_page: false,
    });
    expect(essentials.benefits).toMatchObject({ annual_max_cents: 100000, deductible_cents: 5000 });
    expect(essentials.benefits!.covers.find((x) => x.service === 'major')!.waiting_months).toBe(12);
    // low: preventive only (0); medium: $50 deductible + 20% of $250; high: + the crown in its 12-month wait
    expect(essentials.estimates.map((x) => x.out_of_pocket_cents)).toEqual([0, 10000, 130000]);
    expect(essentials.estimates[1].total_cents).toBe(withMembership * 12 + 10000);
    // a plan the quote cannot buy has no price but its message
    const select = facts.find((f) => f.plan_id === PID.visionSelect)!;
    expect(select).toMatchObject({
      monthly_cents: null,
      estimates: [],
      price_message: 'Vision Select is only offered through the Elevate Benefits portal.',
    });
    // term life needs the membership: the first month and year include the $5 fee, added on the plan page
    const life = facts.find((f) => f.plan_id === PID.termLife100k)!;
    expect(life.add_on_plan_page).toBe(true);
    expect(life.monthly_cents).toBeNull(); // tobacco use not answered yet
    expect(facts.map((f) => f.plan_id)).not.toContain(PID.dentalEssentials2024);
    // one plan (the plan detail page): the same facts; a plan no longer sold or a bad id gives none or a 422
    const one = await c.get('/api/v1/get-plan-facts', { enrollment_id: id, plan_id: String(PID.dentalEssentials) });
    expect(one.body.data.result).toEqual([essentials]);
    expect(
      (await c.get('/api/v1/get-plan-facts', { enrollment_id: id, plan_id: String(PID.dentalEssentials2024) })).body.data.result,
    ).toEqual([]);
    expect((await c.get('/api/v1/get-plan-facts', { enrollment_id: id, plan_id: 'x' })).status).toBe(422);
  });

  it('keeps up to four plans with the quote, in the order chosen, and answers 422 on bad input', async () => {
    const c = ctx().client();
    const id = await newQuote(c);
    expect((await c.get('/api/v1/get-compare-plans', { enrollment_id: id })).body.data).toEqual({ plan_ids: [], plans: [] });
    const saved = await c.post('/api/v1/save-compare-plans', {
      enrollment_id: id,
      plan_ids: [PREFERRED_PLUS, PID.dentalEssentials, PID.visionClear],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.plan_ids).toEqual([PREFERRED_PLUS, PID.dentalEssentials, PID.visionClear]);
    const again = await c.get('/api/v1/get-compare-plans', { enrollment_id: id });
    expect(again.body.data.plans.map((p: { plan_name: string }) => p.plan_name)).toEqual([
      'Dental Preferred Plus',
      'Dental Essentials',
      'Vision Clear',
    ]);

    const five = await c.post('/api/v1/save-compare-plans', { enrollment_id: id, plan_ids: [101, 102, 103, 105, 201] });
    expect(five.status).toBe(422);
    expect(five.body.data[0]).toEqual({ target_element: 'plan_ids', error_message: COMPARE_MAX_MESSAGE });
    const retired = await c.post('/api/v1/save-compare-plans', { enrollment_id: id, plan_ids: [PID.dentalEssentials2024] });
    expect(retired.status).toBe(422);
    expect(retired.body.data[0].target_element).toBe('plan_ids');
    const notNumbers = await c.post('/api/v1/save-compare-plans', { enrollment_id: id, plan_ids: 'all' });
    expect(notNumbers.status).toBe(422);
    // nothing of the refused calls was kept
    expect((await c.get('/api/v1/get-compare-plans', { enrollment_id: id })).body.data.plan_ids).toEqual([
      PREFERRED_PLUS,
      PID.dentalEssentials,
      PID.visionClear,
    ]);
    const cleared = await c.post('/api/v1/save-compare-plans', { enrollment_id: id, plan_ids: [] });
    expect(cleared.body.data.plan_ids).toEqual([]);
  });

  it("refuses another visitor's quote (404) and a call without one (422)", async () => {
    const owner = ctx().client();
    const id = await newQuote(owner);
    await owner.post('/api/v1/save-compare-plans', { enrollment_id: id, plan_ids: [PID.dentalEssentials] });
    const other = ctx().client();
    expect((await other.get('/api/v1/get-compare-plans', { enrollment_id: id })).status).toBe(404);
    expect((await other.get('/api/v1/get-plan-facts', { enrollment_id: id })).status).toBe(404);
    expect((await other.post('/api/v1/save-compare-plans', { enrollment_id: id, plan_ids: [PID.visionClear] })).status).toBe(404);
    expect((await owner.get('/api/v1/get-compare-plans', { enrollment_id: id })).body.data.plan_ids).toEqual([PID.dentalEssentials]);
    const none = await owner.get('/api/v1/get-plan-facts', {});
    expect(none.status).toBe(422);
    expect(none.body.data[0].target_element).toBe('enrollment_id');
  });

  it('puts the comparison in the quote mail (its preview is what is sent)', async () => {
    const rep = ctx().client();
    await rep.signIn(DEMO.rep.email, DEMO.rep.password);
    const id = await newEnrollment(rep, { eprocess: 'rep', group_id: 3001 });
    await putInCart(ctx(), id, PID.dentalEssentials);
    const form = { enrollment_id: id, name: 'Sam Rivera', email: 'sam@example.com', tab: 'cart_info', type: 'preview' };
    const without = await rep.get('/api/v1/get-quote-preview-content', form);
    expect(without.status).toBe(200);
    expect(without.body.data.content).not.toContain('Plans you compared');
    await rep.post('/api/v1/save-compare-plans', { enrollment_id: id, plan_ids: [PREFERRED_PLUS, PID.dentalEssentials] });
    const html: string = (await rep.get('/api/v1/get-quote-preview-content', form)).body.data.content;
    expect(html).toContain('Plans you compared');
    const price = (await pricing(rep, id, PREFERRED_PLUS)).body.data.plans[0].plan_price as string;
    expect(html).toMatch(new RegExp(`Dental Preferred Plus</td><td[^>]*>\\${price}</td>`));
    expect(html).toContain('$2,500.00');
    expect(html).toContain('$1,000.00');
  });

  it("takes a plan's benefits from the operator console's plan form, validated (422 beside the field)", async () => {
    const admin = ctx().client();
    await admin.signIn(DEMO.operator.email, DEMO.operator.password);
    const { plan_id: _id, ...form } = (await admin.get(`/api/admin/plans/${PREFERRED_PLUS}`)).body.data;
    expect(form.benefits).toMatchObject({ annual_max_cents: 250000 });
    const bad = await admin.put(`/api/admin/plans/${PREFERRED_PLUS}`, {
      ...form,
      benefits: { ...form.benefits, annual_max_cents: -1, covers: [{ service: 'teeth' }] },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.data.map((e: { target_element: string }) => e.target_element)).toEqual(
      expect.arrayContaining(['benefits.annual_max_cents', 'benefits.covers.0.service']),
    );
    // a form without benefits keeps them
    const { benefits: _b, ...withoutBenefits } = form;
    expect((await admin.put(`/api/admin/plans/${PREFERRED_PLUS}`, withoutBenefits)).body.data.benefits).toMatchObject({
      annual_max_cents: 250000,
    });
    const saved = await admin.put(`/api/admin/plans/${PREFERRED_PLUS}`, {
      ...form,
      benefits: { ...form.benefits, annual_max_cents: 300000 },
    });
    expect(saved.status).toBe(200);

    const c = ctx().client();
    const id = await newQuote(c);
    const facts = (await c.get('/api/v1/get-plan-facts', { enrollment_id: id, categories: 'dental' })).body.data.result;
    expect(facts.find((f: { plan_id: number }) => f.plan_id === PREFERRED_PLUS).benefits.annual_max_cents).toBe(300000);
    const cleared = await admin.put(`/api/admin/plans/${PREFERRED_PLUS}`, { ...form, benefits: null });
    expect(cleared.body.data.benefits).toBeNull();
    const after = (await c.get('/api/v1/get-plan-facts', { enrollment_id: id, categories: 'dental' })).body.data.result;
    expect(after.find((f: { plan_id: number }) => f.plan_id === PREFERRED_PLUS)).toMatchObject({ benefits: null, estimates: [] });
  });
});
