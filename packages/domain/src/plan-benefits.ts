/**
 * The structured benefits of a plan (plans.benefits, migrations 0800 and 1950), apart from the comparison's rules so
 * that the plan card's schema (catalog.ts) does not bring them into every page that reads a plan card.
 */
import { z } from 'zod';
import { TEXT } from './texts.ts';
import { BENEFIT_SERVICES } from './benefit-services.ts';

/** One service a plan covers: a share paid after the deductible, a copay, or an allowance. */
export const ZCoveredService = z.object({
  service: z.enum(BENEFIT_SERVICES),
  /** Share the plan pays, 0 to 100. */
  percent: z.number().int().min(0).max(100).optional(),
  copay_cents: z.number().int().min(0).optional(),
  allowance_cents: z.number().int().min(0).optional(),
  /** The yearly deductible is paid first. */
  deductible_applies: z.boolean().default(false),
  waiting_months: z.number().int().min(0).max(36).default(0),
});
export type TCoveredService = z.infer<typeof ZCoveredService>;

/** One benefit amount of a supplemental plan (e.g. "Hospital admission", $1,000), its label in both languages. */
export const ZBenefitAmount = z.object({
  label: z.string().trim().min(1, TEXT.FIELD_REQUIRED).max(80),
  /** The label in Spanish; empty: the English label. */
  label_es: z.string().trim().max(80).default(''),
  amount_cents: z.number().int().min(0).max(100_000_000),
});
export type TBenefitAmount = z.infer<typeof ZBenefitAmount>;

/**
 * Structured benefits of a plan (plans.benefits, migrations 0800 and 1950): for dental and vision the deductible,
 * the annual maximum and the waiting period of each service class (covers); for life the coverage amount and term;
 * for supplemental plans their benefit amounts. Money in cents.
 */
export const ZPlanBenefits = z.object({
  /** Most the plan pays per person in a year; null: no annual maximum. */
  annual_max_cents: z.number().int().min(0).nullable(),
  /** Yearly deductible per person; null or 0: none. */
  deductible_cents: z.number().int().min(0).nullable(),
  /** The provider network; empty: none stated (life and supplemental plans). */
  network: z.string().trim().max(200).default(''),
  /** Out-of-network providers are paid too. */
  out_of_network: z.boolean().default(false),
  covers: z.array(ZCoveredService).max(12).default([]),
  /** Life: the death benefit; null or absent: not a life plan. */
  coverage_cents: z.number().int().min(0).max(10_000_000_000).nullable().optional(),
  /** Life: the term in years; null: whole life or not stated. */
  term_years: z.number().int().min(1).max(60).nullable().optional(),
  /** Supplemental plans: what they pay, per event. */
  benefit_amounts: z.array(ZBenefitAmount).max(8).optional(),
});
export type TPlanBenefits = z.infer<typeof ZPlanBenefits>;
