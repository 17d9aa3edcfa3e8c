import { z } from 'zod';
import { ZSaveAgreementRequest } from '../agreement.ts';
import {
  ZCardEntry,
  ZPaymentAuthentication,
  ZSaveBillingExistingRequest,
  ZSaveBillingPaymentMethodRequest,
  ZSaveBillingRequest,
} from '../billing.ts';
import { PAYMENT_METHODS } from '../codes.ts';
import { ZSaveDependentsRequest, ZValidateSingleDependentRequest } from '../dependents.ts';
import { ZFieldDef } from '../enrollment.ts';
import { ZSavePrimaryHealthRequest } from '../health.ts';
import {
  ZAgreementFormFields,
  ZDependentView,
  ZExistingBank,
  ZExistingCard,
  ZHealthInfoView,
  ZHealthQuestions,
  ZSavedPayment,
} from './enrollment-views.ts';
import { ZReceipt } from '../receipt.ts';
import { endpoint } from './endpoint.ts';
import { ZEnrollmentQuery, zEnrollmentIdQuery } from './enrollment.ts';

/**
 * The enrollment wizard, part two (enrollment.md 2.7 to 2.13): health, dependents, review, agreement, billing and
 * the receipt. Every answer has its schema: the server's serializer sends only the keys it names, so a sealed value,
 * a card token or a full account number or SSN cannot leave (masked values are checked by pattern).
 */

// ---- health ---------------------------------------------------------------------------------------

export const ZPrimaryHealthQuestions = ZHealthQuestions.extend({ notes: z.string() });
export type THealthQuestions = z.infer<typeof ZPrimaryHealthQuestions>;
export const getHealthQuestionsPrimaryHealthInfo = endpoint({
  method: 'GET',
  path: '/api/v1/get-health-questions-primary-health-info',
  summary: 'Get the health questions for the primary member',
  tags: ['enrollment-health'],
  query: ZEnrollmentQuery,
  response: z.object({ result: ZPrimaryHealthQuestions }),
});
export const getExistingPrimaryHealthInfo = endpoint({
  method: 'GET',
  path: '/api/v1/get-existing-primary-health-info',
  summary: "Get the primary member's saved health answers",
  tags: ['enrollment-health'],
  query: ZEnrollmentQuery,
  response: z.object({ result: ZHealthInfoView.nullable() }),
});
export const savePrimaryHealthInfo = endpoint({
  method: 'POST',
  path: '/api/v1/save-primary-health-info',
  summary: "Save the primary member's health answers",
  tags: ['enrollment-health'],
  body: ZSavePrimaryHealthRequest,
  response: z.object({ result: z.boolean() }),
});

// ---- dependents -----------------------------------------------------------------------------------

export const ZDependentsResult = z.object({
  /** The list to edit, health answers included: only ever the enrollment owner's own (loadOwnedEnrollment). */
  dependents: z.array(ZDependentView),
  tier: z.string(),
  premier: z.boolean(),
  existing_member: z.boolean(),
});
export type TDependentEdit = z.infer<typeof ZDependentView>;
export type TDependentsResult = z.infer<typeof ZDependentsResult>;
const depTags = ['enrollment-dependents'];
export const getDependentsExistingUserEnrollment = endpoint({
  method: 'GET',
  path: '/api/v1/get-dependents-existing-user-enrollment',
  summary: 'Get the saved dependents',
  tags: depTags,
  query: ZEnrollmentQuery,
  response: z.object({ result: ZDependentsResult }),
});
export const getFormFieldsDependentPrimaryInfo = endpoint({
  method: 'GET',
  path: '/api/v1/get-form-fields-dependent-primary-info',
  summary: "Get the dependent step's fields",
  tags: depTags,
  query: ZEnrollmentQuery,
  response: z.object({ result: z.array(ZFieldDef), disclaimer: z.string() }),
});
export const getHealthQuestionsDependentInfo = endpoint({
  method: 'GET',
  path: '/api/v1/get-health-questions-dependent-info',
  summary: 'Get the health questions for dependents',
  tags: depTags,
  query: ZEnrollmentQuery,
  response: z.object({ result: ZHealthQuestions }),
});
export const validateSingleDependent = endpoint({
  method: 'POST',
  path: '/api/v1/validate-single-dependent',
  summary: 'Validate one dependent',
  tags: depTags,
  body: ZValidateSingleDependentRequest,
  response: z.object({ result: z.boolean() }),
});
export const saveDependentInfo = endpoint({
  method: 'POST',
  path: '/api/v1/save-dependent-info',
  summary: 'Save the dependents',
  tags: depTags,
  body: ZSaveDependentsRequest,
  response: z.object({ result: z.array(ZDependentView.omit({ health_info: true })) }),
});
export const saveDependentInfoToTemp = endpoint({
  method: 'POST',
  path: '/api/v1/save-dependent-info-to-temp',
  summary: 'Save the dependents as a draft',
  tags: depTags,
  body: ZSaveDependentsRequest,
  response: z.object({ result: z.array(ZDependentView.omit({ health_info: true })) }),
});
/** IO tier (no dependent info): drop any dependents saved earlier. */
export const deleteDependentInIO = endpoint({
  method: 'POST',
  path: '/api/v1/delete-dependent-in-IO',
  summary: 'Remove saved dependents (individual-only tier)',
  tags: depTags,
  body: z.object({ enrollment_id: zEnrollmentIdQuery }),
  response: z.object({ result: z.boolean() }),
});

// ---- review ---------------------------------------------------------------------------------------

export const ZSaveReviewRequest = z.object({
  enrollment_id: zEnrollmentIdQuery,
  additional_notes: z.string().trim().max(2000).optional().default(''),
  first_enroll: z.coerce.number().int().optional(),
});
export const saveReviewInfo = endpoint({
  method: 'POST',
  path: '/api/v1/save-review-info',
  summary: 'Confirm the review step',
  tags: ['enrollment-review'],
  body: ZSaveReviewRequest,
  response: z.object({ result: z.boolean() }),
});

// ---- agreement ------------------------------------------------------------------------------------

export const ZAgreementText = z.object({ text_head: z.string(), text_body: z.string(), text_required: z.boolean() });
export type TAgreementText = z.infer<typeof ZAgreementText>;
export const getAgreementTexts = endpoint({
  method: 'GET',
  path: '/api/v1/get-agreement-texts',
  summary: 'Get the agreement texts',
  tags: ['enrollment-agreement'],
  query: ZEnrollmentQuery,
  response: z.array(ZAgreementText),
});
export const getFormFieldsAgreementInfo = endpoint({
  method: 'GET',
  path: '/api/v1/get-form-fields-agreement-info',
  summary: "Get the agreement step's fields",
  tags: ['enrollment-agreement'],
  query: ZEnrollmentQuery,
  response: z.object({ result: ZAgreementFormFields, mode: z.string(), signed: z.boolean() }),
});
export const saveAgreementInfo = endpoint({
  method: 'POST',
  path: '/api/v1/save-agreement-info',
  summary: 'Sign the agreement',
  tags: ['enrollment-agreement'],
  body: ZSaveAgreementRequest,
  response: z.object({ result: z.boolean() }),
});

// ---- billing --------------------------------------------------------------------------------------

export type { TExistingBank, TExistingCard } from '../billing.ts';
const billTags = ['enrollment-billing'];
export const getBillDate = endpoint({
  method: 'GET',
  path: '/api/v1/get-bill-date',
  summary: 'List the billing dates to choose from',
  tags: billTags,
  response: z.array(z.object({ bill_date: z.number() })),
});
export const getPaymentMethod = endpoint({
  method: 'GET',
  path: '/api/v1/get-payment-method',
  summary: 'Get the payment method the enrollment takes',
  tags: billTags,
  query: ZEnrollmentQuery,
  response: z.object({ result: z.enum(PAYMENT_METHODS) }),
});
export const getFormFieldsBillingInfo = endpoint({
  method: 'GET',
  path: '/api/v1/get-form-fields-billing-info',
  summary: "Get the billing step's fields",
  tags: billTags,
  query: ZEnrollmentQuery,
  response: z.object({ result: z.array(ZFieldDef) }),
});
export const getExistingBankInfo = endpoint({
  method: 'GET',
  path: '/api/v1/get-existing-bank-info',
  summary: "List the person's saved bank accounts (masked)",
  tags: billTags,
  query: ZEnrollmentQuery,
  response: z.object({ result: z.array(ZExistingBank) }),
});
export const getExistingCardInfo = endpoint({
  method: 'GET',
  path: '/api/v1/get-existing-card-info',
  summary: "List the person's saved cards (masked)",
  tags: billTags,
  query: ZEnrollmentQuery,
  response: z.object({ result: z.array(ZExistingCard) }),
});
/** found false: a valid routing number the directory does not know; name is then empty and the person types it. */
export const routingNumberBankLookup = endpoint({
  method: 'GET',
  path: '/api/v1/routing-number-bank-lookup',
  summary: 'Look up a bank by routing number',
  tags: billTags,
  query: z.object({ q: z.string().max(20).default('') }),
  response: z.object({ response: z.object({ name: z.string(), routing_number: z.string(), found: z.boolean() }) }),
});
export const getBillingText = endpoint({
  method: 'GET',
  path: '/api/v1/get-billing-text',
  summary: 'Get the billing texts and how a card is entered',
  tags: billTags,
  query: ZEnrollmentQuery,
  response: z.object({ text: z.string(), eft_terms: z.string(), card_entry: ZCardEntry }),
});
export const saveBillingInfo = endpoint({
  method: 'POST',
  path: '/api/v1/save-billing-info',
  summary: 'Save the billing details and complete the enrollment',
  tags: billTags,
  body: ZSaveBillingRequest,
  response: z.object({ result: ZSavedPayment }),
});
export const saveBillingInfoPaymentMethod = endpoint({
  method: 'POST',
  path: '/api/v1/save-billing-info-payment-method',
  summary: "Save a card from Stripe's Payment Element (a PaymentMethod id)",
  tags: billTags,
  body: ZSaveBillingPaymentMethodRequest,
  response: z.object({ result: ZSavedPayment }),
});
/**
 * The completion's first charge whose card's bank asked its holder to confirm it (3-D Secure; decision 2821): what
 * Stripe.js needs (confirmCardPayment), or `paid` once Stripe says so; the browser then sends the completion again.
 */
export const getFirstPaymentAuthentication = endpoint({
  method: 'GET',
  path: '/api/v1/get-first-payment-authentication',
  summary: "Get the first payment's 3-D Secure confirmation for Stripe.js",
  tags: billTags,
  query: ZEnrollmentQuery,
  response: ZPaymentAuthentication,
});
export const saveBillingInfoExisting = endpoint({
  method: 'POST',
  path: '/api/v1/save-billing-info-existing',
  summary: 'Pay with a saved account or card and complete the enrollment',
  tags: billTags,
  body: ZSaveBillingExistingRequest,
  response: z.object({ result: z.literal(true) }),
});

// ---- receipt --------------------------------------------------------------------------------------

export const getReceipt = endpoint({
  method: 'GET',
  path: '/api/v1/get-receipt',
  summary: 'Get the receipt of a completed enrollment',
  tags: ['enrollment-receipt'],
  query: ZEnrollmentQuery,
  response: ZReceipt,
});
/** The receipt's PDF: not the JSON envelope (no `response`). */
export const getReceiptPdf = endpoint({
  method: 'GET',
  path: '/api/v1/get-receipt-pdf',
  summary: 'Download the receipt (PDF)',
  tags: ['enrollment-receipt'],
  query: ZEnrollmentQuery,
});
