import { expect, it } from 'vitest';
import { PLAN_IDS } from '../../src/db/seed/demo-catalog.ts';
import { describeEachDb } from '../helpers/store.ts';
import { newEnrollment } from './helpers.ts';

describeEachDb('enrollment wizard: dynamic tabs', (ctx) => {
  it('lists the required tabs in order 0 to 10 from the cart, tier and process', async () => {
    const c = ctx().client();
    const id = await newEnrollment(ctx(), c, { plans: [PLAN_IDS.dentalEssentials] });
    const r = await c.get('/get-dynamic-tabs', { enrollment_id: id });
    expect(r.status).toBe(200);
    const required = r.body.data.filter((t: any) => t.required).map((t: any) => t.tab_name);
    expect(required).toEqual(['primary_info', 'contact_info', 'review_info', 'agreement_info', 'billing_info']);
    for (const t of r.body.data) expect(t.order).toBeGreaterThanOrEqual(0);
    for (const t of r.body.data) expect(t.order).toBeLessThanOrEqual(10);

    const life = await newEnrollment(ctx(), c, { plans: [PLAN_IDS.termLife100k], tier: 'IF', eprocess: 'group', group_id: 3001 });
    const r2 = await c.get('/get-dynamic-tabs', { enrollment_id: life });
    expect(r2.body.data.filter((t: any) => t.required).map((t: any) => t.tab_name)).toEqual([
      'primary_info',
      'contact_info',
      'employer_info',
      'beneficiary_info',
      'primary_health_info',
      'dependent_info',
      'review_info',
      'agreement_info',
      'billing_info',
    ]);
    const check = await c.get('/api/v1/check-tab-required', { enrollment_id: life, tab_name: 'primary_health_info' });
    expect(check.body.data.result.required).toBe(true);
    const check2 = await c.get('/api/v1/check-tab-required', { enrollment_id: id, tab_name: 'primary_health_info' });
    expect(check2.body.data.result.required).toBe(false);
  });

  it('answers 404 for another browser', async () => {
    const c = ctx().client();
    const id = await newEnrollment(ctx(), c);
    const other = ctx().client();
    expect((await other.get('/get-dynamic-tabs', { enrollment_id: id })).status).toBe(404);
    expect((await other.get('/api/v1/get-form-fields-personal-info', { enrollment_id: id })).status).toBe(404);
  });
});
