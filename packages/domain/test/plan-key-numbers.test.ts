import { describe, expect, it } from 'vitest';
import type { TPlanBenefits } from '../src/compare.ts';
import { dollarsToCents, keyNumbersField, keyNumbersForm, withKeyNumbers, ZKeyNumbersForm } from '../src/plan-key-numbers.ts';
import { translatedText } from '../src/plan-content.ts';

const DENTAL: TPlanBenefits = {
  annual_max_cents: 100000,
  deductible_cents: 5000,
  network: 'National PPO network',
  out_of_network: true,
  covers: [
    { service: 'preventive', percent: 100, deductible_applies: false, waiting_months: 0 },
    { service: 'major', percent: 50, deductible_applies: true, waiting_months: 12 },
  ],
};

describe('key numbers of the console', () => {
  it.each([
    ['50', 5000],
    ['1,500.00', 150000],
    ['$1500.5', 150050],
    ['0.07', 7],
    ['', null],
  ])('turns %j dollars into %j cents', (text, cents) => expect(dollarsToCents(text)).toBe(cents));

  it('round-trips a plan: the form edits the numbers and keeps the rest', () => {
    const form = keyNumbersForm(DENTAL);
    expect(form).toMatchObject({ deductible: '50.00', annual_max: '1000.00', coverage: '', term_years: '', amounts: [] });
    expect(withKeyNumbers(DENTAL, form)).toEqual(DENTAL);
    const changed = ZKeyNumbersForm.parse({ ...form, deductible: '$75', waiting: [{ service: 'major', months: '6' }] });
    expect(withKeyNumbers(DENTAL, changed)).toEqual({
      ...DENTAL,
      deductible_cents: 7500,
      covers: [DENTAL.covers[0], { ...DENTAL.covers[1], waiting_months: 6 }],
    });
  });

  it('makes life and supplemental numbers from nothing', () => {
    const f = ZKeyNumbersForm.parse({
      ...keyNumbersForm(null),
      coverage: '100,000',
      term_years: '10',
      amounts: [{ label: 'Hospital admission', label_es: 'Ingreso hospitalario', amount: '1000' }],
    });
    expect(withKeyNumbers(null, f)).toMatchObject({
      coverage_cents: 10_000_000,
      term_years: 10,
      benefit_amounts: [{ label: 'Hospital admission', label_es: 'Ingreso hospitalario', amount_cents: 100000 }],
    });
  });

  it.each([
    [{ deductible: 'fifty' }, 'deductible'],
    [{ annual_max: '1.005' }, 'annual_max'],
    [{ waiting: [{ service: 'major', months: '40' }] }, 'waiting'],
    [{ term_years: '0' }, 'term_years'],
    [{ amounts: [{ label: '', label_es: '', amount: '' }] }, 'amounts'],
  ])('refuses %j', (change, field) => {
    const r = ZKeyNumbersForm.safeParse({ ...keyNumbersForm(DENTAL), ...change });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0].path[0]).toBe(field);
  });

  it.each([
    ['benefits.deductible_cents', 'key.deductible'],
    ['benefits.covers.1.waiting_months', 'key.waiting.1.months'],
    ['benefits.benefit_amounts.0.amount_cents', 'key.amounts.0.amount'],
    ['benefits.network', null],
    ['rules.minAge', null],
  ])('places the server error %s at %s', (target, field) => expect(keyNumbersField(target)).toBe(field));
});

describe('plan texts per language', () => {
  it.each([
    ['en', { es: { body_text: 'Hola' } }, 'Hello'],
    ['es', { es: { body_text: 'Hola' } }, 'Hola'],
    ['es', { es: { body_text: '' } }, 'Hello'],
    ['es', {}, 'Hello'],
  ] as const)('in %s with %j shows %s', (lang, tr, shown) => expect(translatedText('Hello', tr, lang, 'body_text')).toBe(shown));
});
