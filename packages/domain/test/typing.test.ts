import { describe, expect, it } from 'vitest';
import { groupSsn } from '../src/format.ts';
import { typeUsDate } from '../src/dates.ts';
import { retype, type Edit } from '../src/typing.ts';

const ins = (text: string): Edit => ({ kind: 'insert', text });
const back: Edit = { kind: 'deleteBackward' };
const fwd: Edit = { kind: 'deleteForward' };

/** Types each character at the end, as a person does. */
function typed(keys: string) {
  let s = { value: '', caret: 0 };
  for (const k of keys) s = typeUsDate(s.value, s.caret, s.caret, ins(k));
  return s.value;
}

describe('typing a date', () => {
  it.each([
    ['0', '0'],
    ['01', '01'],
    ['011', '01/1'],
    ['0115', '01/15'],
    ['01151990', '01/15/1990'],
    ['01/15/1990', '01/15/1990'],
    ['13', '12'],
    ['00', '01'],
    ['0132', '01/31'],
    ['0100', '01/01'],
    ['01151990123', '01/15/1990'],
    ['ab12cd', '12'],
  ])('keys %j show %j', (keys, shown) => expect(typed(keys)).toBe(shown));

  it.each([
    // [text, selection start, end, edit, shown, caret]
    ['01/15/1990', 5, 5, back, '01/1_/1990', 4, 'backspace after the 5 leaves a gap, the year stays'],
    ['01/15/1990', 4, 4, fwd, '01/1_/1990', 4, 'delete before the 5'],
    ['01/15/1990', 3, 3, back, '0_/15/1990', 1, 'backspace after a slash takes the digit before it'],
    ['01/15/1990', 10, 10, back, '01/15/199', 9, 'backspace at the end'],
    ['01/1_/1990', 4, 4, ins('6'), '01/16/1990', 5, 'a digit fills the gap'],
    ['01/15/1990', 0, 10, ins('02/03/2004'), '02/03/2004', 10, 'a paste over everything'],
    ['01/15/1990', 0, 10, back, '', 0, 'select all and delete'],
    ['01/15/1990', 3, 5, back, '01/__/1990', 3, 'deleting the day leaves two gaps'],
    ['01/15/1990', 0, 0, ins('1'), '11/15/1990', 1, 'typing over a digit replaces it'],
    ['01/15/1990', 0, 0, ins('3'), '12/15/1990', 1, 'and the month stays capped'],
    ['01/1_/1990', 10, 10, ins('5'), '01/1_/1990', 10, 'nothing past the year'],
    ['', 0, 0, ins('1/5/1990'), '12/19/90', 8, 'a pasted date with single digits keeps its digits, capped (validation then refuses it)'],
  ])('%j [%i,%i] %j gives %j caret %i (%s)', (text, start, end, edit, shown, caret) => {
    expect(typeUsDate(text as string, start as number, end as number, edit as Edit)).toEqual({ value: shown, caret });
  });
});

describe('typing digits only and grouped SSNs', () => {
  const ssn = { allowed: /\d/, max: 9, format: groupSsn };
  it.each([
    ['123-45-6789', 11, { ...ssn }, '123-45-6789', 11],
    ['123 45 6789', 11, { ...ssn }, '123-45-6789', 11],
    ['1234', 4, { ...ssn }, '123-4', 5],
    ['123-45-67890', 12, { ...ssn }, '123-45-6789', 11],
    ['12a3', 3, { ...ssn }, '123', 2],
    // Backspace just after the dash: the browser took the dash only; the 3 before it goes too.
    ['12345', 3, { ...ssn, deletedBackward: true, previous: '123-45' }, '124-5', 2],
    ['(212) 555-0100', 14, { allowed: /\d/, max: 10 }, '2125550100', 10],
    ['1a5b0', 5, { allowed: /\d/, max: 3 }, '150', 3],
    ['15x0', 3, { allowed: /\d/, max: 3 }, '150', 2],
  ])('%j with the caret at %i is retyped', (value, caret, opts, shown, at) =>
    expect(retype(value as string, caret as number, opts)).toEqual({ value: shown, caret: at }),
  );
});
