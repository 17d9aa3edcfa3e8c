import { expect, it } from 'vitest';
import { describeEachDb } from '../helpers/store.ts';
import { CONTACT, PERSONAL, newEnrollment } from './helpers.ts';

const valuesOf = (r: { body: any }) => Object.fromEntries(r.body.data.result.map((d: any) => [d.field_name, d.value]));

describeEachDb('contact step starts from the quote (HTTP)', (ctx) => {
  it('offers the quote’s zip, its city and the quote’s state while nothing is saved, then the saved address', async () => {
    const c = ctx().client();
    const id = await newEnrollment(ctx(), c); // quoted for zip 10001
    let v = valuesOf(await c.get('/api/v1/get-form-fields-contact-info', { enrollment_id: id }));
    expect(v).toMatchObject({ zip: '10001', city: 'New York', state: 'NY', email_address: '', phone_number: '', address1: '' });

    await c.post('/api/v1/save-personal-info', { enrollment_id: id, ...PERSONAL });
    const saved = await c.post('/api/v1/save-contact-info', { enrollment_id: id, ...CONTACT, zip: '75201', city: 'Dallas', state: 'TX' });
    expect(saved.status).toBe(200);
    v = valuesOf(await c.get('/api/v1/get-form-fields-contact-info', { enrollment_id: id }));
    expect(v).toMatchObject({ zip: '75201', city: 'Dallas', state: 'TX', address1: CONTACT.address1 });
  });

  it('gives a stranger nothing of the quote', async () => {
    const id = await newEnrollment(ctx(), ctx().client());
    expect((await ctx().client().get('/api/v1/get-form-fields-contact-info', { enrollment_id: id })).status).toBe(404);
  });
});
