import { describe, expect, it } from 'vitest';
import { authorizationText, ESIGN_DISCLOSURE, esignText, paymentAuthorizationText, STORE_CONTACT } from '../src/consent.ts';

const EFT = {
  method: 'eft' as const,
  payer: 'Dana Whitfield',
  bank_name: 'JPMORGAN CHASE BANK',
  account: 'xxxxxxxx9012',
  first_amount: '28.99',
  first_date: '11/24/2026',
  recurring_amount: '23.99',
  recurring_day: '28',
  recurring_from: '11/28/2026',
};
const CARD = { ...EFT, method: 'cc' as const, brand: 'Visa', last4: '4242' };

describe('payment authorization texts', () => {
  it.each([
    [
      'eft',
      'en',
      EFT,
      [
        'Debit authorization (ACH, WEB).',
        'JPMORGAN CHASE BANK (xxxxxxxx9012)',
        'First debit: $28.99, by 11/24/2026.',
        'Then $23.99 on day 28 of each month, starting 11/28/2026',
        'I may revoke this authorization at any time',
        'at least 3 business days before a debit',
      ],
    ],
    [
      'eft',
      'es',
      EFT,
      [
        'Autorización de débito (ACH, WEB).',
        'Primer débito: $28.99, a más tardar el 11/24/2026.',
        'Puedo revocar esta autorización',
        'al menos 3 días hábiles antes de un débito',
      ],
    ],
    [
      'cc',
      'en',
      CARD,
      ['Card authorization.', 'my Visa card ending 4242', 'First charge: $28.99 on 11/24/2026.', 'I may cancel at any time'],
    ],
    ['cc', 'es', CARD, ['Autorización de cargo a tarjeta.', 'terminada en 4242', 'Primer cargo: $28.99 el 11/24/2026.']],
  ] as const)('%s in %s names the payer, the amounts, the timing and how to revoke', (_m, lang, facts, parts) => {
    const text = authorizationText(facts, lang);
    for (const p of parts) expect(text).toContain(p);
    expect(text).toContain(STORE_CONTACT.email);
  });
});

describe('an authorization with a plan pending evidence of insurability (decision 2680)', () => {
  const payment = { method: 'cc' as const, payer: 'Dana Whitfield', brand: 'Visa', last4: '4242' };
  const charges = { initial: '31.99', recurring: '31.99', bill_day: 28, first_charge_on: '2026-11-24', recurring_from: '2026-12-28' };
  it('names the held amount and the monthly amount once the carrier approves, in both languages', () => {
    const en = paymentAuthorizationText(payment, { ...charges, held: '26.78' }, 'en');
    expect(en).toContain('First charge: $31.99 on 11/24/2026. Then $31.99 on day 28 of each month');
    expect(en).toContain(
      'Plans pending evidence of insurability ($26.78 a month) are not charged until the carrier approves them; from then on, the monthly amount is $58.77.',
    );
    const es = paymentAuthorizationText(
      { ...payment, method: 'eft', bank_name: 'JPMORGAN CHASE BANK' },
      { ...charges, held: '26.78' },
      'es',
    );
    expect(es).toContain(
      '($26.78 al mes) no se cobran hasta que la aseguradora los apruebe; desde entonces, el monto mensual será de $58.77.',
    );
  });
  it('says nothing of it when nothing is held', () => {
    for (const held of [undefined, '0.00'])
      expect(paymentAuthorizationText(payment, { ...charges, held }, 'en')).not.toContain('evidence of insurability');
  });
});

describe('ESIGN disclosure', () => {
  it.each(['en', 'es'] as const)('in %s says how to get paper copies, how to withdraw and what is needed', (lang) => {
    const d = ESIGN_DISCLOSURE[lang];
    expect(d.paragraphs).toHaveLength(4);
    expect(esignText(lang)).toContain(STORE_CONTACT.phone);
    expect(esignText(lang).split('\n')).toEqual([d.title, ...d.paragraphs, d.checkbox]);
  });
});
