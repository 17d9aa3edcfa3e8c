import { z } from 'zod';
import { TEXT } from './texts.ts';
import { LIMITS } from './codes.ts';
import { isIssuedSsn, normalizeSsn, PATTERNS } from './validation.ts';
import { usDateProblem } from './validation.ts';
import { ZHealthInfo } from './health.ts';
export type { TDependentView } from './contract/enrollment-views.ts';

/**
 * Dependents (enrollment.md sections 2.8, 4.7, 5): the pure rules of the dependent step, shared by the
 * web step and the server. Tiers: IS spouse only, IC children only (IC3 too), IF spouse then children.
 */
export type Relationship = 'spouse' | 'child';
export type DependentTier = 'IO' | 'IS' | 'IC' | 'IF' | 'IC3' | string;

export const needsSpouse = (tier: DependentTier) => tier === 'IS' || tier === 'IF';
export const needsChildren = (tier: DependentTier) => tier === 'IC' || tier === 'IF' || tier === 'IC3';
export const hasDependents = (tier: DependentTier) => needsSpouse(tier) || needsChildren(tier);

/** The sub-heading of the step by tier (none for IO). */
export function dependentHeading(tier: DependentTier): string | null {
  if (tier === 'IF') return TEXT.SPOUSE_CHILD_INFO_REQUIRED;
  if (tier === 'IS') return TEXT.SPOUSE_INFO_REQUIRED;
  if (tier === 'IC' || tier === 'IC3') return TEXT.CHILD_INFO_REQUIRED;
  return null;
}

export interface DependentRulesInput {
  tier: DependentTier;
  /** Relationships of the dependents already in the list, in order. */
  relationships: Relationship[];
  /** A premier plan (L713) is in the cart. */
  premier: boolean;
  /** The premier spouse question's answer: true Yes, false No, null not answered. */
  spouseAccepted: boolean | null;
  /** An existing-member enrollment. */
  existingMember?: boolean;
}

/**
 * The relationship of the next dependent added: fixed by tier and order, never chosen by the user.
 * IS: spouse. IC/IC3: child. IF: spouse first when none yet (on a premier plan only when the spouse question
 * was answered Yes), then children.
 */
export function nextRelationship(input: DependentRulesInput): Relationship | null {
  const { tier, relationships, premier, spouseAccepted } = input;
  const spouses = relationships.filter((r) => r === 'spouse').length;
  if (tier === 'IS') return spouses === 0 ? 'spouse' : null;
  if (tier === 'IC' || tier === 'IC3') return 'child';
  if (tier === 'IF') {
    if (spouses === 0 && (!premier || spouseAccepted === true)) return 'spouse';
    return 'child';
  }
  return null;
}

/** Whether the premier spouse question shows: a premier plan with no dependents yet (IS/IF). */
export const showSpouseQuestion = (input: DependentRulesInput) =>
  input.premier && input.relationships.length === 0 && needsSpouse(input.tier) && input.spouseAccepted === null;

/** Whether another dependent may be added (the add buttons and Submit). */
export function canAddDependent(input: DependentRulesInput): boolean {
  const { tier, relationships, premier } = input;
  if (relationships.length >= LIMITS.maxDependentsExclusive - 1) return false;
  if (showSpouseQuestion(input)) return false;
  const spouses = relationships.filter((r) => r === 'spouse').length;
  const children = relationships.length - spouses;
  if (tier === 'IS') return spouses === 0;
  if (tier === 'IC' || tier === 'IC3') return !(premier && tier === 'IC' && children >= 1);
  if (tier === 'IF') return true;
  return false;
}

/** Which add buttons show: '+ Add Spouse' and/or '+ Add Child'. */
export function addButtons(input: DependentRulesInput): { spouse: boolean; child: boolean } {
  if (!canAddDependent(input)) return { spouse: false, child: false };
  const next = nextRelationship(input);
  return { spouse: next === 'spouse', child: next === 'child' };
}

/** The one-child rule of premier plans in IC: the message to show, or null. */
export function premierChildProblem(input: DependentRulesInput): string | null {
  const children = input.relationships.filter((r) => r === 'child').length;
  return input.premier && input.tier === 'IC' && children > 1 ? TEXT.ONE_CHILD_L713 : null;
}

/**
 * Whether Next shows (section 9's counts): IF 2 or more (existing-member premier: at least 1 with spouse
 * confirmed); IC exactly 1 (premier: at least 1); IS at least 1.
 */
export function nextAllowed(input: DependentRulesInput): boolean {
  const n = input.relationships.length;
  const { tier, premier, existingMember, spouseAccepted } = input;
  if (premierChildProblem(input)) return false;
  if (tier === 'IF') {
    if (existingMember && premier) return n >= 1 && spouseAccepted === true;
    if (premier && spouseAccepted === false) return n >= 1;
    return n >= 2;
  }
  if (tier === 'IC') return premier ? n >= 1 : n === 1;
  if (tier === 'IC3') return n >= 1;
  if (tier === 'IS') return n >= 1;
  return true;
}

/** An existing-member premier enrollment without spouse acceptance shows only Save & Continue Later. */
export const onlySaveLater = (input: DependentRulesInput) =>
  !!input.existingMember && input.premier && needsSpouse(input.tier) && input.spouseAccepted !== true;

/** Relationship of every dependent of a list, re-derived by tier and order. */
export function assignRelationships(
  tier: DependentTier,
  count: number,
  opts: { premier?: boolean; spouseAccepted?: boolean | null } = {},
): Relationship[] {
  const out: Relationship[] = [];
  for (let i = 0; i < count; i++) {
    const r = nextRelationship({ tier, relationships: out, premier: !!opts.premier, spouseAccepted: opts.spouseAccepted ?? null });
    out.push(r ?? 'child');
  }
  return out;
}

const optionalDigits = (max: number, zeroMessage: string) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v ?? '').trim())
    .optional()
    .superRefine((v, ctx) => {
      if (!v) return;
      if (!new RegExp(`^\\d{1,${max}}$`).test(v)) ctx.addIssue({ code: 'custom', message: zeroMessage });
    });

/** The personal part of a dependent (section 3 'Dependent'). */
export const ZDependentPrimaryInfo = z.object({
  dependent_id: z.string().max(64).optional(),
  relationship: z.enum(['spouse', 'child']).optional(),
  first_name: z
    .string({ error: TEXT.FIELD_REQUIRED })
    .trim()
    .min(1, { error: TEXT.FIELD_REQUIRED })
    .max(50, { error: TEXT.PLEASE_ENTER_VALID_FIRST_NAME })
    .regex(PATTERNS.personName, { error: TEXT.PLEASE_ENTER_VALID_FIRST_NAME }),
  middle_name: z.string().trim().max(50).optional(),
  last_name: z
    .string({ error: TEXT.FIELD_REQUIRED })
    .trim()
    .min(1, { error: TEXT.FIELD_REQUIRED })
    .max(50, { error: TEXT.PLEASE_ENTER_VALID_LAST_NAME })
    .regex(PATTERNS.personName, { error: TEXT.PLEASE_ENTER_VALID_LAST_NAME }),
  birthdate: z
    .string({ error: TEXT.FIELD_REQUIRED })
    .trim()
    .superRefine((v, ctx) => {
      const p = usDateProblem(v, { noFuture: true });
      if (p) ctx.addIssue({ code: 'custom', message: p });
    }),
  gender: z.enum(['0', '1'], { error: TEXT.FIELD_REQUIRED }),
  /** 9 digits (grouped or not), or the masked value of a saved dependent (kept as saved). */
  ssn: z
    .string({ error: TEXT.FIELD_REQUIRED })
    .trim()
    .min(1, { error: TEXT.FIELD_REQUIRED })
    .transform(normalizeSsn)
    .refine((v) => isIssuedSsn(v) || /^x{5}\d{4}$/.test(v), { error: TEXT.INVALID_SSN }),
  weight: optionalDigits(3, TEXT.WEIGHT_ZERO).refine((v) => !v || Number(v) > 0, { error: TEXT.WEIGHT_ZERO }),
  height_feet: optionalDigits(1, TEXT.HEIGHT_ZERO).refine((v) => !v || Number(v) > 0, { error: TEXT.HEIGHT_ZERO }),
  height_inch: optionalDigits(2, TEXT.INCH_INVALID).refine((v) => !v || Number(v) <= 11, { error: TEXT.INCH_INVALID }),
  employed: z.union([z.literal(0), z.literal('0')]).optional(),
});
export type TDependentPrimaryInfo = z.infer<typeof ZDependentPrimaryInfo>;

export const ZDependent = z.object({
  primary_info: ZDependentPrimaryInfo,
  health_info: ZHealthInfo.optional(),
});
export type TDependent = z.infer<typeof ZDependent>;

export const ZValidateSingleDependentRequest = z.object({
  enrollment_id: z.string().trim().min(1).max(64),
  primary_info: ZDependentPrimaryInfo,
  health_info: ZHealthInfo.optional(),
});

export const ZSaveDependentsRequest = z.object({
  enrollment_id: z.string().trim().min(1).max(64),
  dependents: z.array(ZDependent).max(LIMITS.maxDependentsExclusive - 1),
});
export type TSaveDependentsRequest = z.infer<typeof ZSaveDependentsRequest>;

/** 'Dependent #N' errors of re-validation (1-based). */
export const dependentError = (index: number, message: string) => `Dependent #${index + 1} ${message}`;

/** The premier spouse question of the dependent step ('Will you be Enrolling your spouse ?'): Yes or No. */
export const ZSpouseStatus = z.object({
  spouse_status: z.enum(['yes', 'no'], { error: TEXT.SELECT_SPOUSE_STATUS }),
});
export type TSpouseStatus = z.infer<typeof ZSpouseStatus>;
