import { z } from 'zod';
import { addDaysIso } from './dates.ts';
import type { TPlanRules } from './plan-rules.ts';

/**
 * A change of plan in a life event's window (issue 38, decision 2650): the member picks another plan of the same
 * category, priced from the event's effective date; the old plan ends the day before, the new one starts on it. And
 * the preview of a change of the household (the new tier and monthly amount shown before the member confirms).
 */

/** The fixed texts (Spanish in apps/web/src/locales/es/server-messages.json). */
export const LIFE_EVENT_PLAN_TEXT = {
  NO_PLAN: 'This plan is not one of your running plans.',
  SAME_PLAN: 'Choose a plan other than the one you have.',
  OTHER_CATEGORY: 'Choose another plan of the same kind.',
  NOT_OFFERED: 'This plan is not offered for your coverage.',
  ALREADY_HAVE: 'You already have this plan.',
  CHANGED: 'Your plan was changed.',
  CHOOSE: 'Choose the plan you want instead.',
} as const;

export const ZLifeEventPlanChangeRequest = z.object({
  from_plan_id: z.number().int().positive(),
  to_plan_id: z.number().int().positive(),
});
export type TLifeEventPlanChangeRequest = z.infer<typeof ZLifeEventPlanChangeRequest>;

/** A plan the member may change to: the same category as one they run, priced at their tier from the effective date. */
export const ZLifeEventPlanOption = z.object({
  from_plan_id: z.number().int(),
  from_plan_name: z.string(),
  plan_id: z.number().int(),
  plan_name: z.string(),
  monthly_cents: z.number().int(),
  needs_evidence: z.boolean(),
});
export const ZLifeEventPlanOptions = z.object({
  effective_date: z.string(),
  tier: z.string(),
  options: z.array(ZLifeEventPlanOption),
});
export type TLifeEventPlanOptions = z.infer<typeof ZLifeEventPlanOptions>;

export const ZLifeEventPlanChangeResponse = z.object({
  from_plan_id: z.number().int(),
  to_plan_id: z.number().int(),
  plan_name: z.string(),
  tier: z.string(),
  /** The new plan's monthly price. */
  plan_monthly_cents: z.number().int(),
  /** The household's monthly amount before and after (a plan pending evidence is not in it until approved). */
  monthly_cents: z.number().int(),
  previous_monthly_cents: z.number().int(),
  adjustment_cents: z.number().int(),
  effective_date: z.string(),
  /** The old plan's last day (null while the new plan waits for evidence of insurability: the old one runs on). */
  old_plan_ends_on: z.string().nullable(),
  pending_evidence: z.boolean(),
  carrier_files: z.number().int(),
});
export type TLifeEventPlanChangeResponse = z.infer<typeof ZLifeEventPlanChangeResponse>;

/** What a change of the household would do, before the member confirms it (nothing is saved). */
export const ZLifeEventChangePreview = z.object({
  tier: z.string(),
  tier_label: z.string(),
  monthly_cents: z.number().int(),
  previous_monthly_cents: z.number().int(),
  effective_date: z.string(),
});
export type TLifeEventChangePreview = z.infer<typeof ZLifeEventChangePreview>;

/**
 * The old plan's last day when a new one starts on `startsOn`: the day before; a plan that had not begun by then ends
 * on its own first day (a cancellation from its start: DTP*349 never before DTP*348).
 */
export function replacedPlanEnd(startsOn: string, oldStart: string | null): string {
  const before = addDaysIso(startsOn, -1);
  return oldStart && oldStart > before ? oldStart : before;
}

/** Whether a plan's own rules (plans.rules) sell it to this member: their state, the household's tier, their age; never a membership. */
export function planOfferedTo(rules: TPlanRules, q: { state: string | null; tier: string; age: number }): boolean {
  if (rules.membership) return false;
  if (rules.states && (!q.state || !rules.states.includes(q.state))) return false;
  if (rules.tiers && !rules.tiers.includes(q.tier as 'IO')) return false;
  if (rules.minAge !== undefined && q.age < rules.minAge) return false;
  if (rules.maxAge !== undefined && q.age > rules.maxAge) return false;
  return true;
}
