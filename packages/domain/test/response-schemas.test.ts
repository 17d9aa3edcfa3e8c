import { describe, expect, it } from 'vitest';
import { ZDependentView, ZExistingBank, ZExistingCard, ZSavedPayment } from '../src/contract/enrollment-views.ts';
import { zJsonValue } from '../src/json-value.ts';
import { ZSavedBeneficiary, ZSavedPersonalStep } from '../src/contract/enrollment.ts';

/**
 * What the response schemas let leave the server (the serializer parses each answer with them): masked numbers
 * only, no sealed value, no card token. A service that got it wrong answers 500 instead of leaking.
 */
describe('response schemas', () => {
  const bank = {
    bank_id: 1,
    account_name: 'Bea',
    bank_name: 'Bank',
    account_number: 'xxxxxxxx6789',
    bank_routing: 'xxxxx0021',
    account_type: 'checking',
    account_holder_type: 'personal',
  };
  it('sends saved bank accounts and cards masked, and refuses a full number', () => {
    expect(ZExistingBank.safeParse(bank).success).toBe(true);
    expect(ZExistingBank.safeParse({ ...bank, account_number: '000123456789' }).success).toBe(false);
    expect(ZExistingBank.safeParse({ ...bank, bank_routing: '021000021' }).success).toBe(false);
    const card = {
      card_id: 1,
      name_on_cc: 'Bea',
      card_number: 'xxxxxxxxxxxx4242',
      card_brand: 'visa',
      expiration_month: '12',
      expiration_year: '2030',
    };
    expect(ZExistingCard.safeParse({ ...card, security_code: '***' }).success).toBe(true);
    expect(ZExistingCard.safeParse({ ...card, security_code: '123' }).success).toBe(false);
    expect(ZExistingCard.safeParse({ ...card, security_code: '***', card_number: '4242424242424242' }).success).toBe(false);
  });

  it('drops the sealed values and the card token of a saved payment', () => {
    const r = ZSavedPayment.parse({
      payment_method: 'cc',
      bill_date: 1,
      card_number: 'xxxxxxxxxxxx4242',
      card_last4: '4242',
      card_token: 'tok_secret',
      _sealed: 's1.k.iv.data.tag',
    });
    expect(r).not.toHaveProperty('card_token');
    expect(r).not.toHaveProperty('_sealed');
    expect(ZSavedPayment.safeParse({ payment_method: 'eft', account_number: '000123456789' }).success).toBe(false);
  });

  it('sends SSNs of dependents, beneficiaries and the personal step masked only', () => {
    const primary_info = {
      dependent_id: 'd1',
      relationship: 'child',
      first_name: 'Kim',
      last_name: 'Lee',
      birthdate: '01/02/2015',
      gender: '1',
      ssn: 'xxxxx6789',
    };
    expect(ZDependentView.safeParse({ primary_info }).success).toBe(true);
    expect(ZDependentView.safeParse({ primary_info: { ...primary_info, ssn: '123456789' } }).success).toBe(false);
    const b = {
      beneficiary_id: 'b1',
      first_name: 'Kim',
      last_name: 'Lee',
      birthdate: '01/02/2015',
      ssn: 'xxxxx6789',
      relationship: 'Child',
      beneficiary_percentage: '100',
    };
    expect(ZSavedBeneficiary.safeParse(b).success).toBe(true);
    expect(ZSavedBeneficiary.safeParse({ ...b, ssn: '123-45-6789' }).success).toBe(false);
    const saved = ZSavedPersonalStep.parse({ result: { first_name: 'Bea', ssn: 'xxxxx6789', _sealed: { ssn: 's1.k.iv.data.tag' } } });
    expect(saved.result).toEqual({ first_name: 'Bea', ssn: 'xxxxx6789' });
    expect(ZSavedPersonalStep.safeParse({ result: { ssn: '123456789' } }).success).toBe(false);
  });

  it('refuses a sealed value anywhere in bounded JSON, and JSON deeper than its bound', () => {
    expect(zJsonValue(3).safeParse({ a: [{ b: 'text' }] }).success).toBe(true);
    expect(zJsonValue(3).safeParse({ a: [{ b: 's1.k.iv.data.tag' }] }).success).toBe(false);
    expect(zJsonValue(1).safeParse({ a: { b: 1 } }).success).toBe(false);
  });
});
