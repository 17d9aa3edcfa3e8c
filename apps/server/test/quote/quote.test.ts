import { expect, it } from 'vitest';
import { describeEachDb } from '../helpers/store.ts';
import { DEMO } from '../helpers/client.ts';

const adult = { zip: '10001', dob: '01/15/1985', gender: '1', tier: 'IF' };

describeEachDb('quote filter API', (ctx) => {
  it('creates a temporary enrollment with the state from the zip, owned by the session', async () => {
    const c = ctx().client();
    const r = await c.post('/api/v1/add-filter-for-new-user', { ...adult, eprocess: 'applicant', agent_id: 20001 });
    expect(r.status).toBe(200);
    const id = r.body.data.temp_enrollment_id;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const info = await c.get('/api/v1/get-enrollment-temp-info', { enrollment_id: id, column: 'filter_info' });
    expect(info.body.data.result).toMatchObject({
      zip: '10001',
      state: 'NY',
      dob: '01/15/1985',
      gender: '1',
      tier: 'IF',
      agent_id: 20001,
      eprocess: 'applicant',
    });
    // Another browser sees nothing.
    const other = await ctx().client().get('/api/v1/get-enrollment-temp-info', { enrollment_id: id, column: 'filter_info' });
    expect(other.status).toBe(404);
  });

  it('answers the whole filter with its defaults to the web app (get-quote-filter), to its owner only', async () => {
    const c = ctx().client();
    const id = (await c.post('/api/v1/add-filter-for-new-user', { ...adult, eprocess: 'applicant' })).body.data.temp_enrollment_id;
    const r = await c.get('/api/v1/get-quote-filter', { enrollment_id: id });
    expect(r.status).toBe(200);
    expect(r.body.data.result).toEqual({
      zip: '10001',
      state: 'NY',
      dob: '01/15/1985',
      gender: '1',
      tier: 'IF',
      is_smoker: null,
      coverage: [],
      categories: [],
      annual_incode: null,
      working_hours: null,
      eprocess: 'applicant',
      // A shopper without a rep is the store's own rep's (FALLBACK_IDS).
      agent_id: expect.any(Number),
      group_id: null,
      platform_group_id: null,
      type: 'new-member',
      open_type: null,
      user_id: null,
    });
    expect((await ctx().client().get('/api/v1/get-quote-filter', { enrollment_id: id })).status).toBe(404);
  });

  it('answers field errors with the exact messages and creates nothing', async () => {
    const c = ctx().client();
    const before = await ctx()
      .db.selectFrom('enrollments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const bad = await c.post('/api/v1/add-filter-for-new-user', { zip: '123', dob: '01/01/2020', gender: '', tier: 'XX' });
    expect(bad.status).toBe(422);
    const byField = Object.fromEntries(
      bad.body.data.map((e: { target_element: string; error_message: string }) => [e.target_element, e.error_message]),
    );
    expect(byField.zip).toBe('Enter 5 digit zip code.');
    expect(byField.dob).toBe('You must be 18 years to proceed');
    expect(byField.gender).toBe('Field is required');
    expect(byField.tier).toBe('Field is required');
    const notAZip = await c.post('/api/v1/add-filter-for-new-user', { ...adult, zip: '00000' });
    expect(notAZip.status).toBe(422);
    expect(notAZip.body.data).toEqual([{ target_element: 'zip', error_message: 'Invalid Zip code' }]);
    const after = await ctx()
      .db.selectFrom('enrollments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('changes only the non-empty fields', async () => {
    const c = ctx().client();
    const id = (await c.post('/api/v1/add-filter-for-new-user', adult)).body.data.temp_enrollment_id;
    const r = await c.put(`/api/v1/change-filter-info/${id}`, {
      zip: '75201',
      dob: '',
      gender: '',
      tier: 'IO',
      is_smoker: '1',
      annual_incode: 25000,
    });
    expect(r.status).toBe(200);
    const info = (await c.get('/api/v1/get-enrollment-temp-info', { enrollment_id: id, column: 'filter_info' })).body.data.result;
    expect(info).toMatchObject({
      zip: '75201',
      state: 'TX',
      dob: '01/15/1985',
      gender: '1',
      tier: 'IO',
      is_smoker: '1',
      annual_incode: 25000,
    });
    expect((await ctx().client().put(`/api/v1/change-filter-info/${id}`, { tier: 'IS' })).status).toBe(404);
  });

  it('checks zip and dob', async () => {
    const c = ctx().client();
    expect((await c.get('/api/v1/validate-zip-code', { zip_code: '90210' })).body.data).toEqual({
      zip: '90210',
      city: 'Beverly Hills',
      state: 'CA',
    });
    const bad = await c.post('/api/v1/service/validate-zip-code', { zip: '00000' });
    expect(bad.body).toMatchObject({ status: 'error', data: [{ target_element: 'zip', error_message: 'Invalid Zip code' }] });
    expect((await c.get('/api/v2/validate-dob', { dob: '01/01/1980' })).status).toBe(200);
    const young = await c.get('/api/v2/validate-dob', { dob: '01/01/2015' });
    expect(young.body.errors.dob[0]).toBe('You must be 18 years to proceed');
    expect((await c.get('/api/v2/coverages')).body.data).toMatchObject({
      LOW_COST: 'Low Cost / High Deductible',
      PRESCRIPTION: 'Prescription',
    });
  });

  it('lets only the signed-in owner start an existing member quote', async () => {
    const anon = ctx().client();
    expect((await anon.post('/api/v1/add-filter-for-existing-user', { user_id: 1001, tier: 'IO' })).status).toBe(403);
    const rep = ctx().client();
    await rep.signIn(DEMO.rep.email, DEMO.rep.password);
    const r = await rep.post('/api/v1/add-filter-for-existing-user', { user_id: 1001, tier: 'IS', eprocess: 'rep' });
    expect(r.status).toBe(200);
    const info = (
      await rep.get('/api/v1/get-enrollment-temp-info', { enrollment_id: r.body.data.temp_enrollment_id, column: 'filter_info' })
    ).body.data.result;
    expect(info).toMatchObject({ user_id: 1001, type: 'existing-member', tier: 'IS', eprocess: 'rep', dob: '04/12/1988' });
    const member = ctx().client();
    await member.signIn(DEMO.member.email, DEMO.member.password);
    expect((await member.post('/api/v1/add-filter-for-member', { user_id: 1002, tier: 'IO' })).status).toBe(404);
    expect((await member.post('/api/v1/add-filter-for-member', { user_id: 1001, tier: 'IO' })).status).toBe(200);
  });

  it('stores a PNG screenshot of a step for the owner only', async () => {
    const c = ctx().client();
    const id = (await c.post('/api/v1/add-filter-for-new-user', adult)).body.data.temp_enrollment_id;
    const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    expect((await c.post('/api/v1/save-screenshot', { enrollment_id: id, name: 'cart', image: png })).status).toBe(200);
    expect((await ctx().client().post('/api/v1/save-screenshot', { enrollment_id: id, name: 'cart', image: png })).status).toBe(404);
    expect((await c.post('/api/v1/save-screenshot', { enrollment_id: id, name: 'cart', image: 'data:image/png;base64,AAAA' })).status).toBe(
      422,
    );
    const rows = await ctx().db.selectFrom('screenshots').select('name').where('enrollment_id', '=', id).execute();
    expect(rows).toEqual([{ name: 'cart' }]);
  });
});
