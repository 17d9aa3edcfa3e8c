import { z } from 'zod';
import { TEMP_INFO_COLUMNS } from '../codes.ts';
import { ZAddFilterForNewUser, ZChangeFilterInfo, ZExistingUserFilter, ZSaveScreenshot, ZUpdateFilterPortal } from '../quote.ts';
import { zJsonValue } from '../json-value.ts';
import { ZFilterInfoView } from '../enrollment-record.ts';
import { endpoint } from './endpoint.ts';
import { zEnrollmentId } from './shop-fields.ts';

/** The quote's endpoints: the filter (temporary enrollment), zip and dob checks, coverages, the step screenshots. */
const tags = ['quote'] as const;

export const addFilterForNewUser = endpoint({
  method: 'POST',
  path: '/api/v1/add-filter-for-new-user',
  summary: 'Start a quote',
  tags,
  body: ZAddFilterForNewUser,
  response: z.object({ temp_enrollment_id: z.string() }),
});

/** Answers the whole filter after the change. */
export const changeFilterInfo = endpoint({
  method: 'PUT',
  path: '/api/v1/change-filter-info/:tempId',
  summary: "Change the quote's filter",
  tags,
  params: z.object({ tempId: zEnrollmentId }),
  body: ZChangeFilterInfo,
  response: z.record(z.string(), zJsonValue(3)),
});

/**
 * A column of the enrollment as the browser may see it: JSON (no sealed value in it), but a saved step never carries the sealed values
 * (`_sealed`) nor the payment provider's card token (`card_token` of payment_info); an answer with either is refused
 * by the server's serializer rather than sent.
 */
export const ZTempInfoResult = z.union([
  z.object({ _sealed: z.never().optional(), card_token: z.never().optional() }).catchall(zJsonValue(5)),
  z.array(zJsonValue(5)),
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
]);
export type TTempInfoResult = z.infer<typeof ZTempInfoResult>;
export const getEnrollmentTempInfo = endpoint({
  method: 'GET',
  path: '/api/v1/get-enrollment-temp-info',
  summary: 'Get one saved column of the enrollment',
  tags,
  query: z.object({ enrollment_id: zEnrollmentId, column: z.enum(TEMP_INFO_COLUMNS) }),
  response: z.object({ result: ZTempInfoResult }),
});

/** The quote's filter, every field with its default (the web's TFilterInfo, no parse in the browser). */
export const getQuoteFilter = endpoint({
  method: 'GET',
  path: '/api/v1/get-quote-filter',
  summary: 'Get the quote filter of the enrollment',
  tags,
  query: z.object({ enrollment_id: zEnrollmentId }),
  response: z.object({ result: ZFilterInfoView }),
});

export const ZZipResult = z.object({ zip: z.string(), city: z.string(), state: z.string() });
export type TZipResult = z.infer<typeof ZZipResult>;
export const validateZipCode = endpoint({
  method: 'GET',
  path: '/api/v1/validate-zip-code',
  summary: 'Check a ZIP code',
  tags,
  query: z.object({ zip_code: z.string().max(20) }),
  response: ZZipResult,
});
export const validateZipCodeService = endpoint({
  method: 'POST',
  path: '/api/v1/service/validate-zip-code',
  summary: 'Check that a ZIP code is served',
  tags,
  body: z.object({ zip: z.string().max(20) }),
  response: ZZipResult,
});

/** Its 422 carries `errors: { dob: [message] }` beside the field errors (the documents' answer): no response schema. */
export const validateDob = endpoint({
  method: 'GET',
  path: '/api/v2/validate-dob',
  summary: 'Check a date of birth',
  tags,
  query: z.object({ dob: z.string().max(20) }),
});

export const getCoverages = endpoint({
  method: 'GET',
  path: '/api/v2/coverages',
  summary: 'List coverage tiers',
  tags,
  response: z.record(z.string(), z.string()),
});

const ZMemberFilterResult = z.object({ temp_enrollment_id: z.string(), portal_id: z.number().nullable() });
export const addFilterForMember = endpoint({
  method: 'POST',
  path: '/api/v1/add-filter-for-member',
  summary: 'Start a quote for the signed-in member',
  tags,
  body: ZExistingUserFilter.pick({ user_id: true, tier: true, open_type: true }),
  response: ZMemberFilterResult,
});
export const addFilterForExistingUser = endpoint({
  method: 'POST',
  path: '/api/v1/add-filter-for-existing-user',
  summary: 'Start a quote for an existing member',
  tags,
  body: ZExistingUserFilter,
  response: ZMemberFilterResult,
});

export const updateFilterPortal = endpoint({
  method: 'POST',
  path: '/api/v1/update-filter-portal',
  summary: "Set the quote's portal",
  tags,
  body: ZUpdateFilterPortal,
  response: z.object({ portal_id: z.number(), group_id: z.number().nullable() }),
});

export const saveScreenshot = endpoint({
  method: 'POST',
  path: '/api/v1/save-screenshot',
  summary: 'Save a screenshot of a wizard step',
  tags,
  body: ZSaveScreenshot,
  response: z.null(),
});
