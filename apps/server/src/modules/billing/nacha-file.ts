import { createRequire } from 'node:module';

/**
 * A day's bank debits as one NACHA file (issue 36): one batch of WEB debits (the payer authorized them online), written
 * with nach2, the Node library of the field for ACH files, which lays out the records, the batch and file controls,
 * the entry hash, the block count and the padding with lines of 9s to a multiple of 10 lines. The store gives every
 * entry its trace number (the ODFI's routing number's first 8 digits and a sequence the database keeps unique), so a
 * return can be matched to its debit; nach2's own default trace number is not the ODFI's.
 *
 * Account numbers are in clear only inside this text: the file is sealed at rest as soon as it is written.
 */
const require = createRequire(import.meta.url);
const nach = require('nach2') as Nach;

export interface NachaSettings {
  /** The ODFI's routing number (9 digits): the bank that sends the debits for the store. */
  odfiRouting: string;
  /** The ODFI's name (immediate destination name, at most 23 characters). */
  odfiName: string;
  /** The company's name (at most 16 characters in the batch, 23 in the file header). */
  companyName: string;
  /** The company identification the bank gave (10 characters, often '1' and the EIN). */
  companyId: string;
}

export interface NachaDebit {
  routing: string;
  account: string;
  accountType: 'checking' | 'savings';
  amountCents: number;
  /** The payer's identification at the store (the enrollment's confirmation), at most 15 characters. */
  individualId: string;
  /** The account holder's name, at most 22 characters. */
  name: string;
  /** The entry's sequence (1 to 9,999,999), unique for this ODFI: the trace number's last 7 digits. */
  sequence: number;
  /** A first payment ('S', single) or a monthly one ('R', recurring): the WEB entry's payment type code. */
  recurring: boolean;
}

export interface NachaFileInput {
  settings: NachaSettings;
  /** The file's creation, in US Eastern time: yyyy-mm-dd and hh:mm. */
  createdOn: string;
  createdAt: string;
  /** A–Z, then 0–9: tells apart the files made the same day. */
  fileIdModifier: string;
  /** The day the debits settle (yyyy-mm-dd, a business day). */
  effectiveOn: string;
  debits: readonly NachaDebit[];
}

/** Debit transaction codes: 27 a checking account, 37 a savings account. */
export const DEBIT_CODE = { checking: '27', savings: '37' } as const;

/** The trace number of a debit: the ODFI routing number's first 8 digits and the 7-digit sequence. */
export const traceNumber = (odfiRouting: string, sequence: number): string => odfiRouting.slice(0, 8) + String(sequence).padStart(7, '0');

/** Letters, digits and spaces in upper case, at most `width` characters (the fields are alphanumeric). */
const field = (text: string, width: number) =>
  text
    .normalize('NFD')
    .replace(/[^A-Za-z0-9 ]/g, '')
    .toUpperCase()
    .slice(0, width);

const dollars = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
const yymmdd = (iso: string) => iso.slice(2, 4) + iso.slice(5, 7) + iso.slice(8, 10);
/** A date at local midnight: nach2 formats dates with the process's local time. */
const localDate = (iso: string) => new Date(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));

/** The file's text, lines of 94 characters ending with CR LF. */
export async function writeNachaFile(input: NachaFileInput): Promise<string> {
  const { settings: s } = input;
  if (input.debits.length === 0) throw new Error('A NACHA file needs at least one entry');
  const file = new nach.File({
    immediateDestination: s.odfiRouting,
    immediateOrigin: s.companyId,
    immediateDestinationName: field(s.odfiName, 23),
    immediateOriginName: field(s.companyName, 23),
    fileCreationDate: yymmdd(input.createdOn),
    fileCreationTime: input.createdAt.replace(':', ''),
    fileIdModifier: input.fileIdModifier,
    referenceCode: 'PREMIUMS',
  });
  const batch = new nach.Batch({
    serviceClassCode: '225',
    companyName: field(s.companyName, 16),
    standardEntryClassCode: 'WEB',
    companyIdentification: s.companyId,
    companyEntryDescription: 'PREMIUM',
    companyDescriptiveDate: yymmdd(input.effectiveOn),
    effectiveEntryDate: localDate(input.effectiveOn),
    originatingDFI: s.odfiRouting.slice(0, 8),
  });
  const entries = input.debits.map((d) => {
    if (!Number.isInteger(d.amountCents) || d.amountCents <= 0) throw new Error('A debit is a positive number of cents');
    return new nach.Entry({
      transactionCode: DEBIT_CODE[d.accountType],
      receivingDFI: d.routing,
      DFIAccount: d.account,
      amount: dollars(d.amountCents),
      idNumber: field(d.individualId, 15),
      individualName: field(d.name, 22),
      discretionaryData: d.recurring ? 'R' : 'S',
      traceNumber: traceNumber(s.odfiRouting, d.sequence),
    });
  });
  // nach2's addEntry adds up every entry of the batch again at each call (quadratic: 8 s for 10,000 debits, decision
  // 2930). The entries but the last go in as addEntry leaves them (in the list, counted); the last one through addEntry,
  // which then sums the batch's totals and entry hash once. The file is the same, byte for byte.
  for (const e of entries.slice(0, -1)) {
    batch._entries.push(e);
    batch.control.addendaCount.value += e.getRecordCount();
  }
  batch.addEntry(entries[entries.length - 1]);
  file.addBatch(batch);
  return new Promise((resolve, reject) => {
    try {
      file.generateFile((text: string) => resolve(text));
    } catch (err) {
      reject(err as Error);
    }
  });
}

/** An entry of nach2: its records (1, and its addenda). */
interface NachEntry {
  getRecordCount(): number;
}

/** What this module uses of nach2 (it has no types of its own). */
interface Nach {
  File: new (options: Record<string, string>) => { addBatch(b: unknown): void; generateFile(cb: (text: string) => void): void };
  Batch: new (options: Record<string, string | Date>) => {
    addEntry(e: NachEntry): void;
    _entries: NachEntry[];
    control: { addendaCount: { value: number } };
  };
  Entry: new (options: Record<string, string>) => NachEntry;
}
