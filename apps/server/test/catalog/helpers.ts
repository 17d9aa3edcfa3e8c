import type { TestClient } from '../helpers/client.ts';

export const PID = {
  dentalEssentials: 101,
  dentalEssentials2024: 104,
  premierDentalL713: 105,
  visionClear: 201,
  visionSelect: 202,
  visionLegacy: 203,
  medicalBridgeTx: 301,
  termLife100k: 401,
  limitedMedMetro: 501,
  associationMembership: 702,
  supplementalCare: 801,
  incomeProtectDi: 901,
  criticalIllnessGuard: 1001,
  accidentShield: 1101,
  hospitalSeniorIndemnity: 1201,
  guaranteedIssueLife: 1401,
} as const;

/** mm/dd/yyyy of someone `age` years old (birthday in January). */
export const dobForAge = (age: number) => `01/02/${new Date().getFullYear() - age}`;

/** A visitor's quote filter; returns its temp enrollment id. */
export async function newQuote(
  c: TestClient,
  fields: Partial<{ zip: string; dob: string; gender: string; tier: string; platform_group_id: number; eprocess: string }> = {},
) {
  const r = await c.post('/api/v1/add-filter-for-new-user', {
    zip: '10001',
    dob: dobForAge(35),
    gender: '0',
    tier: 'IO',
    eprocess: 'applicant',
    ...fields,
  });
  if (r.status !== 200) throw new Error(`filter failed ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data.temp_enrollment_id as string;
}

export async function pricing(c: TestClient, tempId: string, pid: number) {
  return c.get('/api/v1/get-plan-pricing-detail', { pid, enrollment_id: tempId });
}
