import { describe, expect, it } from 'vitest';
import { identifiedBy, type TrailActor } from '../../src/modules/trail/index.ts';

/**
 * The trail takes plain values (decision 2410): who acts is an actor object, made by a route from its request or by
 * hand here; no request, no Fastify.
 */
const enrollment = { id: 'enr-1', session_id: 'sess-owner', account_id: 7, resume_email: 'dana@example.org' };
const actor = (a: Partial<TrailActor>): TrailActor => ({
  sessionId: null,
  account: null,
  resumed: [],
  ip: '203.0.113.9',
  userAgent: 'test-browser',
  ...a,
});
const account = (id: number, role: 'member' | 'rep' | 'group' | 'operator') => ({
  id,
  email: `${role}@example.org`,
  role,
  agent_id: null,
  group_id: null,
  user_id: null,
});

describe('the trail says how the person acting was identified, from the actor alone', () => {
  it('names the signed-in account, as the owner of the enrollment or by its role', () => {
    expect(identifiedBy(actor({ account: account(7, 'rep') }), enrollment)).toBe('account:rep#7');
    expect(identifiedBy(actor({ account: account(9, 'operator') }), enrollment)).toBe('operator#9');
  });

  it("says 'session' for the browser that built it and the masked e-mail for a resume code", () => {
    expect(identifiedBy(actor({ sessionId: 'sess-owner' }), enrollment)).toBe('session');
    expect(identifiedBy(actor({ sessionId: 'other', resumed: ['enr-1'] }), enrollment)).toBe('resume_code:d***@example.org');
  });

  it("says 'system' without an actor (a job, the completing step's own work)", () => {
    expect(identifiedBy(undefined, enrollment)).toBe('system');
  });
});
