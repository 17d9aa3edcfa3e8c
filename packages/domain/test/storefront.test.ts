import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { TEXT } from '../src/texts.ts';
import {
  ZAgentRegistrationQuery,
  ZQuoteForm,
  landingTarget,
  wizardFieldProblem,
  wizardStepFor,
  ZMemberTierForm,
} from '../src/storefront.ts';

const yearsAgo = (n: number) => `01/01/${new Date().getFullYear() - n}`;
/** The first message per field, as the forms and the server show them. */
const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
  const out: Record<string, string> = {};
  for (const i of r.error?.issues ?? []) out[String(i.path[0])] ??= i.message;
  return out;
};

describe('get-started wizard rules', () => {
  it.each([
    ['zip', 1],
    ['dob', 2],
    ['gender', 3],
    ['tier', 4],
    ['state', null],
    ['form', null],
  ] as const)('a server error about %s jumps to step %s', (target, step) => {
    expect(wizardStepFor(target)).toBe(step);
  });

  it.each([
    ['zip', '', TEXT.FIELD_REQUIRED],
    ['zip', '1234', 'Enter 5 digit zip code.'],
    ['zip', '12a45', 'Enter 5 digit zip code.'],
    ['zip', '10001', null],
    ['dob', '', TEXT.FIELD_REQUIRED],
    ['dob', yearsAgo(17), 'You must be 18 years to proceed'],
    ['dob', yearsAgo(18), null],
    ['dob', '02/30/1990', 'Enter a valid date (mm/dd/yyyy)'],
    ['dob', `01/01/${new Date().getFullYear() + 1}`, 'Date cannot be in the future'],
    ['gender', '', TEXT.FIELD_REQUIRED],
    ['gender', '1', null],
    ['gender', '2', TEXT.FIELD_REQUIRED],
    ['tier', '', TEXT.FIELD_REQUIRED],
    ['tier', 'IF', null],
  ] as const)('step field %s = %j gives %j', (field, value, message) => {
    expect(wizardFieldProblem(field, value)).toBe(message);
  });

  it("the banner form says 'Invalid Zip code', the wizard 'Enter 5 digit zip code.'", () => {
    const input = { zip: '123', dob: yearsAgo(30), gender: '0', tier: 'IO' };
    expect(messages(ZQuoteForm(TEXT.INVALID_ZIP).safeParse(input))).toEqual({ zip: 'Invalid Zip code' });
    expect(messages(ZQuoteForm().safeParse(input))).toEqual({ zip: 'Enter 5 digit zip code.' });
  });
});

describe('access-code confirmation', () => {
  it('goes to the landing page or to the config-error page', () => {
    expect(landingTarget('Agent', 'jordan-avery')).toBe('/jordan-avery');
    expect(landingTarget('Group', 'acme')).toBe('/acme');
    expect(landingTarget('Agent', null)).toBe('/landing-config-error/Agent');
    expect(landingTarget('Group', '  ')).toBe('/landing-config-error/Group');
  });
  it('never leaves the site', () => {
    fc.assert(
      fc.property(fc.string(), (url) => {
        const target = landingTarget('Agent', url);
        expect(target.startsWith('/')).toBe(true);
        expect(target.startsWith('//')).toBe(false);
      }),
    );
  });
});

describe('rep sign-up query', () => {
  it('gives the fixed messages of the specification', () => {
    expect(messages(ZAgentRegistrationQuery.safeParse({ name: '', state: '', phone: '', email: '' }))).toEqual({
      name: TEXT.FIELD_REQUIRED,
      state: TEXT.FIELD_REQUIRED,
      phone: TEXT.FIELD_REQUIRED,
      email: TEXT.FIELD_REQUIRED,
    });
    expect(messages(ZAgentRegistrationQuery.safeParse({ name: 'A<b>', state: 'NY', phone: '55501001001', email: 'x@y' }))).toEqual({
      name: 'Enter valid name',
      phone: 'Invalid phone number',
      email: 'Enter valid email address',
    });
    expect(
      ZAgentRegistrationQuery.safeParse({ name: "Ann O'Hara-Smith_2", state: 'TX', phone: '2145550100', email: 'ann@example.com' }).success,
    ).toBe(true);
  });
  it('member tier choice: Please choose a tier', () => {
    expect(messages(ZMemberTierForm.safeParse({}))).toEqual({ tier: TEXT.CHOOSE_TIER });
    expect(ZMemberTierForm.safeParse({ tier: 'IC' }).success).toBe(true);
  });
});
