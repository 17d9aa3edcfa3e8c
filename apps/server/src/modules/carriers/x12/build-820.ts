import { fit, MAX, x12Text } from './text.ts';
import { openInterchange, type Interchange } from './envelope.ts';

/** The 820 of premium payment (005010X218): one per carrier and billing run. */
export const IMPLEMENTATION_GUIDE_820 = '005010X218';

/** One member's premium remitted: one ENT (with the 834's REF*0F member id) and its RMRs, one per policy and period. */
export interface Remitted820 {
  /** ENT04 and the 834's REF*0F: the subscriber id. */
  memberId: string;
  lastName: string;
  firstName: string;
  lines: {
    /** RMR02: the store's policy number of the plan. */
    policyId: string;
    /** RMR04, in cents (negative for a returned or refunded payment). */
    cents: number;
    /** DTM*582: the coverage month paid, YYYY-MM. */
    period: string;
  }[];
}

export interface File820 extends Interchange {
  /** TRN02: the remittance's trace number. */
  reference: string;
  /** BPR16: the day of the run, YYYY-MM-DD. */
  paidOn: string;
  /** N1*PE: the premium receiver, the carrier, by its federal tax id. */
  receiverName: string;
  receiverTaxId: string;
  /** N1*PR: the premium payer, the store. */
  payerName: string;
  members: Remitted820[];
}

/** An amount as X12 R (decimal, no trailing zeros beyond cents): 12.5, 3, -4.25. */
export const amount = (cents: number) => String(Number((cents / 100).toFixed(2)));
const monthRange = (period: string) => {
  const [y, m] = period.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${period.replace('-', '')}01-${period.replace('-', '')}${String(last).padStart(2, '0')}`;
};

/** The sum the BPR carries: every RMR of the file. */
export const total820 = (f: Pick<File820, 'members'>) => f.members.reduce((a, m) => a + m.lines.reduce((b, l) => b + l.cents, 0), 0);

/**
 * Writes the 820: BPR (remittance information only, `I`/`NON`: the money goes by the store's own transfer), TRN, N1*PE
 * (the carrier, FI + tax id), N1*PR (the store), then per member ENT (2J, N + the member id), NM1*IL and per line RMR
 * (ID, policy, amount) with DTM*582 (the month). The envelope counts (SE01, GE01, IEA01) are the library's.
 */
export function build820(file: File820): string {
  const { group, render } = openInterchange(file, 'RA', IMPLEMENTATION_GUIDE_820);
  const tx = group.addTransaction(['820', '0001', IMPLEMENTATION_GUIDE_820]);
  const add = (tag: string, elements: string[]) => tx.addSegment(tag, elements);
  add('BPR', ['I', amount(total820(file)), 'C', 'NON', '', '', '', '', '', '', '', '', '', '', '', file.paidOn.replaceAll('-', '')]);
  add('TRN', ['3', fit(x12Text(file.reference), MAX.TRN02)]);
  add('N1', ['PE', fit(x12Text(file.receiverName), MAX.N102), 'FI', file.receiverTaxId]);
  add('N1', ['PR', fit(x12Text(file.payerName), MAX.N102)]);
  file.members.forEach((m, i) => {
    add('ENT', [String(i + 1), '2J', 'N', fit(x12Text(m.memberId), MAX.N104)]);
    add('NM1', ['IL', '1', fit(x12Text(m.lastName), MAX.NM103), fit(x12Text(m.firstName), MAX.NM104)]);
    for (const l of m.lines) {
      add('RMR', ['ID', fit(x12Text(l.policyId), MAX.RMR02), '', amount(l.cents)]);
      add('DTM', ['582', '', '', '', 'RD8', monthRange(l.period)]);
    }
  });
  return render();
}
