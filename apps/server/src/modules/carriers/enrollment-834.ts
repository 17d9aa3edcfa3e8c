import { addDaysIso, usToIso } from '@store/domain/dates';
import { inEnrollmentTabs, memberSsnContext } from '../../db/sealed-columns.ts';
import * as repo from './repository.ts';
import { producerFor834 } from '../rep-licensing/index.ts';
import { COVERAGE_LEVEL, insuranceLineOf, type Coverage834, type Enrollment834, type Gender, type Member834 } from './x12/types.ts';
import type { CarrierDeps } from './carrier-deps.ts';

/** The member's own cancellation of a plan from the home (issue 38): its item's reason, INS04 14 (voluntary withdrawal). */
export const MEMBER_CANCEL_REASON = 'member-cancel';
/** The reason of a termination for unpaid premium after the grace period (issue 36). */
export const NONPAYMENT_REASON = 'nonpayment';
/**
 * INS04 of the store's own reasons (14 voluntary withdrawal, 59 nonpayment); any other reason leaves the writer's code
 * for the maintenance type.
 */
/**
 * A life event's change (issue 38, decision 2550): its item's reason names the event; INS04 is the guide's code of it
 * (32 marriage, 02 birth, 01 divorce, 03 death, 43 change of location; a loss of other coverage has none: AI).
 */
export const lifeEventReason = (eventType: string) => `life-event:${eventType}`;
const LIFE_EVENT_INS04: Record<string, string> = {
  marriage: '32',
  birth_adoption: '02',
  divorce: '01',
  dependent_death: '03',
  move: '43',
  loss_of_coverage: 'AI',
};
/** A renewal's change (decision 2660): a plan changed for its replacement (22), a coverage ended at renewal (07). */
export const RENEWAL_PLAN_CHANGE_REASON = 'renewal-plan-change';
export const RENEWAL_END_REASON = 'renewal-end';
const INS04_OF_REASON: Record<string, string> = {
  [MEMBER_CANCEL_REASON]: '14',
  [RENEWAL_PLAN_CHANGE_REASON]: '22',
  [RENEWAL_END_REASON]: '07',
  [NONPAYMENT_REASON]: '59',
  ...Object.fromEntries(Object.entries(LIFE_EVENT_INS04).map(([t, code]) => [lifeEventReason(t), code])),
};
/** `carrier_file_items.dependent_id` of an item about the subscriber alone (a life event's new coverage level). */
export const SUBSCRIBER_ONLY = 'subscriber';

/** A date column as YYYY-MM-DD (PGlite and pg answer dates as text or as Date). */
export const isoDate = (v: unknown): string | null => {
  if (v === null || v === undefined || v === '') return null;
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  const s = String(v);
  return /^\d{4}-\d{2}-\d{2}/.test(s) ? s.slice(0, 10) : usToIso(s);
};
export const genderOf = (code: unknown): Gender => (code === '0' ? 'M' : code === '1' ? 'F' : 'U');

/**
 * An 834 that cannot be built as it must be (an SSN that is stored and does not open): the file is marked errored and
 * nothing is sent; a blank SSN is never sent in place of one the store holds.
 */
export class CarrierFileProblem extends Error {
  constructor(
    message: string,
    readonly code = 'SSN',
  ) {
    super(message);
    this.name = 'CarrierFileProblem';
  }
}

/** A stored SSN opened and checked: nine digits, or a CarrierFileProblem (who it belongs to in words, never the value). */
function openSsn(open: () => string | undefined, whose: string): string | null {
  let value: string | undefined;
  try {
    value = open();
  } catch {
    throw new CarrierFileProblem(`The SSN of ${whose} could not be opened; the file was not sent.`);
  }
  if (value === undefined || value === '') return null;
  if (!/^\d{9}$/.test(value)) throw new CarrierFileProblem(`The SSN of ${whose} is not nine digits; the file was not sent.`);
  return value;
}

export interface StoredDependent {
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
/** The dependent_info tab: the dependents, those a life event removed (kept for their 834), and the sealed SSNs. */
type Tabs = Record<string, { dependents?: StoredDependent[]; removed?: StoredDependent[]; _sealed?: string } | undefined>;
export type Enrollment834Row = Awaited<ReturnType<typeof repo.enrollmentFor834>>;

/** The subscriber (INS01 Y, 18): the member of the enrollment's account, SSN opened, address for N3/N4. */
export async function subscriberOf(deps: CarrierDeps, db: repo.Db, e: Enrollment834Row): Promise<Member834 | null> {
  const m = e.user_id === null ? undefined : await repo.memberOfUser(db, e.user_id);
  if (!m) return null;
  const ssn = m.ssn_enc ? openSsn(() => deps.sealer.open(m.ssn_enc!, memberSsnContext(m.user_id)), 'the subscriber') : null;
  return {
    relationship: '18',
    firstName: m.first_name,
    middleName: m.middle_name,
    lastName: m.last_name,
    ssn,
    birthDate: isoDate(m.dob) ?? '1900-01-01',
    gender: genderOf(m.gender),
    address: m.address1
      ? { line1: m.address1, ...(m.address2 ? { line2: m.address2 } : {}), city: m.city ?? '', state: m.state ?? '', zip: m.zip ?? '' }
      : null,
  };
}

/** The dependents kept on the enrollment (spouse 01, child 19), each SSN opened from the step's sealed part. */
export function dependentsOf(deps: CarrierDeps, e: Enrollment834Row, only: string | null = null): Member834[] {
  const tabs = (typeof e.tabs === 'string' ? JSON.parse(e.tabs) : e.tabs) as Tabs | null;
  const tab = tabs?.dependent_info;
  let secrets: Record<string, { ssn?: string }> = {};
  if (tab?._sealed) {
    try {
      secrets = deps.sealer.openJson(tab._sealed, inEnrollmentTabs(e.id));
    } catch {
      throw new CarrierFileProblem("The dependents' SSNs could not be opened; the file was not sent.");
    }
  }
  // An item about one dependent (a life event's addition or removal) names that one, removed or not.
  const list =
    only === null
      ? (tab?.dependents ?? [])
      : [...(tab?.dependents ?? []), ...(tab?.removed ?? [])].filter((d) => d.primary_info.dependent_id === only);
  return list.map((d) => {
    const p = d.primary_info;
    return {
      relationship: p.relationship === 'spouse' ? '01' : '19',
      firstName: p.first_name,
      middleName: p.middle_name || null,
      lastName: p.last_name,
      ssn: openSsn(() => secrets[p.dependent_id]?.ssn, `the dependent ${p.first_name}`),
      birthDate: isoDate(p.birthdate) ?? '1900-01-01',
      gender: genderOf(p.gender),
    };
  });
}

/** The coverages (HD, DTP*348, and DTP*349 for a cancellation) of the enrollment's plans with this carrier. */
/** DTP*348: the policy's effective date, else the enrollment's, else the day it was completed. */
export const coverageStart = (policyDate: unknown, e: { effective_date: unknown; completed_at: unknown }) =>
  isoDate(policyDate) ?? isoDate(e.effective_date) ?? isoDate(e.completed_at) ?? new Date().toISOString().slice(0, 10);

export async function coveragesOf(db: repo.Db, e: Enrollment834Row, item: repo.CarrierFileItem): Promise<Coverage834[]> {
  const fallbackDate = coverageStart(null, e);
  if (item.replaced_plan_id) return planMoveCoverages(db, e, item, fallbackDate);
  return (await repo.policiesWithCarrier(db, e.id, item.carrier_id, item.plan_id)).map((p) => ({
    insuranceLine: insuranceLineOf(p.category),
    coverageLevel: COVERAGE_LEVEL[p.tier] ?? 'EMP',
    // A dependent's addition (a life event) starts on the event's effective date.
    effectiveDate:
      (item.dependent_id && item.maintenance === '021' ? isoDate(item.effective_date) : null) ?? isoDate(p.effective_date) ?? fallbackDate,
    endDate: item.maintenance === '024' ? (isoDate(item.effective_date) ?? fallbackDate) : null,
  }));
}

/**
 * A renewal's change of plan at one carrier (decision 2660): one 001 transaction set whose HD loops say it, the old
 * plan's coverage ended (HD01 024, DTP*349 the day before the renewal date) and the replacement's added (HD01 021,
 * DTP*348 the renewal date), each named in HD04 (two HDs of the same insurance line are told apart by the plan).
 */
async function planMoveCoverages(db: repo.Db, e: Enrollment834Row, item: repo.CarrierFileItem, fallbackDate: string) {
  const startsOn = isoDate(item.effective_date) ?? fallbackDate;
  const endsOn = addDaysIso(startsOn, -1);
  const old = await repo.policiesWithCarrier(db, e.id, item.carrier_id, item.replaced_plan_id);
  const added = await repo.policiesWithCarrier(db, e.id, item.carrier_id, item.plan_id);
  const hd = (p: (typeof old)[number]) => ({
    insuranceLine: insuranceLineOf(p.category),
    coverageLevel: COVERAGE_LEVEL[p.tier] ?? 'EMP',
    planDescription: p.plan_name,
  });
  return [
    ...old.map((p) => ({
      ...hd(p),
      maintenance: '024' as const,
      effectiveDate: isoDate(p.effective_date) ?? fallbackDate,
      endDate: endsOn,
    })),
    ...added.map((p) => ({ ...hd(p), maintenance: '021' as const, effectiveDate: startsOn, endDate: null })),
  ];
}

/**
 * The 834 content of one queued item: the subscriber and the dependents kept on the enrollment, and the coverages of
 * the carrier's plans. Throws CarrierFileProblem when a stored SSN does not open.
 */
export async function enrollment834(deps: CarrierDeps, db: repo.Db, item: repo.CarrierFileItem): Promise<Enrollment834> {
  const e = await repo.enrollmentFor834(db, item.enrollment_id);
  const subscriber = await subscriberOf(deps, db, e);
  const one = item.dependent_id ?? null;
  const members =
    one === null
      ? [...(subscriber ? [subscriber] : []), ...dependentsOf(deps, e)]
      : one === SUBSCRIBER_ONLY
        ? subscriber
          ? [subscriber]
          : []
        : dependentsOf(deps, e, one);
  const coverages = await coveragesOf(db, e, item);
  // DTP*357: a termination names the member's last day of eligibility (the cancellation's date).
  const eligibilityEnd = item.maintenance === '024' ? (coverages.find((c) => c.endDate)?.endDate ?? null) : null;
  const broker = await producerFor834(db, e.agent_id ?? null);
  return {
    subscriberId: String(e.user_id ?? e.id),
    maintenance: item.maintenance,
    ...(item.reason && INS04_OF_REASON[item.reason] ? { reasonCode: INS04_OF_REASON[item.reason] } : {}),
    eligibilityEnd,
    members,
    coverages,
    broker,
  };
}
