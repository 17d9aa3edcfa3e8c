import { z } from 'zod';
import { TEXT } from './texts.ts';
import { COVERAGES, EPROCESSES, GENDER_CODES, QUOTE_TIER_CODES } from './codes.ts';
import { PATTERNS, usDateProblem } from './validation.ts';
import { LIMITS } from './codes.ts';
import { SCREENSHOT_LIMITS } from './abuse-limits.ts';

/** The quote filter (temporary enrollment's filter_info): parsed by ZFilterInfo (enrollment-record.ts). */
export type { TFilterInfo } from './enrollment-record.ts';

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalId = z.preprocess(emptyToUndefined, z.coerce.number().int().positive().max(2_147_483_647).optional());

export const ZQuoteZip = z
  .string({ error: TEXT.FIELD_REQUIRED })
  .trim()
  .min(1, { error: TEXT.FIELD_REQUIRED })
  .regex(PATTERNS.zip5, { error: TEXT.ENTER_5_DIGIT_ZIP_DOT });

export const ZQuoteDob = z
  .string({ error: TEXT.FIELD_REQUIRED })
  .trim()
  .min(1, { error: TEXT.FIELD_REQUIRED })
  .max(LIMITS.dateText, { error: 'Enter a valid date (mm/dd/yyyy)' })
  .superRefine((v, ctx) => {
    const problem = usDateProblem(v, { minAge: LIMITS.minAge });
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const ZGender = z.enum(GENDER_CODES, { error: TEXT.FIELD_REQUIRED });
export const ZTier = z.enum(QUOTE_TIER_CODES, { error: TEXT.FIELD_REQUIRED });

/** The four fields of the quote form and wizard. */
export const ZQuoteForm = z.object({ zip: ZQuoteZip, dob: ZQuoteDob, gender: ZGender, tier: ZTier });
export type TQuoteFormValues = z.infer<typeof ZQuoteForm>;

export const ZAddFilterForNewUser = ZQuoteForm.extend({
  eprocess: z.preprocess(emptyToUndefined, z.enum(EPROCESSES).optional()),
  agent_id: optionalId,
  group_id: optionalId,
  platform_group_id: optionalId,
  type: z.preprocess(emptyToUndefined, z.enum(['new-member', 'new-group-member', 'existing-member']).optional()),
  open_type: z.preprocess(emptyToUndefined, z.enum(['agent', 'group', 'user']).optional()),
  referral: z.preprocess(emptyToUndefined, z.string().max(64).optional()),
  is_smoker: z.preprocess(emptyToUndefined, z.enum(['0', '1']).optional()),
});
export type TAddFilterForNewUser = z.infer<typeof ZAddFilterForNewUser>;

const categoriesInput = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : v,
  z.array(z.string().max(40)).max(20),
);

/** change-filter-info: only the non-empty fields are applied. */
export const ZChangeFilterInfo = z.object({
  zip: z.preprocess(emptyToUndefined, ZQuoteZip.optional()),
  dob: z.preprocess(emptyToUndefined, ZQuoteDob.optional()),
  gender: z.preprocess(emptyToUndefined, ZGender.optional()),
  tier: z.preprocess(emptyToUndefined, ZTier.optional()),
  is_smoker: z.preprocess(emptyToUndefined, z.enum(['0', '1'], { error: TEXT.FIELD_REQUIRED }).optional()),
  annual_incode: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'Enter a valid amount' })
      .min(0, { error: 'Enter a valid amount' })
      .max(100_000_000, { error: 'Enter a valid amount' })
      .optional(),
  ),
  working_hours: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'Enter valid working hours' })
      .min(0, { error: 'Enter valid working hours' })
      .max(168, { error: 'Enter valid working hours' })
      .optional(),
  ),
  categories: z.preprocess(emptyToUndefined, categoriesInput.optional()),
  coverage: z.preprocess(
    emptyToUndefined,
    z
      .array(z.enum(Object.keys(COVERAGES) as [string, ...string[]]))
      .max(4)
      .optional(),
  ),
});
export type TChangeFilterInfo = z.infer<typeof ZChangeFilterInfo>;

export const ZExistingUserFilter = z.object({
  user_id: z.coerce.number().int().positive().max(2_147_483_647),
  tier: z.enum(QUOTE_TIER_CODES, { error: TEXT.CHOOSE_TIER }),
  eprocess: z.preprocess(emptyToUndefined, z.enum(EPROCESSES).optional()),
  group_id: optionalId,
  agent_id: optionalId,
  policy_id: optionalId,
  open_type: z.preprocess(emptyToUndefined, z.enum(['agent', 'group', 'user']).optional()),
});
export type TExistingUserFilter = z.infer<typeof ZExistingUserFilter>;

export const ZUpdateFilterPortal = z.object({
  enrollment_id: z.string().trim().min(1).max(64),
  group_id: optionalId,
  platform_group_id: z.coerce.number({ error: TEXT.CHOOSE_PLATFORM }).int().positive({ error: TEXT.CHOOSE_PLATFORM }).max(2_147_483_647),
});

export const ZSaveScreenshot = z.object({
  enrollment_id: z.string().trim().min(1).max(64),
  name: z
    .string()
    .trim()
    .min(1)
    .max(60)
    .regex(/^[A-Za-z0-9_ -]+$/),
  image: z
    .string()
    // A PNG of at most SCREENSHOT_LIMITS.maxBytes, in base64 after its data-URL prefix (the server checks the bytes).
    .max(22 + Math.ceil(SCREENSHOT_LIMITS.maxBytes / 3) * 4, { error: 'The image is too large' })
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, { error: 'The image must be a PNG data URL' }),
});
