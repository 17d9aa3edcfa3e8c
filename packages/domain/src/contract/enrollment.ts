import { z } from 'zod';
import { TABS } from '../codes.ts';
import { ZContinueForm, ZContinueResult, ZDynamicTab, ZFieldDef, ZFieldValue } from '../enrollment.ts';
import { ZMaskedSsn } from './enrollment-views.ts';
import { ZPersonalInfoForm, ZSaveEnrollerCodeRequest, ZSavePersonalInfoRequest } from '../enrollment-personal.ts';
import { ZContactInfoForm, ZSaveContactInfoRequest, ZValidityResult } from '../enrollment-contact.ts';
import { ZEmployerInfoForm, ZSaveEmployerInfoRequest } from '../enrollment-employer.ts';
import { BENEFICIARY_RELATIONSHIPS, ZSaveBeneficiaryRequest, ZValidateBeneficiaryRequest } from '../enrollment-beneficiaries.ts';
import { ZSaveEnrollmentRequest } from '../save-enrollment.ts';
import { endpoint } from './endpoint.ts';

/**
 * The enrollment wizard, part one (enrollment.md sections 2 to 5): step list, personal, contact, employer and
 * beneficiary steps, Save & Continue Later and continue.
 */

/** An enrollment id (tempId) as it reaches the server in a query. */
export const zEnrollmentIdQuery = z
  .string()
  .trim()
  .min(1, 'Field is required')
  .max(64)
  .regex(/^[A-Za-z0-9-]+$/, 'Invalid enrollment');
export const ZEnrollmentQuery = z.object({ enrollment_id: zEnrollmentIdQuery });

export const ZFieldDefsResult = z.object({ result: z.array(ZFieldDef) });

/**
 * A step's saved (visible) values as the save answers them: the keys of the step's form, each a scalar (a key the
 * form does not have, the sealed values among them, is not sent); `extra` names the keys that are not scalars.
 */
const savedStep = (form: z.ZodObject, extra: Record<string, z.ZodType> = {}) =>
  z.object({
    result: z.object({ ...Object.fromEntries(Object.keys(form.shape).map((k) => [k, ZFieldValue.optional()])), ...extra }),
  });
export const ZSavedPersonalStep = savedStep(ZPersonalInfoForm, { ssn: ZMaskedSsn });
export const ZSavedContactStep = savedStep(ZContactInfoForm);
export const ZSavedEmployerStep = savedStep(ZEmployerInfoForm, {
  holiday_policy: z.record(z.string(), z.union([z.literal(0), z.literal(1)])),
});
export const ZOption = z.object({ name: z.string(), value: z.string() });
export const ZOptionsResult = z.object({ result: z.array(ZOption) });
export type TOption = z.infer<typeof ZOption>;
export const ZZipInfo = z.object({ zip: z.string(), city: z.string(), state: z.string() });
export const ZGroupInfo = z.object({
  general_info: z.object({ group_name: z.string(), group_phone: z.string() }),
  address_information: z.object({ address1: z.string(), city: z.string(), state: z.string(), zip: z.string() }),
});
export type TGroupInfo = z.infer<typeof ZGroupInfo>;
/** A saved beneficiary as the step shows it again (masked SSN, `dob` beside `birthdate`). */
export const ZSavedBeneficiary = z.object({
  beneficiary_id: z.string(),
  first_name: z.string(),
  middle_name: z.string().optional(),
  last_name: z.string(),
  birthdate: z.string(),
  dob: z.string().optional(),
  ssn: ZMaskedSsn,
  relationship: z.enum(BENEFICIARY_RELATIONSHIPS),
  beneficiary_percentage: z.string(),
});

const tags = ['enrollment'] as const;

// ---- wizard ---------------------------------------------------------------------------------------

export const getDynamicTabs = endpoint({
  method: 'GET',
  path: '/get-dynamic-tabs',
  summary: "List the enrollment wizard's steps",
  tags,
  query: ZEnrollmentQuery,
  response: z.array(ZDynamicTab),
});
export const checkTabRequired = endpoint({
  method: 'GET',
  path: '/api/v1/check-tab-required',
  summary: 'Check whether a wizard step is required',
  tags,
  query: z.object({ enrollment_id: zEnrollmentIdQuery, tab_name: z.enum(TABS) }),
  response: z.object({ result: z.object({ required: z.boolean() }) }),
});
export const getZipInfo = endpoint({
  method: 'GET',
  path: '/api/v1/get-zip-info',
  summary: 'Look up a ZIP code',
  tags,
  query: z.object({ zip: z.string().trim().max(10) }),
  response: ZZipInfo,
});

// ---- personal -------------------------------------------------------------------------------------

export const getFormFieldsPersonalInfo = endpoint({
  method: 'GET',
  path: '/api/v1/get-form-fields-personal-info',
  summary: "Get the personal step's fields",
  tags,
  query: ZEnrollmentQuery,
  response: ZFieldDefsResult,
});
export const getEthnicCategory = endpoint({
  method: 'GET',
  path: '/api/v1/get-ethnic-category',
  summary: 'List ethnic categories',
  tags,
  response: z.array(z.object({ id: z.number(), name: z.string() })),
});
export const savePersonalInfo = endpoint({
  method: 'POST',
  path: '/api/v1/save-personal-info',
  summary: 'Save the personal step',
  tags,
  body: ZSavePersonalInfoRequest,
  response: ZSavedPersonalStep,
});
export const saveEnrollerCode = endpoint({
  method: 'POST',
  path: '/api/v1/save-enroller-code',
  summary: "Save the enroller's code",
  tags,
  body: ZSaveEnrollerCodeRequest,
  response: z.object({ enrollerCode: z.string() }),
});

// ---- contact --------------------------------------------------------------------------------------

export const ZEmailCheckRequest = z.object({ email: z.string().trim().max(254), enrollment_id: z.string().max(64).optional() });
export const getFormFieldsContactInfo = endpoint({
  method: 'GET',
  path: '/api/v1/get-form-fields-contact-info',
  summary: "Get the contact step's fields",
  tags,
  query: ZEnrollmentQuery,
  response: ZFieldDefsResult,
});
export const validateMemberEmail = endpoint({
  method: 'POST',
  path: '/api/v1/validate-member-email',
  summary: 'Check whether an e-mail address belongs to a member',
  tags,
  body: ZEmailCheckRequest,
  response: ZValidityResult,
});
export const validateEmailNeverbounce = endpoint({
  method: 'POST',
  path: '/api/v1/validate-email-neverbounce',
  summary: 'Check that an e-mail address can receive mail',
  tags,
  body: ZEmailCheckRequest,
  response: ZValidityResult,
});
export const validatePhoneNumverify = endpoint({
  method: 'GET',
  path: '/api/v1/validate-phone-numverify',
  summary: 'Check a phone number',
  tags,
  query: z.object({ phone: z.string().trim().max(20), enrollment_id: z.string().max(64).optional() }),
  response: ZValidityResult,
});
export const saveContactInfo = endpoint({
  method: 'POST',
  path: '/api/v1/save-contact-info',
  summary: 'Save the contact step',
  tags,
  body: ZSaveContactInfoRequest,
  response: ZSavedContactStep,
});

// ---- employer -------------------------------------------------------------------------------------

export const getFormFieldsEmployerInfo = endpoint({
  method: 'GET',
  path: '/api/v1/get-form-fields-employer-info',
  summary: "Get the employer step's fields",
  tags,
  query: ZEnrollmentQuery,
  response: ZFieldDefsResult,
});
export const getGroupInfo = endpoint({
  method: 'GET',
  path: '/api/v1/get-group-info',
  summary: "Get the enrollment's employer group",
  tags,
  query: ZEnrollmentQuery,
  response: ZGroupInfo,
});
const optionList = <P extends string>(path: P, summary: string) =>
  endpoint({
    method: 'GET',
    path,
    summary,
    tags,
    query: z.object({ enrollment_id: z.string().max(64).optional() }),
    response: ZOptionsResult,
  });
export const getAverageWorkWeek = optionList('/api/v1/get-average-work-week', 'List average work week options');
export const getEmploymentStatus = optionList('/api/v1/get-employment-status', 'List employment status options');
export const getCompensationTypes = optionList('/api/v1/get-compensation-types', 'List compensation type options');
export const getVacationPolicy = optionList('/api/v1/get-vacation-policy', 'List vacation policy options');
export const getBargainingUnit = optionList('/api/v1/get-bargaining-unit', 'List bargaining unit options');
export const getHolidayPolicy = optionList('/api/v1/get-holiday-policy', 'List holiday policy options');
export const saveEmployerInfo = endpoint({
  method: 'POST',
  path: '/api/v1/save-employer-info',
  summary: 'Save the employer step',
  tags,
  body: ZSaveEmployerInfoRequest,
  response: ZSavedEmployerStep,
});

// ---- beneficiaries ----------------------------------------------------------------------------------

export const getFormFieldsBeneficiaryInfo = endpoint({
  method: 'GET',
  path: '/api/v1/get-form-fields-beneficiary-info',
  summary: "Get the beneficiary step's fields",
  tags,
  query: ZEnrollmentQuery,
  response: ZFieldDefsResult,
});
export const getBeneficiaryRelationships = endpoint({
  method: 'GET',
  path: '/api/v1/get-beneficiary-relationships',
  summary: 'List beneficiary relationships',
  tags,
  response: ZOptionsResult,
});
export const getBeneficiariesExistingUserEnrollment = endpoint({
  method: 'GET',
  path: '/api/v1/get-beneficiaries-existing-user-enrollment',
  summary: 'Get the saved beneficiaries (masked)',
  tags,
  query: ZEnrollmentQuery,
  response: z.object({ result: z.array(ZSavedBeneficiary) }),
});
export const validateSingleBeneficiary = endpoint({
  method: 'POST',
  path: '/api/v1/validate-single-beneficiary',
  summary: 'Validate one beneficiary',
  tags,
  body: ZValidateBeneficiaryRequest,
  response: z.object({ valid: z.boolean() }),
});
export const saveBeneficiaryInfo = endpoint({
  method: 'POST',
  path: '/api/v1/save-beneficiary-info',
  summary: 'Save the beneficiaries',
  tags,
  body: ZSaveBeneficiaryRequest,
  response: z.object({ result: z.array(ZSavedBeneficiary) }),
});

// ---- save & continue later ---------------------------------------------------------------------------

export const saveEnrollment = endpoint({
  method: 'POST',
  path: '/api/v1/save-enrollment',
  summary: 'Save the enrollment to continue later',
  tags,
  body: ZSaveEnrollmentRequest,
  response: z.object({ message: z.string() }),
});
export const continueEnrollment = endpoint({
  method: 'POST',
  path: '/api/v1/continue-enrollment',
  summary: 'Continue a saved enrollment with its code',
  tags,
  body: ZContinueForm,
  response: ZContinueResult,
});
export const directContinue = endpoint({
  method: 'GET',
  path: '/api/v1/direct-continue/:id',
  summary: 'Continue a saved enrollment from its link',
  tags,
  params: z.object({ id: z.string().min(1).max(400) }),
  response: ZContinueResult,
});
