import { expect, it } from 'vitest';
import { TEXT } from '@store/domain/texts';
import { describeEachDb } from '../helpers/store.ts';
import { PLAN_IDS } from '../../src/db/seed/demo-catalog.ts';

/** Issue 26 (enrollment.md 4.7 and 9): IC3 is a tier of the quote, a child tier, rated by Dental Essentials. */
describeEachDb('tier IC3', (ctx) => {
  const adult = { zip: '10001', dob: '01/15/1985', gender: '1' };

  it('add-filter-for-new-user and change-filter-info accept IC3', async () => {
    const c = ctx().client();
    const r = await c.post('/api/v1/add-filter-for-new-user', { ...adult, tier: 'IC3' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const id = r.body.data.temp_enrollment_id;
    expect((await c.get('/api/v1/get-enrollment-temp-info', { enrollment_id: id, column: 'filter_info' })).body.data.result).toMatchObject({
      tier: 'IC3',
    });
    const other = (await c.post('/api/v1/add-filter-for-new-user', { ...adult, tier: 'IO' })).body.data.temp_enrollment_id;
    expect((await c.put(`/api/v1/change-filter-info/${other}`, { tier: 'IC3' })).status).toBe(200);
    expect(
      (await c.get('/api/v1/get-enrollment-temp-info', { enrollment_id: other, column: 'filter_info' })).body.data.result,
    ).toMatchObject({ tier: 'IC3' });
    const bad = await c.post('/api/v1/add-filter-for-new-user', { ...adult, tier: 'IC4' });
    expect(bad.body.data).toEqual([{ target_element: 'tier', error_message: TEXT.FIELD_REQUIRED }]);
  });

  it('asks the number of children like IC and prices Dental Essentials for IC3', async () => {
    const c = ctx().client();
    const id = (await c.post('/api/v1/add-filter-for-new-user', { ...adult, tier: 'IC3' })).body.data.temp_enrollment_id;
    const none = await c.post('/api/v1/store-temp-dependent-info', { enrollment_id: id, no_of_children: '' });
    expect(none.status).toBe(422);
    expect(none.body.data).toEqual([{ target_element: 'no_of_children', error_message: TEXT.FIELD_REQUIRED }]);
    expect((await c.post('/api/v1/store-temp-dependent-info', { enrollment_id: id, no_of_children: 3 })).status).toBe(200);
    const p = await c.get('/api/v1/get-plan-pricing-detail', { pid: PLAN_IDS.dentalEssentials, enrollment_id: id });
    expect(p.status).toBe(200);
    expect(p.body.data.errorCode).toBeNull();
    expect(p.body.data.plans.find((x: { tier: string }) => x.tier === 'IC3').price_cents).toBeGreaterThan(0);
  });
});
