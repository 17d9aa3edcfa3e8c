import { z } from 'zod';
import { ZBankFields, ZCardFields } from './billing.ts';
import { ZContactInfoForm } from './enrollment-contact.ts';
import { ZSaveBeneficiaryRequest, beneficiaryListProblem } from './enrollment-beneficiaries.ts';
import { ageOn } from './dates.ts';
import { findRate, tierLabel, type TRateRow } from './pricing.ts';

/**
 * The member's home (issue 24): coverage, ID cards, documents, the payment method on file and the beneficiaries.
 * Schemas of the contract (contract/member-home.ts) and the rules both apps share.
 */

/** Fixed texts of the member's home (both languages in apps/web/src/locales). */
export const MEMBER_HOME_TEXT = {
  COVERAGE: 'Your coverage',
  NO_COVERAGE: 'You have no plans with us yet.',
  ID_CARDS: 'ID cards',
  DOCUMENTS: 'Documents',
  NO_DOCUMENTS: 'No documents yet.',
  PAYMENT: 'Payment method on file',
  NO_PAYMENT: 'No payment method on file.',
  CHANGE_PAYMENT: 'Change payment method',
  PAYMENT_SAVED: 'Your payment method was saved.',
  PAYMENT_BY_GROUP: 'Your group pays for your plans.',
  BENEFICIARIES: 'Beneficiaries',
  NO_BENEFICIARIES: 'None of your plans has beneficiaries.',
  CHANGE_BENEFICIARIES: 'Change beneficiaries',
  BENEFICIARIES_SAVED: 'Your beneficiaries were saved.',
  ADDRESS: 'Your address',
  NO_ADDRESS: 'No address on file.',
  CHANGE_ADDRESS: 'Change address',
  ADDRESS_SAVED: 'Your address was saved.',
  NEW_QUOTE: 'New quote for my household',
  DOWNLOAD_ID_CARD: 'Download ID card (PDF)',
  PRINT_ID_CARD: 'Print ID card',
  MEMBER_ID: 'Member ID',
  GROUP: 'Group',
  CARRIER_PHONE: 'Carrier phone',
  SERVICE_PHONE: 'Member services',
  /** The member's representative's phone: never called member services (issue 37). */
  REP_PHONE: 'Your representative',
  GROUP_NUMBER: 'Group number',
  PAYER_ID: 'Payer ID',
  CLAIMS_ADDRESS: 'Send claims to',
} as const;

/** The member id printed on the ID card and sent to carriers (the 834's REF*0F subscriber id). */
export const memberIdOf = (userId: number) => String(userId);

export const ZCoverageItem = z.object({
  policy_id: z.number().int(),
  plan_id: z.number().int(),
  plan_name: z.string(),
  category: z.string(),
  carrier: z.string().nullable(),
  /** The carrier's member services phone (migration 1800), or null: the card's "Member services". */
  carrier_phone: z.string().nullable(),
  /** Without a carrier phone: the member's representative's phone, shown as the representative's (issue 37). */
  service_phone: z.string().nullable(),
  /** The carrier's group (policy) number, payer id, claims address and logo (migration 2530), or null. */
  group_number: z.string().nullable(),
  payer_id: z.string().nullable(),
  claims_address: z.string().nullable(),
  carrier_logo: z.string().nullable(),
  status: z.enum(['ACTIVE', 'INACTIVE']),
  /** YYYY-MM-DD */
  effective_date: z.string().nullable(),
  tier: z.string(),
  tier_label: z.string(),
  monthly_cents: z.number().int().nullable(),
  /** The people this plan covers: the member first, then dependents. */
  covered: z.array(z.string()),
  enrollment_id: z.string().nullable(),
  /** Evidence of insurability (issue 38, coverage-changes.ts): null when the plan needs none. */
  eoi_status: z.enum(['pending', 'more_information', 'approved', 'declined']).nullable().default(null),
  /** YYYY-MM-DD: the member cancelled the plan; coverage ends on this day (issue 38). */
  ends_on: z.string().nullable().default(null),
  /** Issue 39 (coverage-confirmation.ts): the carrier confirmed (with its policy number) or rejected the plan, or null. */
  carrier_status: z.enum(['confirmed', 'rejected']).nullable().default(null),
  carrier_policy_number: z.string().nullable().default(null),
  /** Premium collected and the carrier has not confirmed the plan within its window: the fixed sentence. */
  awaiting_carrier: z.boolean().default(false),
});
export type TCoverageItem = z.infer<typeof ZCoverageItem>;

export const ZMemberDocument = z.object({
  enrollment_id: z.string(),
  confirmation_number: z.string(),
  kind: z.enum(['receipt', 'signed-application']),
});
export type TMemberDocument = z.infer<typeof ZMemberDocument>;

export const ZPaymentOnFile = z.object({
  kind: z.enum(['bank', 'card']),
  /** Bank name or card brand. */
  label: z.string(),
  last4: z.string().regex(/^\d{0,4}$/),
});

export const ZBeneficiaryOnFile = z.object({
  beneficiary_id: z.string(),
  first_name: z.string(),
  middle_name: z.string().optional(),
  last_name: z.string(),
  birthdate: z.string(),
  /** Masked: last four digits only. */
  ssn: z.string(),
  relationship: z.string(),
  beneficiary_percentage: z.string(),
});
export const ZEnrollmentBeneficiaries = z.object({
  enrollment_id: z.string(),
  confirmation_number: z.string(),
  plans: z.array(z.string()),
  beneficiaries: z.array(ZBeneficiaryOnFile),
});
export type TEnrollmentBeneficiaries = z.infer<typeof ZEnrollmentBeneficiaries>;

export const ZMemberAddress = z.object({
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
});

export const ZMemberHome = z.object({
  member: z.object({
    user_id: z.number().int(),
    member_id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    group_name: z.string().nullable(),
    /** The tier of the household's current coverage, for a new quote. */
    household_tier: z.string(),
  }),
  coverage: z.array(ZCoverageItem),
  documents: z.array(ZMemberDocument),
  payment: ZPaymentOnFile.nullable(),
  /** What the member may change to ('cc' card, 'eft' bank account); empty when the group bills. */
  payment_options: z.array(z.enum(['cc', 'eft'])),
  beneficiaries: z.array(ZEnrollmentBeneficiaries),
  /** The subscriber's address (the 834's N3/N4); null when none is on file. */
  address: ZMemberAddress.nullable(),
});
export type TMemberHome = z.infer<typeof ZMemberHome>;

/** A new payment method: bank account (EFT) or card, checked as the enrollment's billing step checks them. */
export const ZChangePaymentRequest = z.discriminatedUnion('payment_method', [
  z.object({ payment_method: z.literal('eft'), ...ZBankFields.shape }),
  z.object({ payment_method: z.literal('cc'), ...ZCardFields.shape }),
]);
export type TChangePaymentRequest = z.infer<typeof ZChangePaymentRequest>;
export type TChangePaymentForm = z.input<typeof ZChangePaymentRequest>;

/** The enrollment beneficiary step's request and its list rule (at least one, percentages total 100). */
export const ZChangeBeneficiariesRequest = ZSaveBeneficiaryRequest.superRefine((v, ctx) => {
  const problem = beneficiaryListProblem(v.beneficiaries);
  if (problem) ctx.addIssue({ code: 'custom', path: ['beneficiaries'], message: problem });
});
export type TChangeBeneficiariesForm = z.input<typeof ZChangeBeneficiariesRequest>;

/** A new address: the enrollment contact step's address fields and rules (5-digit zip, 2-letter state). */
export const ZChangeAddressRequest = ZContactInfoForm.pick({ address1: true, address2: true, city: true, state: true, zip: true });
export type TChangeAddressForm = z.input<typeof ZChangeAddressRequest>;
export type TChangeAddressRequest = z.output<typeof ZChangeAddressRequest>;
export type TMemberAddress = z.infer<typeof ZMemberAddress>;

export const ZPolicyRef = z.object({ policy_id: z.coerce.number().int().positive().max(2_147_483_647) });
/** The ID card's language (the page's); English when not given. */
export const ZIdCardQuery = z.object({ lang: z.enum(['en', 'es']).optional() });

export const ZDocumentRef = z.object({
  enrollment_id: z.string().trim().min(1).max(64),
  kind: z.enum(['receipt', 'signed-application']),
});

/**
 * The monthly amount of a policy: what the enrollment's cart charged for the plan, else the plan's rate for the
 * member's tier, age and state today (cents; null when the table has no price).
 */
export function monthlyCentsOf(
  p: { tier: string; cart_cents: number | null },
  rates: readonly TRateRow[],
  member: { dob: string; state: string | null },
  today: string,
): number | null {
  if (p.cart_cents !== null) return p.cart_cents;
  const rate = findRate(rates, { tier: p.tier, age: ageOn(member.dob, today), state: member.state, smoker: null });
  return rate ? rate.price_cents : null;
}

/** The tier's name as the store shows it ('Member Only' …). */
export const coverageTierLabel = (tier: string) => tierLabel(tier);
