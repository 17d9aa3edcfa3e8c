/**
 * The 834 (005010X220A1) as the store fills it: one interchange (ISA/IEA) holding one functional group (GS*BE/GE) with
 * one transaction set (ST*834/SE) per enrollment, so a 999's AK2 names the enrollment it concerns.
 */
export type Relationship = '18' | '01' | '19';
export type Maintenance = '021' | '024' | '001';
export type CoverageLevel = 'EMP' | 'ESP' | 'ECH' | 'FAM';
export type Gender = 'M' | 'F' | 'U';

export interface Party {
  qualifier: string;
  id: string;
}

export interface Member834 {
  relationship: Relationship;
  firstName: string;
  middleName?: string | null;
  lastName: string;
  /** Nine digits, or null when the store holds none (NM108/NM109 are then left out). */
  ssn: string | null;
  /** YYYY-MM-DD */
  birthDate: string;
  gender: Gender;
  /** The subscriber's address (N3/N4). */
  address?: { line1: string; line2?: string; city: string; state: string; zip: string } | null;
}

export interface Coverage834 {
  /** HD03 insurance line code (DEN, VIS, HLT …). */
  insuranceLine: string;
  coverageLevel: CoverageLevel;
  /** YYYY-MM-DD: DTP*348 benefit begin. */
  effectiveDate: string;
  /** YYYY-MM-DD: DTP*349 benefit end (cancellations). */
  endDate?: string | null;
  /** HD01 when it is not the transaction's INS03 (a renewal's change of plan: the old plan 024, the new one 021). */
  maintenance?: Maintenance;
  /** HD04, the plan coverage description: names the plans of a change of plan, where two HDs share a line. */
  planDescription?: string | null;
}

export interface Enrollment834 {
  /** REF*0F: the subscriber identifier, the same on every member of the family. */
  subscriberId: string;
  maintenance: Maintenance;
  /** YYYY-MM-DD: DTP*357 eligibility end of a termination (024); the latest coverage end when not given. */
  eligibilityEnd?: string | null;
  /** INS04, when the change has a reason of its own (14: the member's voluntary withdrawal); else by maintenance type. */
  reasonCode?: string;
  members: Member834[];
  coverages: Coverage834[];
  /** Loop 1000C N1*BO: the rep who wrote the enrollment and their national producer number. */
  broker?: { name: string; npn: string } | null;
}

export interface File834 {
  sender: Party;
  receiver: Party;
  usage: 'T' | 'P';
  /** ISA13 and GS06 (1 … 999999999). */
  controlNumber: number;
  at: Date;
  /** BGN02: the file's reference. */
  reference: string;
  /** REF*38: the master policy (group) number we hold with the carrier. */
  groupNumber: string;
  /** N1*P5: the plan sponsor (N103 qualifier, N104 id). */
  sponsor: { name: string } & Party;
  /** N1*IN: the payer, the carrier. */
  payer: { name: string } & Party;
  enrollments: Enrollment834[];
}

/** The coverage level of a store tier (packages/domain codes TIERS). */
export const COVERAGE_LEVEL: Record<string, CoverageLevel> = { IO: 'EMP', IS: 'ESP', IC: 'ECH', IC3: 'ECH', IF: 'FAM' };

/**
 * HD03 insurance line code of each plan category (005010X220A1 code list: DEN, VIS, HLT, PDG, LTD …). Pet insurance has
 * none and is not sent in an 834 (nor is the association membership, a plan whose rules say membership): null.
 * Life, disability-income and the supplemental health lines (critical illness, accident, hospital) have no closer
 * code in the guide than HLT and LTD; a carrier's companion guide asking for another is a setting not yet built.
 */
export const INSURANCE_LINE: Record<string, string | null> = {
  dental: 'DEN',
  vision: 'VIS',
  medical: 'HLT',
  limitedmed: 'HLT',
  rx: 'PDG',
  di: 'LTD',
  term_life: 'HLT',
  lifestyle: 'HLT',
  supplemental: 'HLT',
  critical: 'HLT',
  accident: 'HLT',
  hospital: 'HLT',
  guaranteed: 'HLT',
  pet: null,
};
/** Categories that are never sent in an 834. */
export const NOT_IN_834 = Object.entries(INSURANCE_LINE)
  .filter(([, line]) => line === null)
  .map(([category]) => category);
export const insuranceLineOf = (category: string) => INSURANCE_LINE[category] ?? 'HLT';
