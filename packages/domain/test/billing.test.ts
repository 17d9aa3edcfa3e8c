import { describe, expect, it } from 'vitest';
import { billDateLabel, cardBrand, paymentMethodFor, paymentOptions, ZBankFields, ZCardFields } from '../src/billing.ts';
import { TEXT } from '../src/texts.ts';

const bank = {
  account_name: 'Dana Whitfield',
  account_number: '123456789012',
  routing_number: '021000021',
  bank_name: 'JPMORGAN CHASE BANK',
  account_type: 'checking',
  account_holder_type: 'individual',
};
const card = {
  first_name_on_cc: 'Dana',
  last_name_on_cc: 'Whitfield',
  card_number: '4242424242424242',
  security_code: '123',
  expiration_month: '12',
  expiration_year: '2030',
  address1: '1 Main',
  city: 'New York',
  state: 'NY',
  zip: '10001',
};
const firstError = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) =>
  r.error?.issues.find((i) => i.path[0] === field)?.message;

describe('payment methods', () => {
  it.each([
    ['cc', ['cc', 'eft']],
    ['eft', ['eft']],
    ['list', []],
    ['elist', []],
    ['stmt', []],
  ] as const)('%s offers %j', (m, expected) => expect(paymentOptions(m)).toEqual(expected));
  it('bills group enrollments by list, others by card or EFT', () => {
    expect(paymentMethodFor({ eprocess: 'group', type: 'new-group-member' })).toBe('list');
    expect(paymentMethodFor({ eprocess: 'applicant', type: 'new-member' })).toBe('cc');
    expect(paymentMethodFor({ eprocess: 'group', type: 'new-group-member' }, null)).toBe('list');
  });
  it("uses the group's own method when it has one", () => {
    expect(paymentMethodFor({ eprocess: 'applicant', type: 'new-member' }, 'eft')).toBe('eft');
    expect(paymentMethodFor({ eprocess: 'group', type: 'new-group-member' }, 'stmt')).toBe('stmt');
  });
  it('labels bill dates in English ordinals', () => {
    expect(billDateLabel(28)).toBe('28th of month');
    expect(billDateLabel(1)).toBe('1st of month');
  });
  it('knows card brands', () => {
    expect(cardBrand('4242424242424242')).toBe('Visa');
    expect(cardBrand('5555555555554444')).toBe('Mastercard');
  });
});

describe('EFT messages', () => {
  it.each([
    ['account_name', '', TEXT.FIELD_REQUIRED],
    ['account_name', 'Dana & Co', TEXT.INVALID_ACCOUNT_HOLDER],
    ['account_number', '123', TEXT.ACCOUNT_NUMBER_LENGTH],
    ['account_number', '123456789012345678', TEXT.ACCOUNT_NUMBER_LENGTH],
    ['routing_number', '12345', TEXT.ROUTING_9_DIGITS],
  ])('%s %j gives %s', (field, value, message) =>
    expect(firstError(ZBankFields.safeParse({ ...bank, [field]: value }), field)).toBe(message),
  );
  it('accepts a valid account', () => expect(ZBankFields.safeParse(bank).success).toBe(true));
});

describe('card messages', () => {
  it.each([
    ['first_name_on_cc', 'D4na', TEXT.PLEASE_ENTER_VALID_FIRST_NAME],
    ['last_name_on_cc', 'W!', TEXT.PLEASE_ENTER_VALID_LAST_NAME],
    ['card_number', '424242', TEXT.CARD_NUMBER_LENGTH],
    ['security_code', '12', TEXT.SECURITY_CODE_LENGTH],
    ['security_code', '12345', TEXT.SECURITY_CODE_LENGTH],
    ['zip', '1234', TEXT.INVALID_ZIP],
    ['expiration_month', '', TEXT.FIELD_REQUIRED],
  ])('%s %j gives %s', (field, value, message) =>
    expect(firstError(ZCardFields.safeParse({ ...card, [field]: value }), field)).toBe(message),
  );
  it('accepts a valid card', () => expect(ZCardFields.safeParse(card).success).toBe(true));
});
