import { abaValid } from '@store/domain/validation';

/**
 * The Federal Reserve's FedACH directory file (FedACHdir.txt): one institution per line, 155 characters in fixed
 * columns. Written here rather than taken from npm: the one parser there (`fedach`, 2014) has no licence, splits on
 * CRLF only and stops at the first empty line (docs/decisions/1011-routing-directory-and-typing.md).
 */
const COLUMNS = [
  ['routing', 9],
  ['office', 1], // O main office, B branch
  ['servicingFrb', 9],
  ['recordType', 1], // 0 a Federal Reserve Bank, 1 send to this routing number, 2 send to the new routing number
  ['changeDate', 6], // mmddyy
  ['newRouting', 9],
  ['name', 36],
  ['address', 36],
  ['city', 20],
  ['state', 2],
  ['zip', 5],
  ['zipExt', 4],
  ['phone', 10],
  ['statusCode', 1],
  ['dataView', 1],
  ['filler', 5],
] as const;
export const FEDACH_RECORD_LENGTH = COLUMNS.reduce((n, [, width]) => n + width, 0); // 155

type Column = (typeof COLUMNS)[number][0];
export type FedAchRecord = Record<Exclude<Column, 'filler'>, string>;
export interface FedAchProblem {
  line: number;
  message: string;
}

/** Trailing blanks may have been trimmed by whatever copied the file: a line still holds every field up to the data view. */
const SHORTEST = FEDACH_RECORD_LENGTH - 5;

function parseLine(text: string): FedAchRecord | string {
  if (text.length > FEDACH_RECORD_LENGTH || text.length < SHORTEST)
    return `a record is ${FEDACH_RECORD_LENGTH} characters, this line has ${text.length}`;
  const line = text.padEnd(FEDACH_RECORD_LENGTH);
  const out: Record<string, string> = {};
  let at = 0;
  for (const [name, width] of COLUMNS) {
    out[name] = line.slice(at, at + width).trim();
    at += width;
  }
  const record = out as FedAchRecord;
  if (!abaValid(record.routing)) return `routing number ${JSON.stringify(record.routing)} is not a valid ABA routing number`;
  if (!/^[OB]$/.test(record.office)) return `office code ${JSON.stringify(record.office)} is neither O nor B`;
  if (!/^[012]$/.test(record.recordType)) return `record type ${JSON.stringify(record.recordType)} is not 0, 1 or 2`;
  if (!record.name) return 'the institution name is empty';
  return record;
}

/** Every record of the file, and what is wrong with the lines that are not records (by line number, from 1). */
export function parseFedAch(text: string): { records: FedAchRecord[]; problems: FedAchProblem[] } {
  const records: FedAchRecord[] = [];
  const problems: FedAchProblem[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    if (!raw.trim()) return;
    const r = parseLine(raw);
    if (typeof r === 'string') problems.push({ line: i + 1, message: r });
    else records.push(r);
  });
  return { records, problems };
}
