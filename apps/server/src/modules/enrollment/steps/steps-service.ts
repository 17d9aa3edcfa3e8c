import type { Actor } from '../../../lib/actor.ts';
import type { Deps } from '../../../lib/deps.ts';
import type { z } from 'zod';
import type { TFieldDef } from '@store/domain/enrollment';
import type { ZPersonalInfoForm } from '@store/domain/enrollment-personal';
import type { ZContactInfoForm } from '@store/domain/enrollment-contact';
import type { ZEmployerInfoForm } from '@store/domain/enrollment-employer';
import type { TBeneficiary, ZBeneficiary } from '@store/domain/enrollment-beneficiaries';
import type { TGroupInfo } from '@store/domain/contract/enrollment';
import type { Enrollment } from '../../../db/schema.ts';
import { loadForStep } from '../loader.ts';
import { fieldDefs } from './field-defs.ts';
import { filterOf, readTab } from '../service.ts';
import { findGroup, setEnrollerCode } from '../repository.ts';
import {
  groupIdOf,
  needsEnrollerCode,
  offersEnrollerCode,
  saveBeneficiaries,
  saveContactInfo,
  saveEmployerInfo,
  savePersonalInfo,
  visible,
} from './step-savers.ts';
import { recordEvent } from '../../trail/index.ts';
import { recordQuoteMade } from '../../cart/index.ts';

/**
 * The use cases of the steps of part one: each loads the caller's enrollment and owns its transaction; the rules of
 * a step's save are step-savers.ts (shared with Save & Continue Later).
 */
type Spec = [string, boolean, boolean?][];

const PERSONAL_FIELDS: Spec = [
  ['first_name', true],
  ['middle_name', false],
  ['last_name', true],
  ['weight', true],
  ['height_feet', true],
  ['height_inch', true],
  ['gender', true, true],
  ['marital_status', true],
  ['ssn', true],
  ['birthdate', true, true],
  ['ethnic_category', false],
  ['ethnic_category_other_type', false],
  ['prior_coverage_flag', false],
  ['prior_carrier_name', false],
  ['prior_effective_date', false],
  ['prior_term_date', false],
];
const CONTACT_FIELDS: Spec = [
  ['email_address', true],
  ['phone_number', true],
  ['address1', true],
  ['address2', false],
  ['city', true],
  ['zip', true],
  ['state', true],
  ['birth_state', true],
  ['birth_city', true],
  ['with_validation', true],
];
const EMPLOYER_FIELDS: Spec = [
  ['name', true],
  ['phone', true],
  ['address1', true],
  ['address2', false],
  ['city', true],
  ['zip', true],
  ['state', true],
  ['with_validation', true],
  ['average_work_week', true],
  ['employment_start_date', true],
  ['occupation', true],
  ['compensation_type', true],
  ['employment_status', true],
  ['emp_industry', true],
  ['emp_num_employed', true],
  ['emp_vac_policy', true],
  ['emp_barg_unit', true],
  ['holiday_policy', true],
];
const BENEFICIARY_FIELDS: Spec = [
  ['first_name', true],
  ['middle_name', false],
  ['last_name', true],
  ['birthdate', true],
  ['ssn', true],
  ['relationship', true],
  ['beneficiary_percentage', true],
];

// ---- personal -------------------------------------------------------------------------------------

export function personalFieldDefs(e: Enrollment): TFieldDef[] {
  const filter = filterOf(e);
  const saved = visible(readTab(e, 'primary_info')) ?? {};
  const values = { ...saved, gender: filter.gender || String(saved.gender ?? ''), birthdate: filter.dob || String(saved.birthdate ?? '') };
  const defs = fieldDefs(PERSONAL_FIELDS, values);
  // The enroller-code entry: offered to reps and groups 2556/2512, required for those groups.
  if (offersEnrollerCode(e))
    defs.push({ field_name: 'enroller_code', required: needsEnrollerCode(e), read_only: false, value: e.enroller_code ?? '' });
  return defs;
}

/**
 * In one transaction: the enrollment's loader (the row locked, refused once closed, the earlier steps checked) as every
 * step's save does, the trail's event and writeTab, which replaces only this step's key in one UPDATE.
 */
export async function savePersonalStep(deps: Deps, actor: Actor, enrollmentId: string, input: z.output<typeof ZPersonalInfoForm>) {
  const saved = await deps.db.transaction().execute(async (trx) => {
    const e = await loadForStep(actor, trx, enrollmentId, 'primary_info');
    await recordQuoteMade(trx, e, actor);
    await recordEvent(trx, e.id, 'step_saved', { step: 'primary_info' }, actor);
    return savePersonalInfo(deps, trx, e, input);
  });
  return visible(saved) ?? {};
}

export async function saveEnrollerCodeStep(deps: Deps, actor: Actor, enrollmentId: string, enrollerCode: string) {
  const code = enrollerCode.toUpperCase();
  await deps.db.transaction().execute(async (trx) => {
    const e = await loadForStep(actor, trx, enrollmentId, null);
    await setEnrollerCode(trx, e.id, code);
  });
  return code;
}

// ---- contact --------------------------------------------------------------------------------------

/** Nothing saved yet: the address starts from the quote (its zip, the zip's city, the quote's state). */
export function contactFieldDefs(deps: Deps, e: Enrollment): TFieldDef[] {
  const fromQuote = () => {
    const zip = filterOf(e).zip;
    const hit = deps.zips.lookup(zip);
    return hit ? { zip, city: hit.city, state: filterOf(e).state || hit.state } : null;
  };
  return fieldDefs(CONTACT_FIELDS, readTab(e, 'contact_info') ?? fromQuote());
}

export async function saveContactStep(deps: Deps, actor: Actor, enrollmentId: string, input: z.output<typeof ZContactInfoForm>) {
  return deps.db.transaction().execute(async (trx) => {
    const e = await loadForStep(actor, trx, enrollmentId, 'contact_info');
    await recordEvent(trx, e.id, 'step_saved', { step: 'contact_info' }, actor);
    return saveContactInfo(deps, trx, e, input);
  });
}

// ---- employer -------------------------------------------------------------------------------------

export const employerFieldDefs = (e: Enrollment) => fieldDefs(EMPLOYER_FIELDS, readTab(e, 'employer_info'));

export async function groupInfo(deps: Deps, e: Enrollment): Promise<TGroupInfo> {
  const gid = groupIdOf(e);
  const g = gid ? await findGroup(deps.db, gid) : undefined;
  return {
    general_info: { group_name: g?.gname ?? '', group_phone: g?.phone ?? '' },
    address_information: { address1: g?.address1 ?? '', city: g?.city ?? '', state: g?.state ?? '', zip: g?.zip ?? '' },
  };
}

export async function saveEmployerStep(deps: Deps, actor: Actor, enrollmentId: string, input: z.output<typeof ZEmployerInfoForm>) {
  return deps.db.transaction().execute(async (trx) => {
    const e = await loadForStep(actor, trx, enrollmentId, 'employer_info');
    await recordEvent(trx, e.id, 'step_saved', { step: 'employer_info' }, actor);
    return saveEmployerInfo(deps, trx, e, input);
  });
}

// ---- beneficiaries ----------------------------------------------------------------------------------

export const beneficiaryFieldDefs = () => fieldDefs(BENEFICIARY_FIELDS, null);

/** The saved beneficiaries as the step shows them again (masked SSN, `dob` beside `birthdate`). */
export function savedBeneficiaries(e: Enrollment) {
  const saved = visible(readTab<{ beneficiaries?: (TBeneficiary & { beneficiary_id: string })[] }>(e, 'benificiary_info'));
  return (saved?.beneficiaries ?? []).map((b) => ({ ...b, dob: b.birthdate }));
}

export async function saveBeneficiaryStep(deps: Deps, actor: Actor, enrollmentId: string, list: z.output<typeof ZBeneficiary>[]) {
  const saved = await deps.db.transaction().execute(async (trx) => {
    const e = await loadForStep(actor, trx, enrollmentId, 'beneficiary_info');
    await recordEvent(trx, e.id, 'step_saved', { step: 'benificiary_info' }, actor);
    return saveBeneficiaries(deps, trx, e, list);
  });
  return saved.beneficiaries;
}
