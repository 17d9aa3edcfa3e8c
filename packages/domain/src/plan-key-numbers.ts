/**
 * The console's key-numbers editor (issue 25): the numbers of a plan card typed as an operator reads them
 * (dollars, months, years) and turned into plans.benefits (cents) here, never in the web app. The shared schema of
 * the form; the server validates the result again with ZPlanBenefits.
 */
import { z } from 'zod';
import { BENEFIT_SERVICES } from './benefit-services.ts';
import type { TPlanBenefits } from './plan-benefits.ts';

export const KEY_NUMBERS_TEXT = {
  MONEY: 'Enter an amount in dollars, such as 50 or 1500.00.',
  MONTHS: 'Enter a whole number of months from 0 to 36.',
  YEARS: 'Enter a whole number of years from 1 to 60, or leave it empty.',
  LABEL: 'Enter what the amount is paid for.',
} as const;

const MONEY = /^\d{1,9}(\.\d{1,2})?$/;
const clean = (v: unknown) => (typeof v === 'string' ? v.trim().replace(/[$,\s]/g, '') : v);
/** An amount in dollars as typed ("1,500.00", "$50"); empty: not stated. */
const zMoney = z.preprocess(
  clean,
  z.string().refine((s) => s === '' || MONEY.test(s), { error: KEY_NUMBERS_TEXT.MONEY }),
);

/** Cents of an amount in dollars as the form keeps it (already checked); null when empty. Integer arithmetic. */
export function dollarsToCents(text: string): number | null {
  const s = String(clean(text));
  if (!s) return null;
  const [whole, part = ''] = s.split('.');
  return Number(whole) * 100 + Number(part.padEnd(2, '0'));
}
/** The form's text of an amount in cents ("1500.00"); empty when null. */
export const centsToDollars = (cents: number | null | undefined): string =>
  cents == null ? '' : `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

export const ZKeyNumbersForm = z.object({
  deductible: zMoney,
  annual_max: zMoney,
  /** The waiting period of each service class the plan covers. */
  waiting: z
    .array(
      z.object({
        service: z.enum(BENEFIT_SERVICES),
        months: z.preprocess(clean, z.string().regex(/^(\d|[12]\d|3[0-6])$/, { error: KEY_NUMBERS_TEXT.MONTHS })),
      }),
    )
    .max(12),
  coverage: zMoney,
  term_years: z.preprocess(clean, z.string().regex(/^$|^([1-9]|[1-5]\d|60)$/, { error: KEY_NUMBERS_TEXT.YEARS })),
  amounts: z
    .array(
      z.object({
        label: z.string().trim().min(1, { error: KEY_NUMBERS_TEXT.LABEL }).max(80),
        label_es: z.string().trim().max(80),
        amount: zMoney.refine((s) => s !== '', { error: KEY_NUMBERS_TEXT.MONEY }),
      }),
    )
    .max(8),
});
export type TKeyNumbersForm = z.infer<typeof ZKeyNumbersForm>;

/** The form's values of a plan's benefits (null: nothing stated yet). */
export function keyNumbersForm(b: TPlanBenefits | null): TKeyNumbersForm {
  return {
    deductible: centsToDollars(b?.deductible_cents),
    annual_max: centsToDollars(b?.annual_max_cents),
    waiting: (b?.covers ?? []).map((c) => ({ service: c.service, months: String(c.waiting_months) })),
    coverage: centsToDollars(b?.coverage_cents),
    term_years: b?.term_years ? String(b.term_years) : '',
    amounts: (b?.benefit_amounts ?? []).map((a) => ({ label: a.label, label_es: a.label_es, amount: centsToDollars(a.amount_cents) })),
  };
}

/** The plan's benefits with the form's key numbers put in; what the form does not edit (network, shares, copays) is kept. */
export function withKeyNumbers(b: TPlanBenefits | null, f: TKeyNumbersForm): TPlanBenefits {
  const base: TPlanBenefits = b ?? { annual_max_cents: null, deductible_cents: null, network: '', out_of_network: false, covers: [] };
  const months = new Map(f.waiting.map((w) => [w.service, Number(w.months)]));
  const coverage = dollarsToCents(f.coverage);
  const out: TPlanBenefits = {
    ...base,
    deductible_cents: dollarsToCents(f.deductible),
    annual_max_cents: dollarsToCents(f.annual_max),
    covers: base.covers.map((c) => ({ ...c, waiting_months: months.get(c.service) ?? c.waiting_months })),
  };
  delete out.coverage_cents;
  delete out.term_years;
  delete out.benefit_amounts;
  if (coverage !== null) {
    out.coverage_cents = coverage;
    out.term_years = f.term_years ? Number(f.term_years) : null;
  }
  if (f.amounts.length)
    out.benefit_amounts = f.amounts.map((a) => ({ label: a.label, label_es: a.label_es, amount_cents: dollarsToCents(a.amount) ?? 0 }));
  return out;
}

/** Where a server error on plans.benefits belongs in the form ('benefits.covers.0.waiting_months' → 'key.waiting.0.months'). */
export function keyNumbersField(target: string): string | null {
  const m = /^benefits\.(.+)$/.exec(target);
  if (!m) return null;
  const path = m[1]
    .replace(/^deductible_cents$/, 'deductible')
    .replace(/^annual_max_cents$/, 'annual_max')
    .replace(/^covers\.(\d+)\.waiting_months$/, 'waiting.$1.months')
    .replace(/^coverage_cents$/, 'coverage')
    .replace(/^benefit_amounts\.(\d+)\.amount_cents$/, 'amounts.$1.amount')
    .replace(/^benefit_amounts\.(\d+)\.(label|label_es)$/, 'amounts.$1.$2');
  return /^(deductible|annual_max|waiting\.\d+\.months|coverage|term_years|amounts\.\d+\.(amount|label|label_es))$/.test(path)
    ? `key.${path}`
    : null;
}
