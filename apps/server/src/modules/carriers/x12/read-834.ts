import type { Coverage834, CoverageLevel, Enrollment834, Gender, Maintenance, Member834, Relationship } from './types.ts';
import { parseX12 } from './parse.ts';

const iso = (d8: string) => `${d8.slice(0, 4)}-${d8.slice(4, 6)}-${d8.slice(6, 8)}`;

export interface Read834 {
  controlNumber: number;
  groupControlNumber: number;
  usage: string;
  groupNumber: string | null;
  sponsor: string | null;
  payer: string | null;
  /** ST02 of each transaction set, in order. */
  transactionControlNumbers: string[];
  enrollments: Enrollment834[];
}

/** Reads an 834 the store wrote back into its model (tests, and the console's view of a file). */
export function read834(text: string): Read834 {
  const x = parseX12(text);
  const group = x.groups[0];
  const out: Read834 = {
    controlNumber: x.controlNumber,
    groupControlNumber: Number(group?.gs[5]),
    usage: x.isa[14],
    groupNumber: null,
    sponsor: null,
    payer: null,
    transactionControlNumbers: [],
    enrollments: [],
  };
  for (const tx of group?.transactions ?? []) {
    out.transactionControlNumbers.push(tx.st[1]);
    const enrollment: Enrollment834 = { subscriberId: '', maintenance: '021', members: [], coverages: [] };
    let member: Member834 | null = null;
    let coverage: Coverage834 | null = null;
    for (const { tag, elements: e } of tx.segments) {
      if (tag === 'REF' && e[0] === '38') out.groupNumber = e[1];
      else if (tag === 'N1' && e[0] === 'P5') out.sponsor = e[1];
      else if (tag === 'N1' && e[0] === 'IN') out.payer = e[1];
      else if (tag === 'INS') {
        member = {
          relationship: e[1] as Relationship,
          firstName: '',
          lastName: '',
          middleName: null,
          ssn: null,
          birthDate: '',
          gender: 'U',
          address: null,
        };
        enrollment.members.push(member);
        enrollment.maintenance = e[2] as Maintenance;
        coverage = null;
      } else if (tag === 'REF' && e[0] === '0F') enrollment.subscriberId = e[1];
      else if (tag === 'NM1' && e[0] === 'IL' && member) {
        member.lastName = e[2] ?? '';
        member.firstName = e[3] ?? '';
        member.middleName = e[4] || null;
        member.ssn = e[7] === '34' ? (e[8] ?? null) : null;
      } else if (tag === 'N3' && member)
        member.address = { line1: e[0] ?? '', ...(e[1] ? { line2: e[1] } : {}), city: '', state: '', zip: '' };
      else if (tag === 'N4' && member?.address) Object.assign(member.address, { city: e[0] ?? '', state: e[1] ?? '', zip: e[2] ?? '' });
      else if (tag === 'DMG' && member) {
        member.birthDate = iso(e[1] ?? '');
        member.gender = (e[2] ?? 'U') as Gender;
      } else if (tag === 'HD') {
        coverage = { insuranceLine: e[2] ?? '', coverageLevel: e[4] as CoverageLevel, effectiveDate: '', endDate: null };
        // Every member carries the family's coverages: keep them once, from the subscriber's loop.
        if (enrollment.members.length === 1) enrollment.coverages.push(coverage);
      } else if (tag === 'DTP' && coverage && e[0] === '348') coverage.effectiveDate = iso(e[2] ?? '');
      else if (tag === 'DTP' && coverage && e[0] === '349') coverage.endDate = iso(e[2] ?? '');
    }
    out.enrollments.push(enrollment);
  }
  return out;
}
