import { describe, expect, it } from 'vitest';
import { centsToPlainDollars, csvCell, csvRow, maskedSsnOf, personName, stepReached, ZRepHomeQuery } from '../src/rep-home.ts';

describe('rep home rules', () => {
  it.each([
    [[], null, 'primary_info'],
    [['primary_info'], null, 'primary_info'],
    [['primary_info', 'contact_info'], null, 'contact_info'],
    [['primary_info'], 'contact_info', 'contact_info'],
    [['primary_info', 'benificiary_info', 'contact_info'], null, 'beneficiary_info'],
    [['primary_info', 'health_info', 'payment_info', 'temp_dependent'], 'primary_info', 'billing_info'],
    [['aggrement_info'], null, 'agreement_info'],
  ] as const)('the step reached by %j (saved tab %s) is %s', (keys, tab, step) => {
    expect(stepReached(keys, tab)).toBe(step);
  });

  it.each([
    ['Dana', 'Whitfield', 'Dana Whitfield'],
    [' Dana ', null, 'Dana'],
    [null, undefined, '—'],
  ])('names %j %j as %j', (first, last, name) => expect(personName(first, last)).toBe(name));

  it.each([
    ['plain', 'plain'],
    ['=SUM(A1)', "'=SUM(A1)"],
    ['+1 555', "'+1 555"],
    ['-2', "'-2"],
    ['@cmd', "'@cmd"],
    ['\tx', "'\tx"],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    [null, ''],
    [42, '42'],
  ])('CSV cell of %j is %j', (value, cell) => expect(csvCell(value)).toBe(cell));

  it('rows end with CRLF; SSNs and money as the lists show them', () => {
    expect(csvRow(['a', 'b'])).toBe('a,b\r\n');
    expect(maskedSsnOf('6789')).toBe('XXX-XX-6789');
    expect(maskedSsnOf(null)).toBe('');
    expect(centsToPlainDollars(2599)).toBe('25.99');
    expect(centsToPlainDollars(5)).toBe('0.05');
    expect(centsToPlainDollars(-120)).toBe('-1.20');
  });

  it('pages of 10, 25 or 50 from page 1; search trimmed', () => {
    expect(ZRepHomeQuery.parse({})).toEqual({ q: '', page: 1, limit: 10 });
    expect(ZRepHomeQuery.parse({ q: '  ann ', page: '3', limit: '25' })).toEqual({ q: 'ann', page: 3, limit: 25 });
    expect(ZRepHomeQuery.safeParse({ limit: '7' }).success).toBe(false);
    expect(ZRepHomeQuery.safeParse({ page: '0' }).success).toBe(false);
  });
});
