/**
 * The bank's returns file (NACHA): each returned entry is an entry detail record (6) followed by its return addenda
 * (7, addenda type 99) holding the return reason code and the original entry's trace number. Read here from the
 * published record layouts (nach2 writes files and reads none); a file that does not follow them is refused whole,
 * naming the line.
 */
export interface ReturnedEntry {
  /** R01 … R85. */
  code: string;
  /** The trace number of the debit the store sent (15 digits). */
  originalTrace: string;
  amountCents: number;
  line: number;
}

export class MalformedReturnsFile extends Error {
  constructor(
    readonly line: number,
    why: string,
  ) {
    super(`line ${line}: ${why}`);
  }
}

const at = (l: string, from: number, to: number) => l.slice(from - 1, to);

export function readReturnsFile(text: string): ReturnedEntry[] {
  const lines = text.split(/\r?\n/).filter((l, i, all) => l.length > 0 || i < all.length - 1);
  const out: ReturnedEntry[] = [];
  let entry: { amount: number; line: number } | null = null;
  let sawHeader = false;
  let sawControl = false;
  lines.forEach((l, i) => {
    const n = i + 1;
    if (l.length !== 94) throw new MalformedReturnsFile(n, `a record is 94 characters, this one ${l.length}`);
    const type = l[0];
    if (!sawHeader && type !== '1') throw new MalformedReturnsFile(n, 'the file does not begin with a file header (1)');
    if (type === '1') sawHeader = true;
    else if (type === '6') {
      if (entry) throw new MalformedReturnsFile(n, 'a returned entry without its return addenda (7, type 99)');
      const amount = at(l, 30, 39);
      if (!/^\d{10}$/.test(amount)) throw new MalformedReturnsFile(n, 'the amount is not 10 digits');
      entry = { amount: Number(amount), line: n };
    } else if (type === '7') {
      if (!entry) throw new MalformedReturnsFile(n, 'an addenda record without its entry');
      if (at(l, 2, 3) !== '99') throw new MalformedReturnsFile(n, 'not a return addenda (type 99)');
      const code = at(l, 4, 6);
      const trace = at(l, 7, 21);
      if (!/^R\d{2}$/.test(code)) throw new MalformedReturnsFile(n, `the return reason code "${code}" is not R01–R85`);
      if (!/^\d{15}$/.test(trace)) throw new MalformedReturnsFile(n, 'the original entry trace number is not 15 digits');
      out.push({ code, originalTrace: trace, amountCents: entry.amount, line: entry.line });
      entry = null;
    } else if (type === '9') {
      sawControl = true;
    } else if (!['5', '8'].includes(type)) throw new MalformedReturnsFile(n, `unknown record type "${type}"`);
  });
  if (entry) throw new MalformedReturnsFile((entry as { line: number }).line, 'a returned entry without its return addenda');
  if (!sawControl) throw new MalformedReturnsFile(lines.length, 'the file has no file control record (9)');
  return out;
}

/** Returns retried: insufficient or uncollected funds, at most twice within 180 days of the original entry. */
export const RETRIED_RETURNS = ['R01', 'R09'] as const;
/** Returns that stop every later debit of the account until the payer gives a new one. */
export const BLOCKING_RETURNS = ['R02', 'R03', 'R04', 'R07', 'R10', 'R29'] as const;
/** Times a returned debit for funds may be presented again (Nacha Operating Rules, reinitiation). */
export const MAX_REPRESENTMENTS = 2;
export const REPRESENT_WITHIN_DAYS = 180;
export const REPRESENT_AFTER_BUSINESS_DAYS = 3;
