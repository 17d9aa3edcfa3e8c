import crypto from 'node:crypto';
import { z } from 'zod';
import { ENROLLER_CODE_GROUPS, type TabName } from '@store/domain/codes';
import { TEXT } from '@store/domain/texts';
import { maskLast4, toFieldErrors } from '@store/domain/validation';
import { isMaskedSsn } from '@store/domain/enrollment-fields';
import { ZPersonalInfoForm } from '@store/domain/enrollment-personal';
import { ZContactInfoForm } from '@store/domain/enrollment-contact';
import { ZEmployerInfoForm } from '@store/domain/enrollment-employer';
import { ZBeneficiary, beneficiaryListProblem } from '@store/domain/enrollment-beneficiaries';
import type { Enrollment } from '../../../db/schema.ts';
import { HttpError, fieldError, fieldErrors } from '../../../lib/errors.ts';
import { assertEarlierStepsSaved, filterOf, readTab } from '../service.ts';
import { unsealSsn } from '../../../lib/sealed-tabs.ts';
import { memberWithEmail, memberWithPhone, writeTab, type Db } from '../repository.ts';
import { inEnrollmentTabs } from '../../../db/sealed-columns.ts';
import type { Deps } from '../../../lib/deps.ts';

/**
 * Saving the steps of part one, on an enrollment its caller loaded (the step's save: loader.ts, which checks the
 * earlier steps; Save & Continue Later; the member home's audited change of beneficiaries). Sensitive values are sealed under `_sealed` of the tab (never shown); the
 * visible copy holds the masked value. A masked SSN sent back unchanged keeps the stored one.
 */
type Sealed = { _sealed?: Record<string, unknown> };

export function parseOr422<S extends z.ZodTypeAny>(schema: S, data: unknown): z.output<S> {
  const r = schema.safeParse(data);
  if (!r.success) throw fieldErrors(toFieldErrors(r.error.issues));
  return r.data;
}

/** The stored SSN when `ssn` is its mask; the new SSN when it is 9 digits. */
function resolveSsn(deps: Pick<Deps, 'sealer'>, e: Enrollment, ssn: string, storedSealed: unknown, target: string): string {
  if (!isMaskedSsn(ssn)) return ssn;
  const stored = unsealSsn(deps, e.id, storedSealed);
  if (!stored || maskLast4(stored).toLowerCase() !== ssn.toLowerCase()) throw fieldError(target, TEXT.INVALID_SSN);
  return stored;
}

export const groupIdOf = (e: Enrollment): number | null => {
  const g = e.group_id ?? filterOf(e).group_id;
  return g && Number.isFinite(g) ? g : null;
};
export const needsEnrollerCode = (e: Enrollment) => (ENROLLER_CODE_GROUPS as readonly number[]).includes(groupIdOf(e) ?? -1);
export const offersEnrollerCode = (e: Enrollment) => e.eprocess === 'rep' || needsEnrollerCode(e);

// ---- personal ---------------------------------------------------------------------------------------

export async function savePersonalInfo(deps: Deps, trx: Db, e: Enrollment, input: z.output<typeof ZPersonalInfoForm>) {
  if (needsEnrollerCode(e) && !e.enroller_code) throw fieldError('enrollerCode', TEXT.ENROLLER_CODE_REQUIRED);
  const stored = readTab<Sealed>(e, 'primary_info');
  const ssn = resolveSsn(deps, e, input.ssn, stored?._sealed?.ssn, 'ssn');
  const filter = filterOf(e);
  const value = {
    ...input,
    ethnic_category_other_type: input.ethnic_category === '12' ? input.ethnic_category_other_type : '',
    prior_carrier_name: input.prior_coverage_flag === '1' ? input.prior_carrier_name : '',
    prior_effective_date: input.prior_coverage_flag === '1' ? input.prior_effective_date : '',
    prior_term_date: input.prior_coverage_flag === '1' ? input.prior_term_date : '',
    // read-only: from the quote filter, whatever the form sent
    gender: filter.gender || String(input.gender ?? ''),
    birthdate: filter.dob || String(input.birthdate ?? ''),
    ssn: maskLast4(ssn),
    _sealed: { ssn: deps.sealer.seal(ssn, inEnrollmentTabs(e.id)) },
  };
  await writeTab(trx, e.id, 'primary_info', value);
  return value;
}

// ---- contact ---------------------------------------------------------------------------------------

export async function contactDuplicates(db: Db, e: Pick<Enrollment, 'user_id'> | null, email: string | null, phone: string | null) {
  const errors: { target_element: string; error_message: string }[] = [];
  if (email && (await memberWithEmail(db, email, e?.user_id ?? null)))
    errors.push({ target_element: 'email_address', error_message: TEXT.EMAIL_ALREADY_EXISTS });
  if (phone && (await memberWithPhone(db, phone, e?.user_id ?? null)))
    errors.push({ target_element: 'phone_number', error_message: TEXT.PHONE_ALREADY_EXISTS });
  return errors;
}

function checkAddress(deps: Deps, a: { zip: string; city: string; state: string; with_validation: number }) {
  const hit = deps.zips.lookup(a.zip);
  if (!hit) throw fieldError('zip', TEXT.INVALID_ZIP);
  if (hit.state !== a.state) throw fieldError('state', 'State does not match the zip code');
  if (a.with_validation === 1 && !deps.zips.validateAddress(a))
    throw fieldError('city', 'Address could not be validated: check zip, city and state');
}

export async function saveContactInfo(deps: Deps, trx: Db, e: Enrollment, input: z.output<typeof ZContactInfoForm>) {
  checkAddress(deps, input);
  const dups = await contactDuplicates(trx, e, input.email_address, input.phone_number);
  if (dups.length) throw fieldErrors(dups);
  const value = { ...input, email_address: input.email_address.toLowerCase() };
  await writeTab(trx, e.id, 'contact_info', value);
  return value;
}

// ---- employer -------------------------------------------------------------------------------------

export async function saveEmployerInfo(deps: Deps, trx: Db, e: Enrollment, input: z.output<typeof ZEmployerInfoForm>) {
  checkAddress(deps, input);
  const holiday_policy = Object.fromEntries(Object.entries(input.holiday_policy).map(([k, v]) => [k, v ? 1 : 0]));
  const value = { ...input, holiday_policy };
  await writeTab(trx, e.id, 'employer_info', value);
  return value;
}

// ---- beneficiaries ---------------------------------------------------------------------------------

type StoredBeneficiaries = {
  beneficiaries?: (z.output<typeof ZBeneficiary> & { beneficiary_id: string })[];
  _sealed?: { ssn?: Record<string, string> };
};

export async function saveBeneficiaries(deps: Pick<Deps, 'sealer'>, trx: Db, e: Enrollment, list: z.output<typeof ZBeneficiary>[]) {
  const problem = beneficiaryListProblem(list);
  if (problem) throw fieldError('beneficiaries', problem);
  const stored = readTab<StoredBeneficiaries>(e, 'benificiary_info');
  const sealedSsn: Record<string, string> = {};
  const beneficiaries = list.map((b, i) => {
    const id = b.beneficiary_id && stored?._sealed?.ssn?.[b.beneficiary_id] ? b.beneficiary_id : crypto.randomUUID();
    const ssn = resolveSsn(deps, e, b.ssn, stored?._sealed?.ssn?.[b.beneficiary_id], `beneficiaries.${i}.ssn`);
    sealedSsn[id] = deps.sealer.seal(ssn, inEnrollmentTabs(e.id));
    return { ...b, beneficiary_id: id, ssn: maskLast4(ssn) };
  });
  const value = { beneficiaries, _sealed: { ssn: sealedSsn } };
  await writeTab(trx, e.id, 'benificiary_info', value);
  return value;
}

/** The steps whose data Save & Continue Later may carry, by saved-tab key. */
const PART_ONE_STEP: Record<string, TabName | undefined> = {
  primary_info: 'primary_info',
  contact_info: 'contact_info',
  employer_info: 'employer_info',
  benificiary_info: 'beneficiary_info',
};

/** Save & Continue Later may carry the step's data: saved with the same rules as the step's own save. */
export async function saveStepData(deps: Deps, trx: Db, e: Enrollment, tab: string, data: unknown) {
  const step = PART_ONE_STEP[tab];
  if (step) await assertEarlierStepsSaved(trx, e, step);
  switch (tab) {
    case 'primary_info':
      return savePersonalInfo(deps, trx, e, parseOr422(ZPersonalInfoForm, data));
    case 'contact_info':
      return saveContactInfo(deps, trx, e, parseOr422(ZContactInfoForm, data));
    case 'employer_info':
      return saveEmployerInfo(deps, trx, e, parseOr422(ZEmployerInfoForm, data));
    case 'benificiary_info': {
      const list = parseOr422(z.object({ beneficiaries: z.array(ZBeneficiary).max(10) }), data).beneficiaries;
      return saveBeneficiaries(deps, trx, e, list);
    }
    default:
      // The steps of part two save through their own calls before opening the modal.
      return null;
  }
}

/** The visible copy of a tab (without `_sealed`). */
export function visible<T extends Record<string, unknown>>(tab: T | null): Omit<T, '_sealed'> | null {
  if (!tab) return null;
  const { _sealed, ...rest } = tab;
  void _sealed;
  return rest;
}
export { HttpError };
