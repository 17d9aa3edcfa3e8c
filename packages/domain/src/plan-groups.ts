/** Plan groups of the home page (plan_group of a plan card); no zod here, the first page imports it. */
export const PLAN_GROUPS = ['low_deductible', 'high_annual_maximum', 'bundled', 'vision'] as const;
export type PlanGroup = (typeof PLAN_GROUPS)[number];
export const PLAN_GROUP_TITLES: Record<PlanGroup, string> = {
  low_deductible: 'Low Deductible',
  high_annual_maximum: 'High Annual Maximum',
  bundled: 'Bundled',
  vision: 'Vision',
};
