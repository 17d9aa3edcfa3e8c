import type { FastifyInstance } from 'fastify';
import { usToIso } from '@store/domain/dates';
import { inEnrollmentTabs, memberSsnContext } from '../../db/sealed-columns.ts';
import { policiesWithCarrier, type CarrierFileItem, type Db } from './repository.ts';
import { COVERAGE_LEVEL, insuranceLineOf, type Enrollment834, type Gender, type Member834 } from './x12/types.ts';

/** A date column as YYYY-MM-DD (PGlite and pg answer dates as text or as Date). */
export const isoDate = (v: unknown): string | null => {
  if (v === null || v === undefined || v === '') return null;
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  const s = String(v);
  return /^\d{4}-\d{2}-\d{2}/.test(s) ? s.slice(0, 10) : usToIso(s);
};
const genderOf = (code: unknown): Gender => (code === '0' ? 'M' : code === '1' ? 'F' : 'U');
const ssnOf = (v: string | null | undefined) => (v && /^\d{9}$/.test(v) ? v : null);

interface StoredDependent {
  primary_info: {
    dependent_id: string;
    relationship: 'spouse' | 'child';
    first_name: string;
    last_name: string;
    middle_name?: string;
    birthdate: string;
    gender: string;
  };
}

/**
 * The 834 content of one queued item: the subscriber (the member the completion created or chose) and the dependents
 * kept on the enrollment, each SSN opened from where it is sealed; the coverages of the carrier's plans.
 */
export async function enrollment834(app: FastifyInstance, db: Db, item: CarrierFileItem): Promise<Enrollment834> {
  const e = await db
    .selectFrom('enrollments')
    .select(['id', 'user_id', 'tabs', 'effective_date', 'completed_at'])
    .where('id', '=', item.enrollment_id)
    .executeTakeFirstOrThrow();
  const m = e.user_id === null ? undefined : await db.selectFrom('members').selectAll().where('user_id', '=', e.user_id).executeTakeFirst();
  const members: Member834[] = [];
  if (m) {
    let ssn: string | null;
    try {
      ssn = m.ssn_enc ? app.sealer.open(m.ssn_enc, memberSsnContext(m.user_id)) : null;
    } catch {
      ssn = null;
    }
    members.push({
      relationship: '18',
      firstName: m.first_name,
      middleName: m.middle_name,
      lastName: m.last_name,
      ssn: ssnOf(ssn),
      birthDate: isoDate(m.dob) ?? '1900-01-01',
      gender: genderOf(m.gender),
      address: m.address1 ? { line1: m.address1, city: m.city ?? '', state: m.state ?? '', zip: m.zip ?? '' } : null,
    });
  }
  const tabs = (typeof e.tabs === 'string' ? JSON.parse(e.tabs) : e.tabs) as Record<
    string,
    { dependents?: StoredDependent[]; _sealed?: string } | undefined
  >;
  const tab = tabs?.dependent_info;
  let secrets: Record<string, { ssn?: string }> = {};
  try {
    if (tab?._sealed) secrets = app.sealer.openJson(tab._sealed, inEnrollmentTabs(e.id));
  } catch {
    secrets = {};
  }
  for (const d of tab?.dependents ?? []) {
    const p = d.primary_info;
    members.push({
      relationship: p.relationship === 'spouse' ? '01' : '19',
      firstName: p.first_name,
      middleName: p.middle_name || null,
      lastName: p.last_name,
      ssn: ssnOf(secrets[p.dependent_id]?.ssn),
      birthDate: isoDate(p.birthdate) ?? '1900-01-01',
      gender: genderOf(p.gender),
    });
  }
  const fallbackDate = isoDate(e.effective_date) ?? isoDate(e.completed_at) ?? new Date().toISOString().slice(0, 10);
  const coverages = (await policiesWithCarrier(db, e.id, item.carrier_id)).map((p) => ({
    insuranceLine: insuranceLineOf(p.category),
    coverageLevel: COVERAGE_LEVEL[p.tier] ?? 'EMP',
    effectiveDate: isoDate(p.effective_date) ?? fallbackDate,
    endDate: item.maintenance === '024' ? (isoDate(item.effective_date) ?? fallbackDate) : null,
  }));
  return { subscriberId: String(e.user_id ?? e.id), maintenance: item.maintenance, members, coverages };
}
