import { expect, it } from 'vitest';
import { TEXT } from '@store/domain/texts';
import { describeEachDb } from '../helpers/store.ts';
import { dependent, enrollmentAtStepFive } from './finish/helpers.ts';
import { PERSONAL, newEnrollment } from './helpers.ts';
import { inEnrollmentTabs } from '../../src/db/sealed-columns.ts';

/** SSNs as people type or paste them (123-45-6789, 123 45 6789): taken, kept as 9 digits, sealed, read back masked. */
describeEachDb('SSNs typed grouped', (ctx) => {
  it('the member’s: with dashes or spaces, and the masked value read back, grouped or not', async () => {
    const ts = ctx();
    const c = ts.client();
    const id = await newEnrollment(ts, c, { gender: '1' });
    const sealedSsn = async () => {
      const row = await ts.db.selectFrom('enrollments').select('tabs').where('id', '=', id).executeTakeFirstOrThrow();
      return ts.app.sealer.open((row.tabs as any).primary_info._sealed.ssn, inEnrollmentTabs(id));
    };
    let r = await c.post('/api/v1/save-personal-info', { enrollment_id: id, ...PERSONAL, ssn: '587-65-4321' });
    expect(r.status).toBe(200);
    expect(r.body.data.result.ssn).toBe('xxxxx4321');
    expect(await sealedSsn()).toBe('587654321');
    r = await c.post('/api/v1/save-personal-info', { enrollment_id: id, ...PERSONAL, ssn: '123 45 6789' });
    expect(r.status).toBe(200);
    expect(await sealedSsn()).toBe('123456789');
    // The masked value as the field shows it (xxx-xx-6789) keeps the stored SSN.
    r = await c.post('/api/v1/save-personal-info', { enrollment_id: id, ...PERSONAL, ssn: 'xxx-xx-6789' });
    expect(r.status).toBe(200);
    expect(await sealedSsn()).toBe('123456789');
    // Issue 39: the numbers the SSA never issues, refused at the personal step like a malformed one.
    for (const bad of [
      '123-45-678',
      '123.45.6789',
      '123-45-67890',
      '000000000',
      '999999999',
      '666-12-3456',
      '900-12-3456',
      '123-00-4567',
      '123-45-0000',
    ]) {
      r = await c.post('/api/v1/save-personal-info', { enrollment_id: id, ...PERSONAL, ssn: bad });
      expect(r.status, bad).toBe(422);
      expect(r.body.data).toEqual([{ target_element: 'ssn', error_message: TEXT.INVALID_SSN }]);
    }
    expect(await sealedSsn()).toBe('123456789');
  });

  it('beneficiaries’ and dependents’ too', async () => {
    const ts = ctx();
    const c = ts.client();
    const id = await enrollmentAtStepFive(ts, c, { tier: 'IF' });
    const b = await c.post('/api/v1/validate-single-beneficiary', {
      enrollment_id: id,
      first_name: 'Sam',
      last_name: 'Lee',
      birthdate: '01/02/1990',
      ssn: '111 22 3333',
      relationship: 'Spouse',
      beneficiary_percentage: '100',
    });
    expect(b.status).toBe(200);
    const d = await c.post('/api/v1/save-dependent-info-to-temp', {
      enrollment_id: id,
      dependents: [dependent('Sam', { gender: '0', birthdate: '02/02/1984', ssn: '587-65-0001' })],
    });
    expect(d.status).toBe(200);
    const list = await c.get('/api/v1/get-dependents-existing-user-enrollment', { enrollment_id: id });
    expect(list.body.data.result.dependents[0].primary_info.ssn).toBe('xxxxx0001');
    const row = await ts.db.selectFrom('enrollments').select('tabs').where('id', '=', id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row.tabs)).not.toMatch(/987-?65-?0001/);
  });
});
