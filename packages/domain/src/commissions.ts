import { z } from 'zod';
import { addMonths } from './billing-schedule.ts';

/*
 * Issue 39, commissions: what a rep earns on the premium the ledger collected, in cents, computed here and only here.
 *
 * Rounding rule (docs/decisions/2620-commissions.md): a rate is held in basis points (hundredths of a percent, 12.5% is
 * 1250); a commission is the premium times the rate, rounded half away from zero to the cent, in integer arithmetic
 * (no floating point). A charge-back is computed from the row it takes back: a full take-back is exactly the row's
 * amount negated; a refund of part of a payment takes back the difference of rounded cumulative shares, so partial
 * refunds adding up to the payment take back the row's amount exactly, never a cent more.
 */

/** The months from coverage start in which a plan's commission is first-year (after that: renewal). */
export const FIRST_YEAR_MONTHS = 12;
/** The default of the setting: coverage that ends within this many months of its start takes its commission back. */
export const DEFAULT_CHARGEBACK_MONTHS = 6;
export const MAX_RATE_BP = 10_000;

/** cents × bp / 10000, rounded half away from zero (integer arithmetic). */
export function applyRate(cents: number, bp: number): number {
  const sign = Math.sign(cents) * Math.sign(bp);
  const q = Math.floor((2 * Math.abs(cents) * Math.abs(bp) + 10_000) / 20_000);
  return sign < 0 ? -q : q || 0;
}

/** a × num / den rounded half away from zero (den > 0). */
const share = (a: number, num: number, den: number) => {
  const sign = Math.sign(a) * Math.sign(num);
  const q = Math.floor((2 * Math.abs(a) * Math.abs(num) + den) / (2 * den));
  return sign < 0 ? -q : q;
};

/**
 * What a refund or return of `refundNow` cents takes back of a commission row of `amount` cents earned on a payment of
 * `paymentCents`, when `refundedBefore` cents of that payment were refunded already: the difference of the rounded
 * cumulative shares (negative, or 0). Refunds beyond the payment take nothing more.
 */
export function refundChargeBack(amount: number, paymentCents: number, refundedBefore: number, refundNow: number): number {
  if (paymentCents <= 0) return 0;
  const before = Math.min(Math.max(refundedBefore, 0), paymentCents);
  const after = Math.min(before + Math.max(refundNow, 0), paymentCents);
  return share(amount, before, paymentCents) - share(amount, after, paymentCents) || 0;
}

/** A plan's part of a list-bill line: its commissionable premium × the line's cents / the monthly amount (rounded). */
export const shareOfLine = (commissionable: number, s: { cents: number; of_cents: number }) =>
  s.of_cents > 0 ? share(commissionable, s.cents, s.of_cents) || 0 : 0;

/** The whole months from the coverage's start to the first of a period (yyyy-mm): 0 for the first month. */
export function monthIndex(startsOn: string, period: string): number {
  const [sy, sm] = startsOn.split('-').map(Number);
  const [py, pm] = period.split('-').map(Number);
  return py * 12 + pm - (sy * 12 + sm);
}

/** Coverage ended within `months` months of its start (0: never). */
export const endedEarly = (startsOn: string, endsOn: string | null, months: number) =>
  months > 0 && endsOn !== null && endsOn < addMonths(startsOn, months);

export const COMMISSION_KINDS = ['first_year', 'renewal', 'flat', 'override', 'refund_chargeback', 'early_end_chargeback'] as const;
export type TCommissionKind = (typeof COMMISSION_KINDS)[number];
export const COMMISSION_KIND_WORDS: Record<TCommissionKind, string> = {
  first_year: 'First-year commission',
  renewal: 'Renewal commission',
  flat: 'Flat amount per enrollment',
  override: 'Override on your downline',
  refund_chargeback: 'Charge-back: payment refunded or returned',
  early_end_chargeback: 'Charge-back: coverage ended early',
};
const EARNED: readonly TCommissionKind[] = ['first_year', 'renewal', 'flat', 'override'];

export interface CommissionSchedule {
  first_year_bp: number;
  renewal_bp: number;
  flat_cents: number;
}
/** A plan of an enrollment in the rep's business. */
export interface BusinessPlan {
  plan_id: number;
  /** The plan's monthly premium less the administrative fee (the association membership is no plan here). */
  commissionable_cents: number;
  schedule: CommissionSchedule | null;
  /** The last day of this plan's coverage, when it ended or will end; null while it runs. */
  ends_on: string | null;
}
export interface BusinessEnrollment {
  enrollment_id: string;
  writing_agent_id: number;
  starts_on: string;
  plans: BusinessPlan[];
}
/** A ledger row not yet on this rep's statements: a payment, or a refund or return of one. */
export interface LedgerMoney {
  ledger_entry_id: number;
  enrollment_id: string;
  period: string;
  kind: 'payment' | 'refund' | 'return';
  amount_cents: number;
  /** For a refund or return: the payment's ledger row and amount. */
  payment_entry_id: number | null;
  payment_cents: number | null;
  /**
   * A list-bill line paid by its group (decision 2811): the line's cents over the enrollment's monthly amount. Each
   * plan's basis is that share of its commissionable premium (a whole month's line is the whole premium; a prorated or
   * ended line a part of it, negative for an ended one). Absent: a month's payment, the whole premium.
   */
  share?: { cents: number; of_cents: number };
}
/** A commission row (on a statement already, or made now). */
export interface CommissionRow {
  key: string;
  kind: TCommissionKind;
  enrollment_id: string;
  plan_id: number;
  ledger_entry_id: number | null;
  writing_agent_id: number;
  period: string;
  basis_cents: number;
  rate_bp: number | null;
  amount_cents: number;
  /** The key of the row a charge-back takes back. */
  reverses_key: string | null;
}
export interface StatementInput {
  agent_id: number;
  /** This rep's override on their downline's business, in basis points. */
  override_bp: number;
  chargeback_months: number;
  /** The first day after the statement's period: coverage ended before it is charged back now. */
  cutoff_day: string;
  business: BusinessEnrollment[];
  money: LedgerMoney[];
  existing: CommissionRow[];
}

/**
 * The new commission rows of one rep's statement (pure): for each payment, per plan with a schedule, the writing rep's
 * first-year or renewal percentage of the plan's commissionable premium (and the flat amount once per enrollment and
 * plan), or the upline's override percentage of it; for each refund or return, the take-back of what its payment
 * earned; for each plan whose coverage ended (before the cutoff) within `chargeback_months` of its start, the
 * take-back of everything it earned that is not taken back yet. A plan that ended early earns nothing more.
 */
export function statementRows(input: StatementInput): CommissionRow[] {
  const out: CommissionRow[] = [];
  const all = () => [...input.existing, ...out];
  const byId = new Map(input.business.map((b) => [b.enrollment_id, b]));
  const early = (b: BusinessEnrollment, p: BusinessPlan) =>
    p.ends_on !== null && p.ends_on < input.cutoff_day && endedEarly(b.starts_on, p.ends_on, input.chargeback_months);
  const a = input.agent_id;
  const money = [...input.money].sort((x, y) => x.ledger_entry_id - y.ledger_entry_id);
  for (const m of money) {
    const b = byId.get(m.enrollment_id);
    if (!b) continue;
    const own = b.writing_agent_id === a;
    if (m.kind === 'payment') {
      for (const p of b.plans) {
        if (!p.schedule || p.commissionable_cents <= 0 || early(b, p)) continue;
        const basis = m.share ? shareOfLine(p.commissionable_cents, m.share) : p.commissionable_cents;
        if (!basis) continue;
        const base = {
          enrollment_id: b.enrollment_id,
          plan_id: p.plan_id,
          ledger_entry_id: m.ledger_entry_id,
          writing_agent_id: b.writing_agent_id,
          period: m.period,
          basis_cents: basis,
          reverses_key: null,
        };
        if (own) {
          const firstYear = monthIndex(b.starts_on, m.period) < FIRST_YEAR_MONTHS;
          const bp = firstYear ? p.schedule.first_year_bp : p.schedule.renewal_bp;
          const amount = applyRate(basis, bp);
          if (amount)
            out.push({
              ...base,
              key: `c:${a}:${m.ledger_entry_id}:${p.plan_id}`,
              kind: firstYear ? 'first_year' : 'renewal',
              rate_bp: bp,
              amount_cents: amount,
            });
          const flatKey = `flat:${a}:${b.enrollment_id}:${p.plan_id}`;
          if (basis > 0 && p.schedule.flat_cents > 0 && !all().some((r) => r.key === flatKey))
            out.push({ ...base, key: flatKey, kind: 'flat', basis_cents: 0, rate_bp: null, amount_cents: p.schedule.flat_cents });
        } else if (input.override_bp > 0) {
          const amount = applyRate(basis, input.override_bp);
          if (amount)
            out.push({
              ...base,
              key: `o:${a}:${m.ledger_entry_id}:${p.plan_id}`,
              kind: 'override',
              rate_bp: input.override_bp,
              amount_cents: amount,
            });
        }
      }
    } else if (m.payment_entry_id !== null && m.payment_cents) {
      const refundNow = Math.abs(m.amount_cents);
      for (const src of all().filter((r) => r.ledger_entry_id === m.payment_entry_id && EARNED.includes(r.kind))) {
        const against = all().filter((r) => r.reverses_key === src.key);
        if (against.some((r) => r.kind === 'early_end_chargeback')) continue;
        const before = against.filter((r) => r.kind === 'refund_chargeback').reduce((s, r) => s + r.basis_cents, 0);
        const amount = refundChargeBack(src.amount_cents, m.payment_cents, before, refundNow);
        out.push({
          key: `r:${a}:${m.ledger_entry_id}:${src.key}`,
          kind: 'refund_chargeback',
          enrollment_id: src.enrollment_id,
          plan_id: src.plan_id,
          ledger_entry_id: m.ledger_entry_id,
          writing_agent_id: src.writing_agent_id,
          period: m.period,
          basis_cents: refundNow,
          rate_bp: null,
          amount_cents: amount,
          reverses_key: src.key,
        });
      }
    }
  }
  for (const b of input.business)
    for (const p of b.plans) {
      if (!early(b, p)) continue;
      for (const src of all().filter((r) => r.enrollment_id === b.enrollment_id && r.plan_id === p.plan_id && EARNED.includes(r.kind))) {
        const against = all().filter((r) => r.reverses_key === src.key);
        if (against.some((r) => r.kind === 'early_end_chargeback')) continue;
        const left = src.amount_cents + against.reduce((s, r) => s + r.amount_cents, 0);
        out.push({
          key: `e:${a}:${src.key}`,
          kind: 'early_end_chargeback',
          enrollment_id: b.enrollment_id,
          plan_id: p.plan_id,
          ledger_entry_id: null,
          writing_agent_id: src.writing_agent_id,
          period: src.period,
          basis_cents: src.amount_cents,
          rate_bp: null,
          amount_cents: -left,
          reverses_key: src.key,
        });
      }
    }
  return out;
}

export const sumCents = (rows: readonly { amount_cents: number }[]) => rows.reduce((s, r) => s + r.amount_cents, 0);

/* ---------- what leaves the server ---------- */

/** A percentage as the operator types it (0 to 100, at most two decimals) → basis points. */
export const COMMISSION_TEXTS = {
  percent: 'Enter a percentage from 0 to 100, with at most two decimals.',
  flat: 'Enter a dollar amount from 0 to 10,000.00, or leave it empty.',
  months: 'Enter a number of months from 0 to 24.',
  plan: 'This plan is not one of this carrier’s plans.',
  carrier: 'Choose a carrier.',
  upline: 'Choose another rep as the upline: not this rep, nor one of their downline.',
  agency: 'The agency name is at most 100 characters.',
  saved: 'Commission schedule saved.',
} as const;

const ZPercent = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .refine((s) => /^\d{1,3}(\.\d{1,2})?$/.test(s) && Number(s) <= 100, { error: COMMISSION_TEXTS.percent })
  .transform((s) => Math.round(Number(s) * 100));
const ZFlat = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim().replace(/^\$/, '').replace(/,/g, ''))
  .refine((s) => s === '' || (/^\d{1,5}(\.\d{1,2})?$/.test(s) && Number(s) <= 10_000), { error: COMMISSION_TEXTS.flat })
  .transform((s) => (s === '' ? 0 : Math.round(Number(s) * 100)));

/** The console's schedule form: a carrier, a plan of it or none (the carrier's default), the rates and the flat amount. */
export const ZCommissionScheduleForm = z.object({
  carrier_id: z.coerce.number().int().positive({ error: COMMISSION_TEXTS.carrier }),
  plan_id: z.union([z.literal(''), z.null(), z.coerce.number().int().positive()]).transform((v) => (v === '' || v === null ? null : v)),
  first_year_percent: ZPercent,
  renewal_percent: ZPercent,
  flat_amount: ZFlat,
});
export type TCommissionScheduleFormIn = z.input<typeof ZCommissionScheduleForm>;

export const ZCommissionSchedule = z.object({
  id: z.number().int(),
  carrier_id: z.number().int(),
  carrier_name: z.string(),
  plan_id: z.number().int().nullable(),
  plan_name: z.string().nullable(),
  first_year_bp: z.number().int(),
  renewal_bp: z.number().int(),
  flat_cents: z.number().int(),
});
export const ZCommissionSettingsForm = z.object({
  chargeback_months: z.coerce
    .number({ error: COMMISSION_TEXTS.months })
    .int({ error: COMMISSION_TEXTS.months })
    .min(0, { error: COMMISSION_TEXTS.months })
    .max(24, { error: COMMISSION_TEXTS.months }),
});
export const ZCommissionSetup = z.object({
  schedules: z.array(ZCommissionSchedule),
  carriers: z.array(
    z.object({ id: z.number().int(), name: z.string(), plans: z.array(z.object({ plan_id: z.number().int(), plan_name: z.string() })) }),
  ),
  chargeback_months: z.number().int(),
});
export type TCommissionSetup = z.infer<typeof ZCommissionSetup>;

/** A rep's agency, upline and the override the rep earns as an upline. */
export const ZRepHierarchyForm = z.object({
  agency: z.string().trim().max(100, { error: COMMISSION_TEXTS.agency }),
  upline_agent_id: z
    .union([z.literal(''), z.null(), z.coerce.number().int().positive()])
    .transform((v) => (v === '' || v === null ? null : v)),
  override_percent: ZPercent,
});
export type TRepHierarchyFormIn = z.input<typeof ZRepHierarchyForm>;
export const ZRepHierarchy = z.object({
  agent_id: z.number().int(),
  agency: z.string(),
  upline_agent_id: z.number().int().nullable(),
  override_bp: z.number().int(),
  downline: z.array(z.object({ agent_id: z.number().int(), name: z.string() })),
  reps: z.array(z.object({ agent_id: z.number().int(), name: z.string() })),
});
export type TRepHierarchy = z.infer<typeof ZRepHierarchy>;

export const ZCommissionLine = z.object({
  kind: z.enum(COMMISSION_KINDS),
  member: z.string(),
  confirmation_number: z.string().nullable(),
  plan_name: z.string(),
  writing_rep: z.string(),
  period: z.string(),
  basis_cents: z.number().int(),
  rate_bp: z.number().int().nullable(),
  amount_cents: z.number().int(),
});
export type TCommissionLine = z.infer<typeof ZCommissionLine>;
export const ZCommissionStatementSummary = z.object({
  id: z.number().int(),
  month: z.string(),
  issued_on: z.string(),
  total_cents: z.number().int(),
  row_count: z.number().int(),
});
export const ZRepCommissions = z.object({
  statements: z.array(ZCommissionStatementSummary),
  so_far: z.object({ total_cents: z.number().int(), lines: z.array(ZCommissionLine) }),
});
export type TRepCommissions = z.infer<typeof ZRepCommissions>;

/** "12.5%" from basis points. */
export const percentOf = (bp: number) => `${(bp / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
