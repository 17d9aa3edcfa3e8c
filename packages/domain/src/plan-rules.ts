import { z } from 'zod';

/**
 * Eligibility and behaviour rules of one plan, kept as JSON beside the plan (plans.rules).
 * Every field is optional: an empty object is the plain plan.
 */
export const ZPlanRules = z.object({
  /** Two-letter states where the plan is sold (stateError elsewhere). */
  states: z.array(z.string().length(2)).optional(),
  /** Inclusive zip ranges where the plan is sold (metError elsewhere). */
  zipRanges: z.array(z.tuple([z.string().length(5), z.string().length(5)])).optional(),
  /** Tiers the plan is sold for (tierError otherwise). */
  tiers: z.array(z.enum(['IO', 'IS', 'IC', 'IF'])).optional(),
  /** Age band of the primary member (ageError outside). */
  minAge: z.number().int().optional(),
  maxAge: z.number().int().optional(),
  /** Above this age the server answers planAgeError with planAgeMessage. */
  planAgeMax: z.number().int().optional(),
  planAgeMessage: z.string().optional(),
  /** Minimum annual income in dollars (salaryError) and weekly working hours (hourError). */
  minIncome: z.number().optional(),
  minHours: z.number().optional(),
  /** Portals (platform_group_id) where the plan is sold (portalError elsewhere). */
  portals: z.array(z.number().int()).optional(),
  portalMessage: z.string().optional(),
  /** Price depends on tobacco use: smokerError until the filter has is_smoker. */
  requiresSmoker: z.boolean().optional(),
  /** Prudential-type: membership picker, 3% administrative fee notice. */
  prudential: z.boolean().optional(),
  /** Shows the 100k text in the cart. */
  prudential100k: z.boolean().optional(),
  /** Premier plan: 'Member + 1 Child', one child in IC, spouse question on dependents. */
  premier: z.boolean().optional(),
  /** Add to cart answers a blackout error with this message. */
  blackoutMessage: z.string().optional(),
  /** Retired plan: pricing answers changePid with this plan id. */
  replacedBy: z.number().int().optional(),
  /** Questionnaire kind: 'questions' (Enroll Now form) or 'aflac' (must answer Yes). */
  questionnaire: z.enum(['questions', 'aflac']).optional(),
  /** A membership plan (picked in the Prudential flow). */
  membership: z.boolean().optional(),
  /** Not removable from the cart once added (listed in order info). */
  notRemovable: z.boolean().optional(),
});
export type TPlanRules = z.infer<typeof ZPlanRules>;

/** The home page's plan groups live in a zod-free module (the first page loads no zod). */
export { PLAN_GROUPS, PLAN_GROUP_TITLES, type PlanGroup } from './plan-groups.ts';
