import { isIssuedSsn } from '@store/domain/validation';
import { addressLines, fit, MAX, x12Text } from './text.ts';
import type { Coverage834, Enrollment834, File834, Member834 } from './types.ts';
import { ccyymmdd, hhmm, openInterchange } from './envelope.ts';

export const IMPLEMENTATION_GUIDE = '005010X220A1';

/** A value made safe for an element: the basic and extended character sets only (text.ts), trimmed. */
export const clean = x12Text;
const d8 = (iso: string) => iso.replaceAll('-', '');
/** ST02: the transaction set's control number within its group (0001 …). */
export const transactionControlNumber = (index: number) => String(index + 1).padStart(4, '0');

/** INS04: the maintenance reason (28 initial enrollment, AI no reason given). */
const REASON = { '021': '28', '024': 'AI', '001': 'AI' } as const;

/** Writes the 834 of a file: the envelope counts (SE01, GE01, IEA01) and trailers are the library's. */
export function build834(file: File834): string {
  const { group, render } = openInterchange(file, 'BE', IMPLEMENTATION_GUIDE);
  file.enrollments.forEach((enrollment, i) => {
    const tx = group.addTransaction(['834', transactionControlNumber(i), IMPLEMENTATION_GUIDE]);
    const add = (tag: string, elements: (string | null | undefined)[]) => tx.addSegment(tag, trimTrailing(elements.map(clean)));
    // BGN05 UT: the times of the file are Coordinated Universal Time.
    add('BGN', ['00', fit(clean(file.reference), MAX.BGN02), ccyymmdd(file.at), hhmm(file.at), 'UT', '', '', '2']);
    add('REF', ['38', fit(clean(file.groupNumber), MAX.REF02)]);
    add('N1', ['P5', fit(clean(file.sponsor.name), MAX.N102), file.sponsor.qualifier, fit(clean(file.sponsor.id), MAX.N104)]);
    add('N1', ['IN', fit(clean(file.payer.name), MAX.N102), file.payer.qualifier, fit(clean(file.payer.id), MAX.N104)]);
    // Loop 1000C: the broker (the rep who wrote it), by national producer number (N103 94: assigned by the carrier's side).
    if (enrollment.broker)
      add('N1', ['BO', fit(clean(enrollment.broker.name), MAX.N102), '94', fit(clean(enrollment.broker.npn), MAX.N104)]);
    for (const member of enrollment.members) memberLoop(add, enrollment, member);
  });
  return render();
}

type Add = (tag: string, elements: (string | null | undefined)[]) => unknown;

/**
 * Loop 2000 (INS, REF*0F, DTP*357 of a termination, NM1*IL, N3/N4, DMG) and its 2300 coverages (HD, DTP*348/349). An
 * SSN the Social Security Administration never issues is left out (NM108/NM109), never sent as one.
 */
function memberLoop(add: Add, enrollment: Enrollment834, m: Member834) {
  const subscriber = m.relationship === '18';
  add('INS', [
    subscriber ? 'Y' : 'N',
    m.relationship,
    enrollment.maintenance,
    enrollment.reasonCode ?? REASON[enrollment.maintenance],
    'A',
    '',
    '',
    subscriber ? 'FT' : '',
  ]);
  add('REF', ['0F', fit(clean(enrollment.subscriberId), MAX.REF02)]);
  const end = enrollment.maintenance === '024' ? eligibilityEnd(enrollment) : null;
  if (end) add('DTP', ['357', 'D8', d8(end)]);
  const ssn = m.ssn && isIssuedSsn(m.ssn) ? ['34', m.ssn] : [];
  add('NM1', [
    'IL',
    '1',
    fit(clean(m.lastName), MAX.NM103),
    fit(clean(m.firstName), MAX.NM104),
    fit(clean(m.middleName), MAX.NM105),
    '',
    '',
    ...ssn,
  ]);
  if (subscriber && m.address) {
    add('N3', addressLines(m.address.line1, m.address.line2));
    add('N4', [fit(clean(m.address.city), MAX.N401), m.address.state, fit(clean(m.address.zip), MAX.N403)]);
  }
  add('DMG', ['D8', d8(m.birthDate), m.gender]);
  for (const c of enrollment.coverages) coverageLoop(add, enrollment, c);
}

function coverageLoop(add: Add, enrollment: Enrollment834, c: Coverage834) {
  add('HD', [c.maintenance ?? enrollment.maintenance, '', c.insuranceLine, fit(clean(c.planDescription), MAX.HD04), c.coverageLevel]);
  add('DTP', ['348', 'D8', d8(c.effectiveDate)]);
  if (c.endDate) add('DTP', ['349', 'D8', d8(c.endDate)]);
}

/** DTP*357: the member's eligibility end, or the latest end of the coverages ended. */
function eligibilityEnd(e: Enrollment834): string | null {
  if (e.eligibilityEnd) return e.eligibilityEnd;
  const ends = e.coverages.map((c) => c.endDate).filter((d): d is string => !!d);
  return ends.length ? ends.sort().at(-1)! : null;
}

function trimTrailing(elements: string[]): string[] {
  let n = elements.length;
  while (n > 1 && elements[n - 1] === '') n--;
  return elements.slice(0, n);
}
