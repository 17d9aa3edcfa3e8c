import { z } from 'zod';
import { TEXT } from './texts.ts';
import { PATTERNS, ZDob, ZEmail, ZPhone, ZZip, requiredString } from './validation.ts';
import { GENDER_CODES, TIER_CODES, CATEGORY_KEYS } from './codes.ts';

/**
 * Schemas of the storefront calls (storefront.md sections 5 and 7), shared by the routes and the web forms.
 */

// ---------- quote form (hero, wizard, referral landing, Basic Details) ----------

/** Which zip message a form shows: the banner says 'Invalid Zip code', the wizard and edit form 'Enter 5 digit zip code.' */
export const ZQuoteForm = (zipMessage: string = TEXT.ENTER_5_DIGIT_ZIP_DOT) =>
  z.object({
    zip: ZZip(zipMessage),
    dob: ZDob(),
    gender: z.enum(GENDER_CODES, { error: TEXT.FIELD_REQUIRED }),
    tier: z.enum(TIER_CODES, { error: TEXT.FIELD_REQUIRED }),
  });
export type TQuoteForm = z.infer<ReturnType<typeof ZQuoteForm>>;

/** The four steps of the get-started wizard, in order; each names its one field. */
export const WIZARD_STEPS = ['zip', 'dob', 'gender', 'tier'] as const;
export type WizardField = (typeof WIZARD_STEPS)[number];

/** The step (1 to 4) a server error about `target` jumps back to; null when it names no wizard field. */
export function wizardStepFor(target: string): number | null {
  const i = WIZARD_STEPS.indexOf(target as WizardField);
  return i < 0 ? null : i + 1;
}

/** The first message of a single wizard field, or null when it is valid. */
export function wizardFieldProblem(field: WizardField, value: string | undefined): string | null {
  const shape = ZQuoteForm(TEXT.ENTER_5_DIGIT_ZIP_DOT).shape[field];
  const r = shape.safeParse(value ?? '');
  return r.success ? null : (r.error.issues[0]?.message ?? TEXT.FIELD_REQUIRED);
}

// ---------- access codes ----------

export const ZValidateAgentQuery = z.object({ agent_code: requiredString(TEXT.FIELD_REQUIRED, 40) });
export const ZValidateGroupQuery = z.object({ group_code: requiredString(TEXT.FIELD_REQUIRED, 40) });

/** Rep validation result (storefront.md section 3). */
export const ZAgentValidation = z.object({
  agent_id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  agent_code: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  landing_url: z.string().nullable(),
});
export type TAgentValidation = z.infer<typeof ZAgentValidation>;

/** Group validation result (storefront.md section 3). */
export const ZGroupValidation = z.object({
  group_id: z.number(),
  name: z.string(),
  gcode: z.string(),
  landing_url: z.string().nullable(),
});
export type TGroupValidation = z.infer<typeof ZGroupValidation>;

/** Where Yes of the access-code confirmation goes. */
export function landingTarget(kind: 'Agent' | 'Group', landingUrl: string | null | undefined): string {
  const url = (landingUrl ?? '').trim().replace(/^\/+/, '');
  return url ? `/${url}` : `/landing-config-error/${kind}`;
}

// ---------- rep sign-up query ----------

export const ZAgentRegistrationQuery = z.object({
  name: requiredString(TEXT.FIELD_REQUIRED, 100).regex(PATTERNS.name, { error: TEXT.ENTER_VALID_NAME }),
  state: requiredString(TEXT.FIELD_REQUIRED, 2).regex(PATTERNS.state, { error: TEXT.FIELD_REQUIRED }),
  phone: ZPhone(TEXT.INVALID_PHONE),
  email: ZEmail(TEXT.ENTER_VALID_EMAIL),
});
export type TAgentRegistrationQuery = z.infer<typeof ZAgentRegistrationQuery>;
export const AGENT_REGISTRATION_THANKS = 'Thank you! Our team will reach out to you soon.';

// ---------- menu, featured plans, referral ----------

export const ZMenuQuery = z.object({
  agent_id: z.string().max(20).optional(),
  group_id: z.string().max(20).optional(),
  portal_id: z.string().max(20).optional(),
  eprocess: z.string().max(20).optional(),
  open_type: z.string().max(20).optional(),
});
export const ZMenuItem = z.object({ key: z.enum(CATEGORY_KEYS), name: z.string() });
export type TMenuItem = z.infer<typeof ZMenuItem>;

/** Plan card (storefront.md section 3); plan_group is one of PLAN_GROUPS or null. */
export const ZPlanCard = z.object({
  plan_id: z.number(),
  plan_name: z.string(),
  plan_logo: z.string().nullable(),
  /** The carrier's name: the logo's text alternative (the logo is the carrier's). */
  carrier: z.string().nullable().optional(),
  plan_short_text: z.string(),
  category: z.string(),
  plan_group: z.string().nullable(),
});
export type TPlanCard = z.infer<typeof ZPlanCard>;

export const ZReferralInfo = z.object({
  referral_id: z.string(),
  agent_id: z.number().nullable(),
  group_id: z.number().nullable(),
  portal_id: z.number().nullable(),
  valid_referral_link: z.boolean(),
  referrer_info: z.object({ name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }).nullable(),
});
export type TReferralInfo = z.infer<typeof ZReferralInfo>;

// ---------- leads, chat ----------

export const ZDeviceId = z
  .string()
  .trim()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9-]+$/);
export const ZWebUrl = z.string().trim().max(300).optional();

export const ZAssistQuestion = z.object({ id: z.number(), question: z.string() });
export const ZAssistAnswer = z.object({
  id: z.number(),
  question_id: z.number(),
  answer: z.string(),
  assistant_question: z.object({ question: z.string() }),
});
export type TAssistQuestion = z.infer<typeof ZAssistQuestion>;
export type TAssistAnswer = z.infer<typeof ZAssistAnswer>;
export const ZAssistGet = z.object({ question: ZAssistQuestion.nullable(), answer: z.array(ZAssistAnswer) });
export type TAssistGet = z.infer<typeof ZAssistGet>;
export const CHAT_ANSWER_MAX = 500;
export const ZAssistAdd = z.object({
  question_id: z.coerce.number().int().positive(),
  answer: requiredString(TEXT.FIELD_REQUIRED, CHAT_ANSWER_MAX),
  device_id: ZDeviceId,
  agent_id: z.union([z.number().nullable(), z.string().nullable()]).optional(),
  web_url: ZWebUrl,
});
export type TAssistAdd = z.infer<typeof ZAssistAdd>;
export const CHAT_DONE_MESSAGE = 'Thank you! Please allow 24 hours for a rep to reach out to you.';

// ---------- member home ----------

export const ZMemberTierForm = z.object({ tier: z.enum(TIER_CODES, { error: TEXT.CHOOSE_TIER }) });

/** The four tier choices of the member home, with their codes. */
export const MEMBER_TIER_CHOICES = [
  { code: 'IO', label: 'Member Only' },
  { code: 'IS', label: 'Member + Spouse' },
  { code: 'IC', label: 'Member + Children' },
  { code: 'IF', label: 'Family' },
] as const;

// ---------- provider list ----------

/**
 * The provider networks of /provider-list: fictional brands made for the demo store (issue 25), each with its logo,
 * a media id the seed stores (apps/server/assets/brands) and the page shows from /media/<logo>.
 */
export const PROVIDER_NETWORKS = {
  dental: [
    { name: 'BrightSmile Dental Network', url: 'https://www.brightsmile.example/find-a-dentist', logo: 'network-brightsmile.svg' },
    { name: 'Careline Dental Access', url: 'https://www.careline.example/find-a-dentist', logo: 'network-careline.svg' },
    { name: 'Summit Dental PPO', url: 'https://www.summitdental.example/find-a-dentist', logo: 'network-summit.svg' },
    { name: 'Harborview Dental Alliance', url: 'https://www.harborview.example/find-a-dentist', logo: 'network-harborview.svg' },
  ],
  vision: [
    { name: 'ClearSight Vision Network', url: 'https://www.clearsight.example/find-an-eye-doctor', logo: 'network-clearsight.svg' },
    { name: 'Lumina Eye Care', url: 'https://www.luminaeyecare.example/find-an-eye-doctor', logo: 'network-lumina.svg' },
  ],
} as const;
