import { expect, it } from 'vitest';
import { describeEachDb } from '../helpers/store.ts';
import { newQuote } from './helpers.ts';

const categoriesOf = (body: { data: { result: { plan_category: string }[] } }) => new Set(body.data.result.map((p) => p.plan_category));

describeEachDb('catalog: a portal that offers only some categories (issue 26)', (ctx) => {
  it("lists only the portal's categories for a quote in portal 503, and nothing for a category it does not offer", async () => {
    const c = ctx().client();
    const id = await newQuote(c, { platform_group_id: 503 });
    const all = await c.get('/api/v1/get-filtered-plans', { enrollment_id: id });
    expect(all.status).toBe(200);
    expect(categoriesOf(all.body)).toEqual(new Set(['dental', 'vision']));
    expect(all.body.data.total).toBe(all.body.data.result.length);
    const pet = await c.get('/api/v1/get-filtered-plans', { enrollment_id: id, categories: 'pet' });
    expect(pet.status).toBe(200);
    expect(pet.body.data).toEqual({ result: [], total: 0 });
    const mixed = await c.get('/api/v1/get-filtered-plans', { enrollment_id: id, categories: 'vision,pet' });
    expect(categoriesOf(mixed.body)).toEqual(new Set(['vision']));
    const paged = await c.get('/api/v1/get-filtered-plans', { enrollment_id: id, limit: 50 });
    expect(categoriesOf(paged.body)).toEqual(new Set(['dental', 'vision']));
    // the menu's plans for the portal
    const menuPet = await c.get('/api/v1/get-menu-filtered-plans', { category: 'pet', portal_id: 503 });
    expect(menuPet.body.data.result).toEqual([]);
    const menuDental = await c.get('/api/v1/get-menu-filtered-plans', { category: 'dental', portal_id: 503 });
    expect(menuDental.body.data.result.length).toBeGreaterThan(0);
  });

  it('keeps the whole list for a quote without a portal or in a portal offering every category; the referral REFDV quotes in 503', async () => {
    const c = ctx().client();
    const plain = await c.get('/api/v1/get-filtered-plans', { enrollment_id: await newQuote(c) });
    expect(categoriesOf(plain.body).has('pet')).toBe(true);
    const direct = await c.get('/api/v1/get-filtered-plans', { enrollment_id: await newQuote(c, { platform_group_id: 501 }) });
    expect(categoriesOf(direct.body).has('pet')).toBe(true);
    expect((await c.get('/api/v1/get-menu-filtered-plans', { category: 'pet' })).body.data.result.length).toBeGreaterThan(0);
    const r = await c.post('/api/v1/add-filter-for-new-user', {
      zip: '10001',
      dob: '01/15/1990',
      gender: '0',
      tier: 'IO',
      eprocess: 'applicant',
      referral: 'REFDV',
    });
    expect(r.status).toBe(200);
    const viaReferral = await c.get('/api/v1/get-filtered-plans', { enrollment_id: r.body.data.temp_enrollment_id });
    expect(categoriesOf(viaReferral.body)).toEqual(new Set(['dental', 'vision']));
  });

  it('a quote moved into portal 503 lists only its categories at once (the cached owner follows the portal)', async () => {
    const c = ctx().client();
    const id = await newQuote(c);
    expect(categoriesOf((await c.get('/api/v1/get-filtered-plans', { enrollment_id: id })).body).has('pet')).toBe(true);
    const moved = await c.post('/api/v1/update-filter-portal', { enrollment_id: id, platform_group_id: 503 });
    expect(moved.status).toBe(200);
    expect(categoriesOf((await c.get('/api/v1/get-filtered-plans', { enrollment_id: id })).body)).toEqual(new Set(['dental', 'vision']));
  });
});
