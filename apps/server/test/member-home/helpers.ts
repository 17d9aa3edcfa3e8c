import { expect } from 'vitest';
import type { TestStore } from '../helpers/store.ts';
import { hashPassword } from '../../src/lib/passwords.ts';
import { CARD, agree, enrollmentAtStepFive, PLAN_IDS, enrollWith } from '../enrollment/finish/helpers.ts';

export const BENEFICIARY = {
  first_name: 'Sam',
  last_name: 'Whitfield',
  birthdate: '02/03/2010',
  ssn: '222334444',
  relationship: 'Child',
  beneficiary_percentage: '100',
};

/** A Guaranteed Issue Life enrollment (it has the beneficiary step) completed through the wizard, and a member account for it. */
export async function lifeMember(ts: TestStore, password = 'Dana-Member-2026') {
  const c = ts.client();
  const id = await enrollmentAtStepFive(ts, c, { plans: [PLAN_IDS.guaranteedIssueLife] });
  const tabs: string[] = (await c.get('/get-dynamic-tabs', { enrollment_id: id })).body.data
    .filter((t: any) => t.required)
    .map((t: any) => t.tab_name);
  expect(tabs).toContain('beneficiary_info');
  expect((await c.post('/api/v1/save-beneficiary-info', { enrollment_id: id, beneficiaries: [BENEFICIARY] })).status).toBe(200);
  expect((await c.post('/api/v1/save-review-info', { enrollment_id: id, additional_notes: '' })).status).toBe(200);
  expect((await agree(c, id, { user_name: 'Dana Whitfield' })).status).toBe(200);
  const done = await enrollWith(c, id, CARD);
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  const e = await ts.db.selectFrom('enrollments').select(['user_id']).where('id', '=', id).executeTakeFirstOrThrow();
  const email = `dana.member.${Date.now()}@example.org`;
  await ts.db
    .insertInto('accounts')
    .values({
      email,
      password_hash: await hashPassword(password),
      role: 'member',
      agent_id: null,
      group_id: null,
      user_id: e.user_id,
    })
    .execute();
  const member = ts.client();
  await member.signIn(email, password);
  return { id, userId: e.user_id!, member, email };
}
