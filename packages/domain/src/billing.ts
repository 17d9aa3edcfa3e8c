import { z } from 'zod';
import { TEXT } from './texts.ts';
import { LIMITS, type PaymentMethod } from './codes.ts';
export type { TExistingBank, TExistingCard, TSavedPayment } from './contract/enrollment-views.ts';
import { PATTERNS } from './validation.ts';
import { ordinalDay } from './format.ts';

/**
 * Billing (enrollment.md sections 2.11, 3, 4.10, 5): payment methods, bill dates, the EFT and card forms
 * with every message of section 5, and the EFT terms of section 9.
 */
export const BILLING_TEXT = {
  ACCOUNT_NUMBER_LENGTH: TEXT.ACCOUNT_NUMBER_LENGTH,
  ROUTING_9_DIGITS: TEXT.ROUTING_9_DIGITS,
  INVALID_ACCOUNT_HOLDER: TEXT.INVALID_ACCOUNT_HOLDER,
  CARD_NUMBER_LENGTH: TEXT.CARD_NUMBER_LENGTH,
  SECURITY_CODE_LENGTH: TEXT.SECURITY_CODE_LENGTH,
  INVALID_ZIP: TEXT.INVALID_ZIP,
  CARD_DECLINED: 'Your card was declined. Please use another card.',
  CARD_INVALID: 'Card number is invalid',
  /** Stripe's mode (decision 2510): the card is typed into Stripe's Payment Element, never into the store's fields. */
  CARD_NOT_ENTERED: 'Please enter your card in the payment form.',
  CARD_NOT_SAVED: 'The card could not be saved. Please try again or use another card.',
  CARD_NEEDS_AUTHENTICATION: 'Your bank asks you to confirm this card. Please use another card.',
  CARD_ENTRY_NOT_OFFERED: 'Cards are entered in the card fields on this store.',
  ROUTING_INVALID: 'Invalid routing number',
  /** A routing number with a valid checksum that the directory does not know: the person types the bank's name. */
  BANK_NAME_NOT_FOUND: 'We could not find the bank of this routing number. Please type the bank name.',
  INVALID_BANK_NAME: 'Please enter valid bank name',
  NOTE_LIST: 'Your premium is billed through your employer list bill. No payment details are needed.',
} as const;

/**
 * The EFT terms of section 9, shown on the billing step, changed to agree with the one schedule (billing-schedule.ts):
 * the chosen bill date wins over the specification's windows of the 1st to 6th and 21st to 26th, and "no monthly
 * charge for EFT" (a fee, not the premium) is said as such (decision 2520).
 */
export const EFT_TERMS =
  'By choosing EFT you authorize us to debit the account above. The first payment is sent to your bank the day after you enroll and reaches your account within 5 days of enrollment. ' +
  'Each monthly payment is debited on the bill date you choose (the last day of a shorter month), and reaches your account by the next business day. ' +
  'Paying by EFT costs no extra fee. An insufficient-funds fee of $30 applies to returned payments. ' +
  'A stop-payment request must reach us at least 3 business days before the charge date.';

/** Which payment types a method offers (section 4.10). */
export function paymentOptions(method: PaymentMethod): ('cc' | 'eft')[] {
  if (method === 'cc') return ['cc', 'eft'];
  if (method === 'eft') return ['eft'];
  return [];
}

/**
 * The method of an enrollment: its group's setting when the group has one (groups.payment_method), else our
 * choice (docs/decisions): group enrollments bill by list, others by card or EFT.
 */
export const paymentMethodFor = (e: { eprocess: string; type: string }, groupMethod?: PaymentMethod | null): PaymentMethod =>
  groupMethod ?? (e.eprocess === 'group' || e.type === 'new-group-member' ? 'list' : 'cc');

export const BILL_DATES = [1, 5, 10, 15, 20, 28] as const;
/** A bill date's label, the documents' '{n}th of month' in English ordinals: '1st of month', not '1th'. */
export const billDateLabel = (n: number) => `${ordinalDay(n)} of month`;

const required = (message: string = TEXT.FIELD_REQUIRED) => z.string({ error: message }).trim().min(1, { error: message });

export const ZBankFields = z.object({
  account_name: required()
    .max(100, { error: TEXT.INVALID_ACCOUNT_HOLDER })
    .regex(PATTERNS.accountHolder, { error: TEXT.INVALID_ACCOUNT_HOLDER }),
  account_number: required().regex(PATTERNS.account, { error: TEXT.ACCOUNT_NUMBER_LENGTH }),
  routing_number: required().regex(PATTERNS.routing, { error: TEXT.ROUTING_9_DIGITS }),
  bank_name: required()
    .max(100, { error: BILLING_TEXT.INVALID_BANK_NAME })
    .regex(PATTERNS.bankName, { error: BILLING_TEXT.INVALID_BANK_NAME }),
  account_type: z.enum(['checking', 'savings'], { error: TEXT.FIELD_REQUIRED }),
  account_holder_type: z.enum(['individual', 'company'], { error: TEXT.FIELD_REQUIRED }),
});

const thisYear = () => new Date().getFullYear();
export const expirationYears = (from = thisYear()) => Array.from({ length: 21 }, (_, i) => String(from + i));
export const EXPIRATION_MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));

export const ZCardFields = z.object({
  first_name_on_cc: required()
    .max(50, { error: TEXT.PLEASE_ENTER_VALID_FIRST_NAME })
    .regex(PATTERNS.lettersOnly, { error: TEXT.PLEASE_ENTER_VALID_FIRST_NAME }),
  last_name_on_cc: required()
    .max(50, { error: TEXT.PLEASE_ENTER_VALID_LAST_NAME })
    .regex(PATTERNS.lettersOnly, { error: TEXT.PLEASE_ENTER_VALID_LAST_NAME }),
  card_number: required().regex(PATTERNS.card, { error: TEXT.CARD_NUMBER_LENGTH }),
  security_code: required().regex(PATTERNS.digits3or4, { error: TEXT.SECURITY_CODE_LENGTH }),
  expiration_month: z.enum(EXPIRATION_MONTHS as [string, ...string[]], { error: TEXT.FIELD_REQUIRED }),
  expiration_year: required().regex(/^\d{4}$/, { error: TEXT.FIELD_REQUIRED }),
  address1: required().max(100),
  address2: z.string().trim().max(100).optional(),
  city: required().max(60),
  state: required().regex(PATTERNS.state, { error: TEXT.FIELD_REQUIRED }),
  zip: required().max(5, { error: TEXT.INVALID_ZIP }).regex(PATTERNS.zip5, { error: TEXT.INVALID_ZIP }),
  is_physical_address: z.enum(['yes', 'no']).optional(),
});

/** The card holder and billing address: a card's fields without those Stripe's Payment Element takes (decision 2510). */
export const ZCardHolderFields = ZCardFields.omit({
  card_number: true,
  security_code: true,
  expiration_month: true,
  expiration_year: true,
});

/** The billing step's payment authorization (issue 22; its words in consent.ts): required with a card or bank payment. */
export const AUTHORIZATION_REQUIRED = 'Please accept the payment authorization.';
/** What the billing step's save carries with a card or bank payment: the acceptance and the words shown. */
export const authorizationBodyFields = {
  payment_authorization: z.literal(true, { error: AUTHORIZATION_REQUIRED }).optional(),
  authorization_text: z.string().max(4000).optional(),
};

const common = {
  enrollment_id: z.string().trim().min(1).max(64),
  bill_date: z.coerce.number().int().min(1).max(31).default(LIMITS.defaultBillDate),
  // Card or bank: the payment authorization shown on the step, accepted (issue 22).
  ...authorizationBodyFields,
  // 1: the wizard's last Next, which completes the enrollment (decision 2530); without it the step is only saved.
  first_enroll: z.coerce.number().int().optional(),
};

export const ZSaveBillingRequest = z.discriminatedUnion('payment_method', [
  z.object({ ...common, payment_method: z.literal('eft'), ...ZBankFields.shape }),
  z.object({ ...common, payment_method: z.literal('cc'), ...ZCardFields.shape }),
  z.object({ ...common, payment_method: z.enum(['list', 'elist', 'stmt']) }),
]);
export type TSaveBillingRequest = z.infer<typeof ZSaveBillingRequest>;

/**
 * A card taken by the processor's own form in the browser (Stripe's Payment Element, PAYMENT_PROVIDER=stripe; decision
 * 2510): the card number, expiry and security code never reach the store, only the processor's PaymentMethod id.
 */
export const ZPaymentMethodId = z
  .string()
  .trim()
  .regex(/^pm_\w{1,200}$/, { error: BILLING_TEXT.CARD_NOT_ENTERED });
export const ZSaveBillingPaymentMethodRequest = z.object({
  ...common,
  payment_method: z.literal('cc'),
  payment_method_id: ZPaymentMethodId,
  ...ZCardHolderFields.shape,
});
export type TSaveBillingPaymentMethodRequest = z.infer<typeof ZSaveBillingPaymentMethodRequest>;

/** How the billing step takes a card, as the server announces it: our own fields, or Stripe's Payment Element. */
export const ZCardEntry = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('offline') }),
  z.object({ provider: z.literal('stripe'), publishable_key: z.string() }),
]);
export type TCardEntry = z.infer<typeof ZCardEntry>;

export const ZSaveBillingExistingRequest = z.object({
  ...common,
  payment_method: z.enum(['cc', 'eft']),
  card_id: z.coerce.number().int().positive().optional(),
  bank_id: z.coerce.number().int().positive().optional(),
  account_name: z.string().optional(),
  account_type: z.string().optional(),
  account_holder_type: z.string().optional(),
});

/** Card brand from the number (for the receipt and the masked record). */
export function cardBrand(cardNumber: string): string {
  const d = cardNumber.replace(/\D/g, '');
  if (/^4/.test(d)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(d)) return 'Mastercard';
  if (/^3[47]/.test(d)) return 'American Express';
  if (/^6(011|5)/.test(d)) return 'Discover';
  return 'Card';
}

/**
 * A card's brand as the store names it, from Stripe's brand code ('visa', 'amex', …): the server's adapter names a saved
 * card so, and the payment authorization the shopper accepts names the same card the same way.
 */
export const cardBrandName = (stripeBrand: string | null | undefined): string =>
  ({ visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' })[stripeBrand ?? ''] ?? 'Card';

// ---------- a payment the cardholder's bank asks them to confirm (3-D Secure; decisions 2670, 2821) ----------

export const AUTHENTICATION_TEXT = {
  NEEDED: 'Your bank asks you to confirm this payment.',
  CONFIRM: 'Confirm the payment',
  PAID: 'Thank you. The payment was made.',
  NOT_CONFIRMED: 'The payment was not confirmed. Please try again, or change your payment method.',
  NOT_WAITING: 'This payment does not wait for a confirmation.',
} as const;

/**
 * What the browser needs to have a waiting payment confirmed by Stripe.js (confirmCardPayment): the PaymentIntent's
 * client secret, the PaymentMethod that needs it, and the publishable key; `paid` when it was paid meanwhile.
 */
export const ZPaymentAuthentication = z.discriminatedUnion('status', [
  z.object({ status: z.literal('paid') }),
  z.object({
    status: z.literal('requires_action'),
    publishable_key: z.string(),
    client_secret: z.string(),
    payment_method_id: z.string().nullable(),
    amount_cents: z.number().int(),
  }),
]);
export type TPaymentAuthentication = z.infer<typeof ZPaymentAuthentication>;
