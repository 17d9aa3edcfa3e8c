import { describe, expect, it } from 'vitest';
import { ageOn, isoToUs, todayIso, usToIso } from '../src/dates.ts';
import { usDateProblem, abaValid, luhnValid, maskLast4, formatPhone } from '../src/validation.ts';
import { TEXT } from '../src/texts.ts';

describe('dates', () => {
  it('parses real calendar dates only', () => {
    expect(usToIso('02/29/2024')).toBe('2024-02-29');
    expect(usToIso('02/29/2023')).toBeNull();
    expect(usToIso('13/01/2000')).toBeNull();
    expect(isoToUs('2000-01-31')).toBe('01/31/2000');
  });
  it('counts whole years', () => {
    expect(ageOn('2008-11-21', '2026-11-21')).toBe(18);
    expect(ageOn('2008-11-22', '2026-11-21')).toBe(17);
  });
  it('takes today in US Eastern time', () => {
    expect(todayIso(new Date('2026-11-22T03:00:00Z'))).toBe('2026-11-21');
    expect(todayIso(new Date('2026-11-22T06:00:00Z'))).toBe('2026-11-22');
  });
  it('checks age 18 and no future dates with the exact message', () => {
    expect(usDateProblem('11/22/2008', { minAge: 18, today: '2026-11-21' })).toBe(TEXT.MUST_BE_18);
    expect(usDateProblem('11/21/2008', { minAge: 18, today: '2026-11-21' })).toBeNull();
    expect(usDateProblem('11/22/2026', { today: '2026-11-21' })).toBe('Date cannot be in the future');
    expect(usDateProblem('', {})).toBe(TEXT.FIELD_REQUIRED);
  });
});

describe('checksums and masks', () => {
  it('validates ABA routing numbers', () => {
    expect(abaValid('021000021')).toBe(true);
    expect(abaValid('011000015')).toBe(true);
    expect(abaValid('123456789')).toBe(false);
  });
  it('validates Luhn card numbers', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4000000000000002')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
  });
  it('masks all but the last four', () => {
    expect(maskLast4('123456789')).toBe('xxxxx6789');
    expect(formatPhone('5550100100')).toBe('(555) 010-0100');
  });
});
