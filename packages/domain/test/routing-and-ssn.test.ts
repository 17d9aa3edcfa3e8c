import { describe, expect, it } from 'vitest';
import { ZBankFields } from '../src/billing.ts';
import { ZSsnOrMasked } from '../src/enrollment-fields.ts';
import { ZBeneficiary } from '../src/enrollment-beneficiaries.ts';
import { ZDependentPrimaryInfo } from '../src/dependents.ts';
import { TEXT } from '../src/texts.ts';
import { abaValid, isIssuedSsn, normalizeSsn } from '../src/validation.ts';

describe('ABA routing numbers', () => {
  it.each([
    ['021000021', true, 'JPMorgan Chase, New York'],
    ['011000015', true, 'Federal Reserve Bank of Boston'],
    ['026009593', true, 'Bank of America'],
    ['121000248', true, 'Wells Fargo'],
    ['322271627', true, 'a thrift prefix (32)'],
    ['061000104', true, 'Truist'],
    ['211370545', true, 'a thrift prefix (21)'],
    ['123456789', false, 'checksum 159: not a multiple of 10'],
    ['021000022', false, 'last digit changed'],
    ['021000012', false, 'two digits swapped'],
    ['000000000', false, 'checksum 0 but prefix 00 (US government) is no account’s bank'],
    ['130000006', false, 'prefix 13 is not assigned'],
    ['02100002', false, '8 digits'],
    ['0210000210', false, '10 digits'],
    ['02100002a', false, 'a letter'],
    ['', false, 'empty'],
  ])('%s is %s (%s)', (routing, valid) => expect(abaValid(routing)).toBe(valid));
});

describe('SSNs typed or pasted', () => {
  it.each([
    ['123-45-6789', '123456789'],
    ['123 45 6789', '123456789'],
    ['123456789', '123456789'],
    ['xxx-xx-6789', 'xxxxx6789'],
    [' 123 - 45 - 6789 ', '123456789'],
  ])('%j is kept as %j', (typed, kept) => {
    expect(normalizeSsn(typed.trim())).toBe(kept);
    expect(ZSsnOrMasked().parse(typed)).toBe(kept);
  });
  it.each(['123-45-678', '123-45-67890', '123.45.6789', 'abc-de-fghi', 'xxxxx678'])('%j is refused with the field message', (typed) => {
    const r = ZSsnOrMasked().safeParse(typed);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(TEXT.INVALID_SSN);
  });
  // Issue 39: numbers the Social Security Administration never issues are refused like a malformed one.
  it.each(['000000000', '999999999', '000-12-3456', '666-12-3456', '900-12-3456', '987-65-4321', '123-00-4567', '123-45-0000'])(
    '%j (never issued) is refused with the field message',
    (typed) => {
      expect(isIssuedSsn(typed.replaceAll('-', ''))).toBe(false);
      expect(ZSsnOrMasked().safeParse(typed).error?.issues[0]?.message).toBe(TEXT.INVALID_SSN);
      const dependent = { first_name: 'Sam', last_name: 'Lee', birthdate: '03/04/2012', gender: '1', ssn: typed };
      expect(ZDependentPrimaryInfo.safeParse(dependent).error?.issues[0]?.message).toBe(TEXT.INVALID_SSN);
    },
  );
  it.each(['001-01-0001', '123-45-6789', '665-99-9999', '667-01-0001', '899-99-9999'])('%j could be issued and is kept', (typed) => {
    expect(isIssuedSsn(typed.replaceAll('-', ''))).toBe(true);
    expect(ZSsnOrMasked().parse(typed)).toBe(typed.replaceAll('-', ''));
  });
  it('is normalised for beneficiaries and dependents too', () => {
    const b = ZBeneficiary.parse({
      first_name: 'Ann',
      last_name: 'Lee',
      birthdate: '01/02/1990',
      ssn: '123 45 6789',
      relationship: 'Spouse',
      beneficiary_percentage: '100',
    });
    expect(b.ssn).toBe('123456789');
    const d = ZDependentPrimaryInfo.parse({
      first_name: 'Sam',
      last_name: 'Lee',
      birthdate: '03/04/2012',
      gender: '1',
      ssn: '587-65-4321',
    });
    expect(d.ssn).toBe('587654321');
  });
});

describe('the bank name a person types', () => {
  const bank = {
    account_name: 'Dana Whitfield',
    account_number: '123456789012',
    routing_number: '021000021',
    account_type: 'checking',
    account_holder_type: 'individual',
  };
  it.each(['Ally Bank', 'AT&T Family Federal Credit Union', "St. Mary's Bank (NH)", 'BANK OF AMERICA, N.A.'])('accepts %j', (bank_name) =>
    expect(ZBankFields.safeParse({ ...bank, bank_name }).success).toBe(true),
  );
  it.each([
    ['', TEXT.FIELD_REQUIRED],
    ['<script>', 'Please enter valid bank name'],
    ['Bänk', 'Please enter valid bank name'],
    ['B'.repeat(101), 'Please enter valid bank name'],
  ])('refuses %j with %j', (bank_name, message) =>
    expect(ZBankFields.safeParse({ ...bank, bank_name }).error?.issues[0]?.message).toBe(message),
  );
});
