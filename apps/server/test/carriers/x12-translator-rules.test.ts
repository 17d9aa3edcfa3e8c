import { describe, expect, it } from 'vitest';
import { build834 } from '../../src/modules/carriers/x12/build-834.ts';
import type { File834, Member834 } from '../../src/modules/carriers/x12/types.ts';
import { readIndependently, translatorProblems, type Seg } from './x12-rules.ts';

/** Issue 39: what a carrier's translator refuses in an 834, read back by x12-parser (not the writer's node-x12). */
const LONG_STREET = '12345 North Martin Luther King Junior Boulevard Extension Building C Suite 1200'; // 79 characters
const LONG_CITY = 'Llanfairpwllgwyngyll Gogerychwyrndrobwll'; // 40

const subscriber: Member834 = {
  relationship: '18',
  firstName: 'Zoë\u0007',
  middleName: 'Ann–Marie 😀',
  lastName: 'Müller–Lüdenscheid',
  ssn: '987654321', // area 987: never issued
  birthDate: '1985-04-12',
  gender: 'F',
  address: { line1: LONG_STREET, city: LONG_CITY, state: 'NY', zip: '10001' },
};
const spouse: Member834 = {
  relationship: '01',
  firstName: 'Sam',
  lastName: 'Whitfield',
  ssn: '587654321',
  birthDate: '1984-02-02',
  gender: 'M',
};

const file = (maintenance: '021' | '001' | '024'): File834 => ({
  sender: { qualifier: 'ZZ', id: 'BENEFITSTORE' },
  receiver: { qualifier: 'ZZ', id: 'CARRIER01' },
  usage: 'T',
  controlNumber: 7,
  at: new Date('2026-11-24T15:30:00Z'),
  reference: '7',
  groupNumber: 'GRP-01-0001',
  sponsor: { name: 'Acme Manufacturing – East', qualifier: '94', id: 'ACME' },
  payer: { name: 'National Dental Carrier', qualifier: 'FI', id: '410100001' },
  enrollments: [
    {
      subscriberId: '5001',
      maintenance,
      members: [subscriber, spouse],
      coverages: [
        { insuranceLine: 'DEN', coverageLevel: 'ESP', effectiveDate: '2026-12-01', endDate: maintenance === '024' ? '2027-01-31' : null },
      ],
    },
  ],
});

const all = (segs: Seg[], name: string, first?: string) => segs.filter((s) => s.name === name && (!first || s.e[1] === first));

describe('every kind of 834 the store writes, read by another reader', () => {
  for (const maintenance of ['021', '001', '024'] as const) {
    it(`${maintenance}: nothing a translator refuses`, async () => {
      const segs = await readIndependently(build834(file(maintenance)));
      expect(translatorProblems(segs)).toEqual([]);
      const [nm1] = all(segs, 'NM1', 'IL');
      // Transliterated, the BEL and the emoji dropped; the SSN never issued is not sent.
      expect(nm1.e.slice(1)).toEqual(['IL', '1', 'Muller-Ludenscheid', 'Zoe', 'Ann-Marie']);
      expect(all(segs, 'NM1', 'IL')[1].e.slice(8)).toEqual(['34', '587654321']);
      // The street goes on into N302, nothing lost; the city is cut at a word within 30.
      const [n3] = all(segs, 'N3');
      expect(n3.e[1].length).toBeLessThanOrEqual(55);
      expect(`${n3.e[1]} ${n3.e[2]}`).toBe(LONG_STREET);
      expect(all(segs, 'N4')[0].e[1]).toBe('Llanfairpwllgwyngyll');
      expect(all(segs, 'BGN')[0].e[5]).toBe('UT');
      expect(all(segs, 'N1', 'IN')[0].e.slice(3)).toEqual(['FI', '410100001']);
      expect(all(segs, 'N1', 'P5')[0].e[2]).toBe('Acme Manufacturing - East');
      const ends = all(segs, 'DTP', '357').map((s) => s.e[3]);
      expect(ends).toEqual(maintenance === '024' ? ['20270131', '20270131'] : []);
    });
  }

  it('the checker itself refuses the deviations issue 39 found (it is not vacuous)', async () => {
    const old = [
      'ISA*00*          *00*          *ZZ*BENEFITSTORE   *ZZ*CARRIER11      *261124*1530*^*00501*000000009*1*T*:~',
      'GS*BE*BENEFITSTORE*CARRIER11*20261124*1530*9*X*005010X220A1~',
      'ST*834*0001*005010X220A1~',
      'BGN*00*9*20261124*1530****2~',
      'N1*IN*National Pet Carrier*FI*CARRIER11~',
      'INS*Y*18*024*AI*A***FT~',
      'REF*0F*5001~',
      'NM1*IL*1*Whitfield–Smith*Dana****34*999999999~',
      `N3*${LONG_STREET}~`,
      `N4*${LONG_CITY}*NY*10001~`,
      'HD*024**PET**EMP~',
      'DTP*348*D8*20261201~',
      'DTP*349*D8*20261130~',
      'SE*12*0001~',
      'GE*1*9~',
      'IEA*1*000000009~',
    ].join('\n');
    const problems = translatorProblems(await readIndependently(old));
    expect(problems).toEqual([
      'NM103 holds a character outside the basic and extended sets: "Whitfield–Smith"',
      `N301 is ${LONG_STREET.length} characters, over its 55`,
      'N401 is 40 characters, over its 30',
      'BGN05 (time zone) is missing: ""',
      "N1*IN*FI's N104 is not a nine-digit federal tax id: CARRIER11",
      'NM109 999999999 is not an SSN the SSA issues',
      'HD03 PET is not an insurance line code of the guide',
      'DTP*349 20261130 is before DTP*348 20261201',
      'A termination (INS03 024) without its DTP*357',
    ]);
  });
});
