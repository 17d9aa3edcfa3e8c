import { z } from 'zod';
import { TABS } from '../codes.ts';
import { ZContinueForm, ZContinueResult, ZDynamicTab, ZFieldDef } from '../enrollment.ts';
import { ZSaveEnrollerCodeRequest, ZSavePersonalInfoRequest } from '../enrollment-personal.ts';
import { ZSaveContactInfoRequest, ZValidityResult } from '../enrollment-contact.ts';
import { ZSaveEmployerInfoRequest } from '../enrollment-employer.ts';
import { ZSaveBeneficiaryRequest, ZValidateBeneficiaryRequest } from '../enrollment-beneficiaries.ts';
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
/** A step's saved (visible) values. */
export const ZSavedStep = z.object({ result: z.record(z.string(), z.unknown()) });
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
export const ZSavedBeneficiary = z.record(z.string(), z.unknown());

const tags = ['enrollment'] as const;

// ---- wizard ---------------------------------------------------------------------------------------

export const getDynamicTabs = endpoint({
  method: 'GET',
  path: '/get-dynamic-tabs',
  tags,
  query: ZEnrollmentQuery,
  response: z.array(ZDynamicTab),
});
export const checkTabRequired = endpoint({
  method: 'GET',
  path: '/api/v1/check-tab-required',
  tags,
  query: z.object({ enrollment_id: zEnrollmentIdQuery, tab_name: z.enum(TABS) }),
  response: z.object({ result: z.object({ required: z.boolean() }) }),
});
export const getZipInfo = endpoint({
  method: 'GET',
  path: '/api/v1/get-zip-info',
  tags,
  query: z.object({ zip: z.string().trim().max(10) }),
  response: ZZipInfo,
});

// ---- personal -------------------------------------------------------------------------------------

export const getFormFieldsPersonalInfo = endpoint({
  method: 'GET',
  path: '/api/v1/get-form-fields-personal-info',
  tags,
  query: ZEnrollmentQuery,
  response: ZFieldDefsResult,
});
export const getEthnicCategory = endpoint({
  method: 'GET',
  path: '/api/v1/get-ethnic-category',
  tags,
  response: z.array(z.object({ id: z.number(), name: z.string() })),
});
export const savePersonalInfo = endpoint({
  method: 'POST',
  path: '/api/v1/save-personal-info',
  tags,
  body: ZSavePersonalInfoRequest,
  response: ZSavedStep,
});
export const saveEnrollerCode = endpoint({
  method: 'POST',
  path: '/api/v1/save-enroller-code',
  tags,
  body: ZSaveEnrollerCodeRequest,
  response: z.object({ enrollerCode: z.string() }),
});

// ---- contact --------------------------------------------------------------------------------------

export const ZEmailCheckRequest = z.object({ email: z.string().trim().max(254), enrollment_id: z.string().max(64).optional() });
export const getFormFieldsContactInfo = endpoint({
  method: 'GET',
  path: '/api/v1/get-form-fields-contact-info',
  tags,
  query: ZEnrollmentQuery,
  response: ZFieldDefsResult,
});
export const validateMemberEmail = endpoint({
  method: 'POST',
  path: '/api/v1/validate-member-email',
  tags,
  body: ZEmailCheckRequest,
  response: ZValidityResult,
});
export const validateEmailNeverbounce = endpoint({
  method: 'POST',
  path: '/api/v1/validate-email-neverbounce',
  tags,
  body: ZEmailCheckRequest,
  response: ZValidityResult,
});
export const validatePhoneNumverify = endpoint({
  method: 'GET',
  path: '/api/v1/validate-phone-numverify',
  tags,
  query: z.object({ phone: z.string().trim().max(20), enrollment_id: z.string().max(64).optional() }),
  response: ZValidityResult,
});
export const saveContactInfo = endpoint({
  method: 'POST',
  path: '/api/v1/save-contact-info',
  tags,
  body: ZSaveContactInfoRequest,
  response: ZSavedStep,
});

// ---- employer -------------------------------------------------------------------------------------

export const getFormFieldsEmployerInfo = endpoint({
  method: 'GET',
  path: '/api/v1/get-form-fields-employer-info',
  tags,
  query: ZEnrollmentQuery,
  response: ZFieldDefsResult,
});
export const getGroupInfo = endpoint({
  method: 'GET',
  path: '/api/v1/get-group-info',
  tags,
  query: ZEnrollmentQuery,
  response: ZGroupInfo,
});
const optionList = <P extends string>(path: P) =>
  endpoint({ method: 'GET', path, tags, query: z.object({ enrollment_id: z.string().max(64).optional() }), response: ZOptionsResult });
export const getAverageWorkWeek = optionList('/api/v1/get-average-work-week');
export const getEmploymentStatus = optionList('/api/v1/get-employment-status');
export const getCompensationTypes = optionList('/api/v1/get-compensation-types');
export const getVacationPolicy = optionList('/api/v1/get-vacation-policy');
export const getBargainingUnit = optionList('/api/v1/get-bargaining-unit');
export const getHolidayPolicy = optionList('/api/v1/get-holiday-policy');
export const saveEmployerInfo = endpoint({
  method: 'POST',
  path: '/api/v1/save-employer-info',
  tags,
  body: ZSaveEmployerInfoRequest,
  response: ZSavedStep,
});

// ---- beneficiaries ----------------------------------------------------------------------------------

export const getFormFieldsBeneficiaryInfo = endpoint({
  method: 'GET',
  path: '/api/v1/get-form-fields-beneficiary-info',
  tags,
  query: ZEnrollmentQuery,
  response: ZFieldDefsResult,
});
export const getBeneficiaryRelationships = endpoint({
  method: 'GET',
  path: '/api/v1/get-beneficiary-relationships',
  tags,
  response: ZOptionsResult,
});
export const getBeneficiariesExistingUserEnrollment = endpoint({
  method: 'GET',
  path: '/api/v1/get-beneficiaries-existing-user-enrollment',
  tags,
  query: ZEnrollmentQuery,
  response: z.object({ result: z.array(ZSavedBeneficiary) }),
});
export const validateSingleBeneficiary = endpoint({
  method: 'POST',
  path: '/api/v1/validate-single-beneficiary',
  tags,
  body: ZValidateBeneficiaryRequest,
  response: z.object({ valid: z.boolean() }),
});
export const saveBeneficiaryInfo = endpoint({
  method: 'POST',
  path: '/api/v1/save-beneficiary-info',
  tags,
  body: ZSaveBeneficiaryRequest,
  response: z.object({ result: z.array(ZSavedBeneficiary) }),
});

// ---- save & continue later ---------------------------------------------------------------------------

export const saveEnrollment = endpoint({
  method: 'POST',
  path: '/api/v1/save-enrollment',
  tags,
  body: ZSaveEnrollmentRequest,
  response: z.object({ message: z.string() }).passthrough(),
});
export const continueEnrollment = endpoint({
  method: 'POST',
  path: '/api/v1/continue-enrollment',
  tags,
  body: ZContinueForm,
  response: ZContinueResult,
});
export const directContinue = endpoint({
  method: 'GET',
  path: '/api/v1/direct-continue/:id',
  tags,
  params: z.object({ id: z.string().min(1).max(400) }),
  response: ZContinueResult,
});
