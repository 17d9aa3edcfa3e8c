import { describe, expect, it } from 'vitest';
import { censusDate, employeeStatus, isPersonName, parseCsv, validateCensus } from '../src/group-home.ts';
import { windowRefusal, windowState } from '../src/group-window.ts';

const TODAY = '2026-11-24';

describe('the employee status', () => {
  it.each([
    [{ enrollment: 'completed', waived: true, invited: true }, 'enrolled'],
    [{ enrollment: 'open', waived: true, invited: true }, 'waived'],
    [{ enrollment: null, waived: true, invited: false }, 'waived'],
    [{ enrollment: 'open', waived: false, invited: false }, 'in_progress'],
    [{ enrollment: null, waived: false, invited: true }, 'invited'],
    [{ enrollment: null, waived: false, invited: false }, 'not_started'],
  ] as const)('%o is %s', (input, status) => expect(employeeStatus(input)).toBe(status));
});

describe('the open-enrollment window', () => {
  it.each([
    [null, null, 'open'],
    ['2026-11-24', '2026-11-24', 'open'],
    ['2026-11-25', null, 'not_yet_open'],
    [null, '2026-11-23', 'ended'],
    ['2026-01-01', '2026-12-31', 'open'],
  ] as const)('from %s to %s is %s', (opens_on, closes_on, state) => expect(windowState({ opens_on, closes_on }, TODAY)).toBe(state));

  it('says when it opens or ended, in words, in English and Spanish', () => {
    expect(windowRefusal('Acme', { opens_on: '2027-01-01', closes_on: null }, 'en', TODAY)).toBe(
      'Enrollment for Acme opens on January 1, 2027.',
    );
    expect(windowRefusal('Acme', { opens_on: '2027-01-01', closes_on: null }, 'es', TODAY)).toBe(
      'La inscripción para Acme se abre el 1 de enero de 2027.',
    );
    expect(windowRefusal('Acme', { opens_on: null, closes_on: '2026-11-01' }, 'en', TODAY)).toBe(
      'Enrollment for Acme ended on November 1, 2026.',
    );
    expect(windowRefusal('Acme', { opens_on: null, closes_on: null }, 'en', TODAY)).toBeNull();
  });
});

describe('the census', () => {
  it('reads quoted fields, CRLF and a byte-order mark, numbering records by their first line', () => {
    expect(parseCsv('\uFEFFa,b\r\n"x, ""y""","multi\nline"\r\n\r\nlast,1')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x, "y"', 'multi\nline'] },
      { line: 5, cells: ['last', '1'] },
    ]);
  });

  it.each([
    ['01/02/1990', '1990-01-02'],
    ['1/2/1990', '1990-01-02'],
    ['1990-01-02', '1990-01-02'],
    ['02/30/1990', null],
    ['yesterday', null],
  ])('reads the date %s as %s', (text, iso) => expect(censusDate(text)).toBe(iso));

  it('checks every line before importing any, and reports each problem with its line', () => {
    const r = validateCensus(
      'name,email,date of birth\nAna,ana@example.org,01/02/1990\nBo,ana@example.org,01/02/2030\nCy,cy@example,1/1/1901\nDee\n',
      TODAY,
    );
    expect(r.rows).toEqual([]);
    expect(r.problems).toEqual([
      { line: 3, message: 'The e-mail address appears twice in the file' },
      { line: 3, message: 'The date of birth is in the future' },
      { line: 4, message: 'The e-mail address is not valid' },
      { line: 4, message: 'The date of birth is more than 120 years ago' },
      { line: 5, message: 'The line does not have 3 columns' },
    ]);
  });

  it('needs the header and at least one employee', () => {
    expect(validateCensus('first,second,third\na,b,c\n', TODAY).problems).toEqual([
      { line: 1, message: 'The first line must name the columns: name, email, date of birth' },
    ]);
    expect(validateCensus('name,email,dob\n', TODAY).problems).toEqual([{ line: 0, message: 'The file has no employees' }]);
    expect(validateCensus('E-mail,Name,DOB\nana@example.org, Ana  Ruiz ,1990-01-02\n', TODAY)).toEqual({
      rows: [{ line: 2, name: 'Ana Ruiz', email: 'ana@example.org', dob: '1990-01-02' }],
      problems: [],
    });
  });
});

describe("isPersonName: a census name is a person's name, not a link", () => {
  it.each([
    ['Ana Ruiz', true],
    ["Ana María O'Neil-Ruiz Jr.", true],
    ['J.R. Smith', true],
    ['Lee, Bo', true],
    ['Zoë Ngô', true],
    ['Renée D’Arcy', true],
    ['Visit http://evil.example', false],
    ['HTTPS evil', false],
    ['www.evil', false],
    ['evil.example.com', false],
    ['win@prizes', false],
    ['Claim now: $500', false],
    ['Ana <b>Ruiz</b>', false],
    ['Ana_Ruiz', false],
    ['Ana 2', false],
  ])('%s: %s', (name, ok) => expect(isPersonName(name)).toBe(ok));
});
