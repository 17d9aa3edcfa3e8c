import { describe, expect, it } from 'vitest';
import { verificationMode, verificationTitle, type AgreementFormFields } from '../src/agreement.ts';

const field = (required: boolean) => ({ value: null, required, read_only: true });
const fields = (agent: boolean, group: boolean, user: boolean): AgreementFormFields => ({
  agent_name: field(agent),
  group_name: field(group),
  user_name: field(user),
  signature: { value: null, required: true, read_only: false },
});

describe('verification mode (enrollment.md 4.9)', () => {
  it('chooses in order: agent name, group name, user name, else the signature alone', () => {
    expect(verificationMode(fields(true, true, true))).toBe('rep');
    expect(verificationMode(fields(false, true, true))).toBe('group');
    expect(verificationMode(fields(false, false, true))).toBe('applicant');
    expect(verificationMode(fields(false, false, false))).toBe('sigapplicant');
  });

  it('titles the block word for word', () => {
    expect(verificationTitle('rep')).toBe('Broker Verification');
    expect(verificationTitle('group')).toBe('Group Verification');
    expect(verificationTitle('applicant')).toBe('Applicant Verification');
    expect(verificationTitle('sigapplicant')).toBe('Applicant Verification');
  });
});
