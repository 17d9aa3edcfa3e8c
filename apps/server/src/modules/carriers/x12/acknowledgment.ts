import { ELEMENT_ERRORS, GROUP_ERRORS, INTERCHANGE_NOTES, SEGMENT_ERRORS, TRANSACTION_ERRORS, words } from './ack-codes.ts';
import { parseX12, X12Problem, type Segment } from './parse.ts';

export type AckStatus = 'accepted' | 'accepted_with_errors' | 'rejected';

/** One error the carrier reported, in words, with the code and where it points. */
export interface AckError {
  code: string;
  text: string;
  /** ST02 of our transaction set the error concerns (999 AK2), when it concerns one. */
  transaction?: string;
  /** The segment it names (IK3), e.g. "NM1 at 12". */
  segment?: string;
}

/** What one acknowledgment says of one of our files, named by its control numbers. */
export interface FileAcknowledgment {
  kind: '999' | 'TA1';
  /** TA1: our ISA13. */
  interchangeControlNumber?: number;
  /** 999: our GS06 (AK102). */
  groupControlNumber?: number;
  status: AckStatus;
  errors: AckError[];
  /** 999: the status of each of our transaction sets (ST02 → status), from AK2/IK5. */
  transactions: Record<string, AckStatus>;
}

/** AK901 / IK501 / TA104 code → status. */
function statusOf(code: string): AckStatus {
  if (code === 'A') return 'accepted';
  if (code === 'E' || code === 'P') return 'accepted_with_errors';
  return 'rejected';
}

/** Reads every 999 and TA1 of an uploaded interchange; an X12 of another kind is refused with the reason. */
export function readAcknowledgments(text: string): FileAcknowledgment[] {
  const x = parseX12(text);
  const out: FileAcknowledgment[] = [];
  for (const ta1 of x.ta1) {
    const [control, , , code, note] = ta1;
    if (!/^\d{1,9}$/.test(control ?? '') || !['A', 'E', 'R'].includes(code ?? ''))
      throw new X12Problem('The TA1 segment is incomplete: TA101 (control number) and TA104 (A, E or R) are required.');
    const errors = note && note !== '000' ? [{ code: note, text: words(INTERCHANGE_NOTES, note) }] : [];
    out.push({ kind: 'TA1', interchangeControlNumber: Number(control), status: statusOf(code!), errors, transactions: {} });
  }
  for (const group of x.groups) {
    for (const tx of group.transactions) {
      if (tx.st[0] !== '999') throw new X12Problem(`Transaction set ${tx.st[0]} is not an acknowledgment: send a 999 or a TA1.`);
      out.push(read999(tx.segments));
    }
  }
  if (!out.length) throw new X12Problem('The interchange holds no 999 and no TA1.');
  return out;
}

function read999(segments: Segment[]): FileAcknowledgment {
  const ak1 = segments.find((s) => s.tag === 'AK1');
  const ak9 = segments.find((s) => s.tag === 'AK9');
  if (!ak1 || !/^\d{1,9}$/.test(ak1.elements[1] ?? ''))
    throw new X12Problem('The 999 has no AK1 segment naming the group control number it acknowledges.');
  if (!ak9 || !ak9.elements[0]) throw new X12Problem('The 999 has no AK9 segment with the group status.');
  const errors: AckError[] = [];
  const transactions: Record<string, AckStatus> = {};
  let current: string | undefined;
  let segment: string | undefined;
  for (const { tag, elements: e } of segments) {
    if (tag === 'AK2') {
      current = e[1];
      segment = undefined;
    } else if (tag === 'IK3') {
      segment = `${e[0]} at ${e[1]}`;
      if (e[3]) errors.push({ code: e[3], text: words(SEGMENT_ERRORS, e[3]), transaction: current, segment });
    } else if (tag === 'IK4') {
      const code = e[2];
      if (code) errors.push({ code, text: `${words(ELEMENT_ERRORS, code)} (element ${e[0]})`, transaction: current, segment });
    } else if (tag === 'IK5' && current) {
      transactions[current] = statusOf(e[0] ?? 'R');
      for (const code of e.slice(1).filter(Boolean)) errors.push({ code, text: words(TRANSACTION_ERRORS, code), transaction: current });
    }
  }
  for (const code of ak9.elements.slice(4).filter(Boolean)) errors.push({ code, text: words(GROUP_ERRORS, code) });
  const [status, included, received, accepted] = ak9.elements;
  if ([included, received, accepted].some((n) => n !== undefined && n !== '' && !/^\d+$/.test(n)))
    throw new X12Problem('The AK9 counts are not numbers.');
  if (Number(accepted) > Number(received) || Number(received) > Number(included))
    throw new X12Problem(`The AK9 counts are broken: ${accepted} accepted of ${received} received of ${included} included.`);
  return { kind: '999', groupControlNumber: Number(ak1.elements[1]), status: statusOf(status), errors, transactions };
}
