import { z } from 'zod';
import { TEXT } from './texts.ts';
import { TABS, type TabName } from './codes.ts';
import { ZEmail } from './validation.ts';

/**
 * The enrollment wizard, part one: dynamic tabs, field definitions, Save & Continue Later, continue and the review
 * notes. Its steps are beside it (enrollment-personal.ts with the enroller code, enrollment-contact.ts,
 * enrollment-employer.ts, enrollment-beneficiaries.ts; their small pieces in enrollment-fields.ts). Shared by the
 * forms and the routes.
 */

// ---- wizard ---------------------------------------------------------------------------------------

export const ZDynamicTab = z.object({ tab_name: z.enum(TABS), required: z.boolean(), order: z.number().int().min(0).max(10) });
export type TDynamicTab = z.infer<typeof ZDynamicTab>;

/** Dynamic tab name -> saved-tab key (section 2.2; the sic spellings are the wire's). */
export const SAVED_TAB_KEY: Record<TabName, string> = {
  primary_info: 'primary_info',
  contact_info: 'contact_info',
  employer_info: 'employer_info',
  beneficiary_info: 'benificiary_info',
  primary_health_info: 'health_info',
  dependent_info: 'dependent_info',
  review_info: 'review_info',
  agreement_info: 'aggrement_info',
  billing_info: 'payment_info',
};

/** A saved value as a step's field shows it again: text, a number, a yes/no, nothing, or a set of 0/1 flags. */
export const ZFieldValue = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  // The employer step's holiday_policy: { <holiday>: 0 | 1 }.
  z.record(z.string(), z.union([z.literal(0), z.literal(1)])),
]);
export type TFieldValue = z.infer<typeof ZFieldValue>;

/** A server-supplied field definition of a step. */
export const ZFieldDef = z.object({
  field_name: z.string(),
  required: z.boolean(),
  read_only: z.boolean(),
  value: ZFieldValue.optional(),
});
export type TFieldDef = z.infer<typeof ZFieldDef>;

// ---- continue ----------------------------------------------------------------------------------------

export const ZContinueForm = z.object({
  code: z
    .string({ error: TEXT.FIELD_REQUIRED })
    .trim()
    .min(1, { error: TEXT.FIELD_REQUIRED })
    .max(40, { error: 'Invalid enrollment code' }),
  email: ZEmail(TEXT.ENTER_VALID_EMAIL),
});
export type TContinueForm = z.infer<typeof ZContinueForm>;
/** One answer for an unknown, used or expired code and for a code with another e-mail (nothing to learn from it). */
export const CONTINUE_FAILED = 'The enrollment code or the e-mail address is not right.';
/** A save of the wizard for an enrollment already completed (409): members change their data in the member home. */
export const ALREADY_COMPLETED = 'This enrollment is already completed.';
/** A save of the wizard for an enrollment whose coverage has ended (409; the after-sale issues add the state). */
export const ALREADY_ENDED = 'This enrollment has ended.';
/** A save of the wizard for a cancelled enrollment (409; the after-sale issues add the state). */
export const ALREADY_CANCELLED = 'This enrollment is cancelled.';
/**
 * The states in which the wizard is closed (decision 2360), each with the 409's text: after the receipt, changes go
 * only through the member home's audited paths.
 */
export const CLOSED_ENROLLMENT: Readonly<Record<string, string>> = {
  completed: ALREADY_COMPLETED,
  ended: ALREADY_ENDED,
  cancelled: ALREADY_CANCELLED,
};

export const ZContinueResult = z.object({
  enrollment_id: z.string(),
  saved_tab: z.string().nullable(),
  others: z.object({
    group_id: z.number().nullable(),
    platform_group_id: z.number().nullable(),
    agent_id: z.number().nullable(),
    open_type: z.string().nullable(),
    type: z.string(),
    eprocess: z.string().optional(),
  }),
});
export type TContinueResult = z.infer<typeof ZContinueResult>;

/** Save & Continue Later modal: the alternate e-mail. */
export const ZSaveLaterForm = z.object({ email: ZEmail(TEXT.ENTER_VALID_EMAIL) });
export type TSaveLaterForm = z.infer<typeof ZSaveLaterForm>;

/** The review step's form: its additional notes (the same rule as save-review-info's request). */
export const ZReviewNotesForm = z.object({ additional_notes: z.string().trim().max(2000) });
export type TReviewNotesForm = z.infer<typeof ZReviewNotesForm>;
