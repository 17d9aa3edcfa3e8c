/** Codes of the specification: categories, tiers, genders, payment methods, tabs, error codes. */

export const CATEGORIES = [
  { key: 'dental', name: 'Dental', section: 'Dental' },
  { key: 'vision', name: 'Vision', section: 'Vision' },
  { key: 'medical', name: 'Medical', section: 'Medical' },
  { key: 'term_life', name: 'Term Life', section: 'Term Life' },
  { key: 'limitedmed', name: 'Limited Med', section: 'Limited Medical' },
  { key: 'rx', name: 'RX', section: 'RX' },
  { key: 'lifestyle', name: 'Lifestyle', section: 'Life Style' },
  { key: 'supplemental', name: 'Supplemental', section: 'Supplemental' },
  { key: 'di', name: 'Disability Income', section: 'Disability Income' },
  { key: 'critical', name: 'Critical Illness', section: 'Critical Illness' },
  { key: 'accident', name: 'Accident', section: 'Accident' },
  { key: 'hospital', name: 'Hospital', section: 'Hospital' },
  { key: 'pet', name: 'PET', section: 'Pet' },
  { key: 'guaranteed', name: 'GUARANTEED', section: 'Guaranteed' },
] as const;
export type CategoryKey = (typeof CATEGORIES)[number]['key'];
export const CATEGORY_KEYS = CATEGORIES.map((c) => c.key) as [CategoryKey, ...CategoryKey[]];
export const categoryName = (key: string) => CATEGORIES.find((c) => c.key === key)?.name ?? key;

export const TIERS = [
  { code: 'IO', label: 'Member Only', short: 'Me' },
  { code: 'IS', label: 'Member + Spouse', short: 'Me & My Spouse' },
  { code: 'IC', label: 'Member + Children', short: 'Me & My Children' },
  { code: 'IF', label: 'Family', short: 'Me, My Spouse & Children' },
] as const;
export type TierCode = (typeof TIERS)[number]['code'];
export const TIER_CODES = ['IO', 'IS', 'IC', 'IF'] as const;
/** What a quote accepts: the four tiers and IC3, a child tier (enrollment.md 4.7 and 9) priced only by the plans that rate it. */
export const QUOTE_TIER_CODES = [...TIER_CODES, 'IC3'] as const;
/** IC3 is treated as a child tier by the dependents rules. */
export const CHILD_TIERS = ['IC', 'IF', 'IC3'] as const;
export const SPOUSE_TIERS = ['IS', 'IF'] as const;

export const GENDERS = [
  { code: '0', label: 'Male' },
  { code: '1', label: 'Female' },
] as const;
export const GENDER_CODES = ['0', '1'] as const;
/** The personal form also offers 2 Others. */
export const PERSONAL_GENDER_CODES = ['0', '1', '2'] as const;

export const MARITAL_STATUSES = [
  { code: '0', label: 'Single' },
  { code: '1', label: 'Married' },
  { code: '2', label: 'Divorced' },
  { code: '3', label: 'Widowed' },
] as const;

export const COVERAGES = {
  LOW_COST: 'Low Cost / High Deductible',
  MINIMUM_ESSENTIAL_COVERAGE: 'Minimum Essential Coverage',
  PRESCRIPTION: 'Prescription',
  LOW_DEDUCTIBLES: 'Low Deductibles',
} as const;
export type CoverageKey = keyof typeof COVERAGES;

export const EPROCESSES = ['rep', 'applicant', 'group'] as const;
export type Eprocess = (typeof EPROCESSES)[number];
export const OPEN_TYPES = ['agent', 'group', 'user'] as const;
export const ENROLL_TYPES = ['new-member', 'new-group-member', 'existing-member'] as const;

export const PAYMENT_METHODS = ['cc', 'eft', 'list', 'elist', 'stmt'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cc: 'Credit Card',
  eft: 'EFT',
  list: 'LIST',
  elist: 'EFT LIST',
  stmt: 'STMT',
};

export const PRICING_ERROR_CODES = [
  'changePid',
  'enrollmentIdError',
  'salaryError',
  'hourError',
  'stateError',
  'tierError',
  'ageError',
  'metError',
  'smokerError',
  'planAgeError',
  'portalError',
  'newQuestionsError',
] as const;
export type PricingErrorCode = (typeof PRICING_ERROR_CODES)[number];

/** Tab names of the dynamic tabs (server) and the saved-tab keys (sic, part of the wire contract). */
export const TABS = [
  'primary_info',
  'contact_info',
  'employer_info',
  'beneficiary_info',
  'primary_health_info',
  'dependent_info',
  'review_info',
  'agreement_info',
  'billing_info',
] as const;
export type TabName = (typeof TABS)[number];

export const STEP_ROUTES: Record<TabName, { path: string; title: string }> = {
  primary_info: { path: 'personal-info', title: 'Personal Information' },
  contact_info: { path: 'contact-info', title: 'Contact Information' },
  employer_info: { path: 'employer-info', title: 'Employer Information' },
  beneficiary_info: { path: 'beneficiary-info', title: 'Beneficiary Information' },
  primary_health_info: { path: 'health-questions', title: 'Health Questions' },
  dependent_info: { path: 'dependent-information', title: 'Dependent Information' },
  review_info: { path: 'review-confirm', title: 'Review & Confirmation' },
  agreement_info: { path: 'agreement-signature', title: 'Agreement & Signature' },
  billing_info: { path: 'billing-information', title: 'Billing Information' },
};

/** Saved-tab keys (section 2.2 of enrollment.md) mapped to routes. */
export const SAVED_TAB_ROUTES: Record<string, string> = {
  primary_info: '/enrollment/personal-info',
  contact_info: '/enrollment/contact-info',
  employer_info: '/enrollment/employer-info',
  benificiary_info: '/enrollment/beneficiary-info',
  health_info: '/enrollment/health-questions',
  dependent_info: '/enrollment/dependent-information',
  review_info: '/enrollment/review-confirm',
  aggrement_info: '/enrollment/agreement-signature',
  payment_info: '/enrollment/billing-information',
  cart_info: '/cart',
};
/** Columns of the enrollment draft readable through get-enrollment-temp-info. */
export const TEMP_INFO_COLUMNS = [
  'eprocess',
  'type',
  'filter_info',
  'primary_info',
  'contact_info',
  'employer_info',
  'benificiary_info',
  'health_info',
  'dependent_info',
  'effective_date',
  'payment_info',
  'review_info',
  'aggrement_info',
  'group_id',
] as const;

export const SITE_KINDS = ['main', 'dental', 'partner', 'go-enroll'] as const;
export type SiteKind = (typeof SITE_KINDS)[number];

export const ROLES = ['operator', 'rep', 'group', 'member'] as const;
export type Role = (typeof ROLES)[number];

export const ENROLLER_CODE_GROUPS = [2556, 2512] as const;
export const OTHER_ETHNIC_GROUP_ID = 12;
export const RETIRED_EMPLOYMENT_STATUS = 'R';
export const SPECIAL_QUESTION_IDS = { yesNoOnly: 145, special: [146, 147] } as const;

export const LIMITS = {
  zip: 5,
  phone: 10,
  ssn: 9,
  minAge: 18,
  dateText: 10,
  wizardSteps: 4,
  chatErrorMs: 5000,
  chatMaxHeight: 400,
  membersPerPage: 5,
  maxBeneficiaries: 3,
  maxMedications: 3,
  maxDependentsExclusive: 9,
  defaultBillDate: 28,
  routing: 9,
  accountMin: 4,
  accountMax: 17,
  cardMin: 13,
  cardMax: 25,
  prudentialFeePercent: 3,
  maxTreatmentDetails: 2,
} as const;

export const FALLBACK_IDS = { agentId: 10109, groupId: 77, guestAgentId: 139, tierLinkGroupId: 1929 } as const;

/** The statuses of a carrier's X12 834 file (issue 23): made, delivered, then what the carrier's 999 or TA1 said. */
/** 'errored': the file could not be built (an SSN that would not open); nothing was sent. */
export const CARRIER_FILE_STATUSES = ['generated', 'delivered', 'accepted', 'accepted_with_errors', 'rejected', 'errored'] as const;
export type TCarrierFileStatus = (typeof CARRIER_FILE_STATUSES)[number];
