import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isIssuedSsn } from '@store/domain/validation';
import { build834 } from '../../src/modules/carriers/x12/build-834.ts';
import { read834 } from '../../src/modules/carriers/x12/read-834.ts';
import { parseX12 } from '../../src/modules/carriers/x12/parse.ts';
import type { Enrollment834, File834, Member834 } from '../../src/modules/carriers/x12/types.ts';

const FAMILY: File834 = {
  sender: { qualifier: 'ZZ', id: 'BENEFITSTORE' },
  receiver: { qualifier: 'ZZ', id: 'CARRIER01' },
  usage: 'T',
  controlNumber: 42,
  at: new Date('2026-11-24T15:30:00Z'),
  reference: '42',
  groupNumber: 'GRP-01-0001',
  sponsor: { name: 'Acme Manufacturing', qualifier: '94', id: 'ACME' },
  payer: { name: 'National Dental Carrier', qualifier: 'FI', id: '410100001' },
  enrollments: [
    {
      subscriberId: '5001',
      maintenance: '021',
      members: [
        {
          relationship: '18',
          firstName: 'Dana',
          lastName: 'Whitfield',
          ssn: '123456789',
          birthDate: '1985-04-12',
          gender: 'F',
          address: { line1: '1 Main Street', city: 'New York', state: 'NY', zip: '10001' },
        },
        { relationship: '01', firstName: 'Sam', lastName: 'Whitfield', ssn: '587654321', birthDate: '1984-02-02', gender: 'M' },
        { relationship: '19', firstName: 'Ava', lastName: 'Whitfield', ssn: '587654322', birthDate: '2012-03-04', gender: 'F' },
      ],
      coverages: [{ insuranceLine: 'DEN', coverageLevel: 'FAM', effectiveDate: '2026-12-01' }],
    },
  ],
};

describe('the 834 of a family enrollment', () => {
  it('reads back segment by segment', () => {
    const text = build834(FAMILY);
    const lines = text.trim().split('\n');
    expect(lines).toEqual([
      'ISA*00*          *00*          *ZZ*BENEFITSTORE   *ZZ*CARRIER01      *261124*1530*^*00501*000000042*1*T*:~',
      'GS*BE*BENEFITSTORE*CARRIER01*20261124*1530*42*X*005010X220A1~',
      'ST*834*0001*005010X220A1~',
      'BGN*00*42*20261124*1530*UT***2~',
      'REF*38*GRP-01-0001~',
      'N1*P5*Acme Manufacturing*94*ACME~',
      'N1*IN*National Dental Carrier*FI*410100001~',
      'INS*Y*18*021*28*A***FT~',
      'REF*0F*5001~',
      'NM1*IL*1*Whitfield*Dana****34*123456789~',
      'N3*1 Main Street~',
      'N4*New York*NY*10001~',
      'DMG*D8*19850412*F~',
      'HD*021**DEN**FAM~',
      'DTP*348*D8*20261201~',
      'INS*N*01*021*28*A~',
      'REF*0F*5001~',
      'NM1*IL*1*Whitfield*Sam****34*587654321~',
      'DMG*D8*19840202*M~',
      'HD*021**DEN**FAM~',
      'DTP*348*D8*20261201~',
      'INS*N*19*021*28*A~',
      'REF*0F*5001~',
      'NM1*IL*1*Whitfield*Ava****34*587654322~',
      'DMG*D8*20120304*F~',
      'HD*021**DEN**FAM~',
      'DTP*348*D8*20261201~',
      'SE*26*0001~',
      'GE*1*42~',
      'IEA*1*000000042~',
    ]);
    const back = read834(text);
    expect(back.enrollments[0].members.map((m) => m.relationship)).toEqual(['18', '01', '19']);
    expect(back.controlNumber).toBe(42);
    expect(back.groupControlNumber).toBe(42);
  });

  it('keeps delimiters out of the values', () => {
    const text = build834({
      ...FAMILY,
      enrollments: [{ ...FAMILY.enrollments[0], members: [{ ...FAMILY.enrollments[0].members[0], lastName: "O'Brien*~:^" }] }],
    });
    expect(text).toContain("NM1*IL*1*O'Brien*Dana****34*123456789~");
    expect(() => parseX12(text)).not.toThrow();
  });
});

const iso = fc
  .date({ min: new Date('1920-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const name = fc.stringMatching(/^[A-Za-z][A-Za-z' -]{0,20}[A-Za-z]$/);
const member = (relationship: Member834['relationship']) =>
  fc.record({
    relationship: fc.constant(relationship),
    firstName: name,
    middleName: fc.option(name, { nil: null }),
    lastName: name,
    ssn: fc.option(fc.stringMatching(/^\d{9}$/), { nil: null }),
    birthDate: iso,
    gender: fc.constantFrom('M' as const, 'F' as const, 'U' as const),
    address: fc.constant(null),
  });
const enrollment: fc.Arbitrary<Enrollment834> = fc.record({
  subscriberId: fc.stringMatching(/^[0-9]{1,9}$/),
  maintenance: fc.constantFrom('021' as const, '024' as const, '001' as const),
  members: fc
    .tuple(member('18'), fc.option(member('01'), { nil: undefined }), fc.array(member('19'), { maxLength: 6 }))
    .map(([s, sp, ch]) => [s, ...(sp ? [sp] : []), ...ch]),
  coverages: fc.array(
    fc.record({
      insuranceLine: fc.constantFrom('DEN', 'VIS', 'HLT', 'PDG', 'LTD'),
      coverageLevel: fc.constantFrom('EMP' as const, 'ESP' as const, 'ECH' as const, 'FAM' as const),
      effectiveDate: iso,
      endDate: fc.option(iso, { nil: null }),
    }),
    { minLength: 1, maxLength: 3 },
  ),
});

describe('any valid enrollment', () => {
  it('gives an 834 that parses and round-trips to the same members, plans and dates', () => {
    fc.assert(
      fc.property(
        fc.array(enrollment, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 1, max: 999_999_999 }),
        (enrollments, controlNumber) => {
          const text = build834({ ...FAMILY, controlNumber, enrollments });
          const back = read834(text);
          expect(back.controlNumber).toBe(controlNumber);
          expect(back.transactionControlNumbers).toHaveLength(enrollments.length);
          const norm = (e: Enrollment834) => ({
            ...e,
            members: e.members.map((m) => ({
              ...m,
              firstName: m.firstName.trim().replace(/\s+/g, ' '),
              lastName: m.lastName.trim().replace(/\s+/g, ' '),
              middleName: m.middleName?.trim().replace(/\s+/g, ' ') || null,
              // An SSN the SSA never issues is not sent (NM108/NM109 left out).
              ssn: m.ssn && isIssuedSsn(m.ssn) ? m.ssn : null,
              address: m.address ?? null,
            })),
            coverages: e.coverages.map((c) => ({ ...c, endDate: c.endDate ?? null })),
          });
          expect(back.enrollments).toEqual(enrollments.map(norm));
        },
      ),
      { numRuns: 150 },
    );
  });
});
