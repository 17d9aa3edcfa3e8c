import { describe, expect, it } from 'vitest';
import { ADMIN_TEXT } from '../src/admin.ts';
import { zLandingUrl } from '../src/admin-people.ts';
import { parseCsv, pickRate, rateRowsFromCsv, validateRateRows } from '../src/admin-rates.ts';

describe('landing urls', () => {
  it.each([
    ['sam-lee', true],
    ['acme2', true],
    ['Sam', false],
    ['sam_lee', false],
    ['-sam', false],
    ['sam--lee', false],
    ['plans', false],
    ['cart', false],
    ['admin', false],
    ['enrollment', false],
    ['sign-in', false],
    ['404', false],
  ])('%s is %s', (value, valid) => {
    expect(zLandingUrl.safeParse(value).success).toBe(valid);
  });
  it('says why', () => {
    expect(zLandingUrl.safeParse('cart').error?.issues[0].message).toBe(ADMIN_TEXT.LANDING_RESERVED);
    expect(zLandingUrl.safeParse('Sam').error?.issues[0].message).toBe(ADMIN_TEXT.LANDING_FORMAT);
    expect(zLandingUrl.parse('')).toBeNull();
  });
});

describe('rate CSV', () => {
  it('parses quotes, doubled quotes, CRLF and blank lines', () => {
    expect(parseCsv('a,"b,c","d""e"\r\n\r\n1,2,3\n')).toEqual([
      ['a', 'b,c', 'd"e'],
      ['1', '2', '3'],
    ]);
  });
  it('reads columns by header name in any order', () => {
    const { rows, errors } = rateRowsFromCsv('price,tier,age_min,age_max,state,smoker\n12.50,IO,18,64,tx,yes\n');
    expect(errors).toEqual([]);
    expect(rows).toEqual([{ tier: 'IO', age_min: '18', age_max: '64', state: 'tx', smoker: 'yes', price: '12.50' }]);
  });
  it('names missing columns', () => {
    expect(rateRowsFromCsv('tier,price\nIO,1\n').errors[0].error_message).toContain('missing: age_min, age_max, state, smoker');
  });
});

describe('rate rows', () => {
  it('normalises valid rows', () => {
    const { rows, errors } = validateRateRows([{ tier: 'IO', age_min: '18', age_max: '64', state: 'tx', smoker: 'no', price: '$12.50' }]);
    expect(errors).toEqual([]);
    expect(rows[0]).toEqual({ tier: 'IO', age_min: 18, age_max: 64, state: 'TX', smoker: false, price: 12.5 });
  });
  it('numbers its errors by row', () => {
    const { errors } = validateRateRows([
      { tier: 'IO', age_min: 18, age_max: 64, state: '', smoker: '', price: 10 },
      { tier: 'IO', age_min: 60, age_max: 70, state: '', smoker: '', price: 11 },
      { tier: 'IS', age_min: 18, age_max: 64, state: 'Texas', smoker: 'maybe', price: '1.234' },
    ]);
    expect(errors).toEqual([
      { target_element: 'rows.2.age_min', error_message: 'Row 2: ages overlap row 1 for the same tier, state and smoker.' },
      { target_element: 'rows.3.state', error_message: 'Row 3: State must be two letters or empty.' },
      { target_element: 'rows.3.smoker', error_message: 'Row 3: Smoker must be yes, no or empty.' },
      { target_element: 'rows.3.price', error_message: 'Row 3: Enter a price such as 12.50.' },
    ]);
  });
  it('allows the same ages for another state or tobacco answer', () => {
    const { errors } = validateRateRows([
      { tier: 'IO', age_min: 18, age_max: 64, state: '', smoker: '', price: 10 },
      { tier: 'IO', age_min: 18, age_max: 64, state: 'TX', smoker: '', price: 9 },
      { tier: 'IO', age_min: 18, age_max: 64, state: '', smoker: 'yes', price: 14 },
    ]);
    expect(errors).toEqual([]);
  });
});

describe('pickRate', () => {
  const rates = [
    { id: 1, tier: 'IO', age_min: 18, age_max: 64, state: null, smoker: null },
    { id: 2, tier: 'IO', age_min: 18, age_max: 64, state: 'TX', smoker: null },
    { id: 3, tier: 'IO', age_min: 18, age_max: 64, state: null, smoker: true },
    { id: 4, tier: 'IO', age_min: 1000, age_max: -1, state: null, smoker: null },
  ];
  it('prefers the state row, then the tobacco row, and never a retired row', () => {
    expect(pickRate(rates, { tier: 'IO', age: 40, state: 'TX', smoker: null })?.id).toBe(2);
    expect(pickRate(rates, { tier: 'IO', age: 40, state: 'NY', smoker: true })?.id).toBe(3);
    expect(pickRate(rates, { tier: 'IO', age: 40, state: 'NY', smoker: false })?.id).toBe(1);
    expect(pickRate(rates, { tier: 'IO', age: 70, state: 'NY', smoker: null })).toBeNull();
    expect(pickRate(rates, { tier: 'IS', age: 40, state: 'NY', smoker: null })).toBeNull();
  });
});
