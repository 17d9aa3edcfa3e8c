import { expect, it } from 'vitest';
import { describeEachDb } from '../helpers/store.ts';
import { tableChecksums } from '../security/openapi.ts';
import { CARD, enrollmentAtStepFive, finish } from '../enrollment-finish/helpers.ts';
import { CONTACT, EMPLOYER, PERSONAL } from './helpers.ts';

/**
 * Issue 34, finding 4: a completed enrollment is final. Part one's saves (personal info with the SSN, contact,
 * employer, beneficiaries, the enroller code, the portal, Save & Continue Later) answer as part two's do, 409 in the
 * error envelope, and change nothing: the member home is where a member changes what they enrolled with.
 */
const COMPLETED = { status: 'error', message: 'This enrollment is already completed.' };

describeEachDb('a completed enrollment cannot be rewritten by its owner session (issue 34, finding 4)', (ctx) => {
  it('refuses every save of part one with 409, as part two does, and changes nothing', async () => {
    const ts = ctx();
    const c = ts.client();
    const id = await enrollmentAtStepFive(ts, c);
    await finish(c, id, () => c.post('/api/v1/save-billing-info', { enrollment_id: id, ...CARD }));
    expect((await ts.db.selectFrom('enrollments').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe(
      'completed',
    );
    const before = await tableChecksums(ts.db);

    const beneficiary = {
      first_name: 'Mallory',
      last_name: 'Forger',
      birthdate: '02/03/1990',
      ssn: '222334444',
      relationship: 'Child',
      beneficiary_percentage: '100',
    };
    const calls: [string, Record<string, unknown>][] = [
      ['/api/v1/save-personal-info', { ...PERSONAL, ssn: '111223333', first_name: 'Mallory' }],
      ['/api/v1/save-contact-info', { ...CONTACT, email_address: 'mallory.forger@example.org', phone_number: '2125550777' }],
      ['/api/v1/save-employer-info', EMPLOYER],
      ['/api/v1/save-beneficiary-info', { beneficiaries: [beneficiary] }],
      ['/api/v1/save-enroller-code', { enrollerCode: 'AGENT100' }],
      ['/api/v1/update-filter-portal', { platform_group_id: 501 }],
      ['/api/v1/save-enrollment', { email: 'mallory.forger@example.org', tab: 'contact_info', data: CONTACT }],
      ['/api/v1/save-enrollment', { email: 'mallory.forger@example.org', tab: 'contact_info' }],
      // Part two's answer, which part one's must equal.
      ['/api/v1/save-primary-health-info', { condition_questions: [] }],
    ];
    for (const [path, body] of calls) {
      const r = await c.post(path, { enrollment_id: id, ...body });
      expect({ path, status: r.status, body: r.body }).toEqual({ path, status: 409, body: COMPLETED });
    }
    expect(await tableChecksums(ts.db)).toEqual(before);
  });
});
