import { z } from 'zod';
import { TIER_CODES } from './codes.ts';

/** The console's rate tables: rows, CSV import and validation (pure), and the sample quote that reads them. */

/** One row of a rate table; price in dollars with cents as typed in the grid or CSV. */
export const ZRateRow = z
  .object({
    tier: z.enum(TIER_CODES, { error: 'Tier must be IO, IS, IC or IF.' }),
    age_min: z.coerce.number({ error: 'Enter a whole age.' }).int({ error: 'Enter a whole age.' }).min(0).max(120),
    age_max: z.coerce.number({ error: 'Enter a whole age.' }).int({ error: 'Enter a whole age.' }).min(0).max(120),
    state: z.preprocess(
      (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? v.trim().toUpperCase() : v),
      z
        .string()
        .regex(/^[A-Z]{2}$/, { error: 'State must be two letters or empty.' })
        .nullable(),
    ),
    smoker: z.preprocess(
      (v) =>
        v === '' || v === undefined || v === null || v === 'any'
          ? null
          : v === true || v === 'true' || v === 'yes' || v === '1'
            ? true
            : v === false || v === 'false' || v === 'no' || v === '0'
              ? false
              : v,
      z.boolean({ error: 'Smoker must be yes, no or empty.' }).nullable(),
    ),
    price: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().replace(/^\$/, '') : v),
      z
        .union([z.number(), z.string().regex(/^\d+(\.\d{1,2})?$/, { error: 'Enter a price such as 12.50.' })])
        .transform((v) => Number(v))
        .pipe(z.number().min(0, { error: 'Price cannot be negative.' }).max(100000)),
    ),
  })
  .refine((r) => r.age_min <= r.age_max, { error: 'Minimum age must not be above maximum age.', path: ['age_max'] });
export type TRateRow = z.infer<typeof ZRateRow>;
export const ZRateTable = z.object({ rows: z.array(z.unknown()).max(5000) });
export const ZRateCsv = z.object({ csv: z.string().max(500_000) });
export const ZRateOut = z.object({
  plan_pricing_id: z.number(),
  tier: z.string(),
  age_min: z.number(),
  age_max: z.number(),
  state: z.string().nullable(),
  smoker: z.boolean().nullable(),
  price: z.number(),
});
export type TRateOut = z.infer<typeof ZRateOut>;

export const ZSampleQuote = z.object({
  zip: z
    .string()
    .trim()
    .regex(/^\d{5}$/, { error: 'Enter a 5-digit zip code.' }),
  dob: z
    .string()
    .trim()
    .regex(/^\d{2}\/\d{2}\/\d{4}$/, { error: 'Enter the date as mm/dd/yyyy.' }),
  tier: z.enum(TIER_CODES),
  smoker: z.enum(['', 'yes', 'no']).default(''),
});
export type TSampleQuote = z.infer<typeof ZSampleQuote>;
export const ZSampleQuoteResult = z.object({
  state: z.string().nullable(),
  age: z.number(),
  price: z.number().nullable(),
  plan_pricing_id: z.number().nullable(),
  message: z.string().nullable(),
});
export type TSampleQuoteResult = z.infer<typeof ZSampleQuoteResult>;

/* ---------- rate tables: CSV and validation (pure) ---------- */
export const RATE_CSV_COLUMNS = ['tier', 'age_min', 'age_max', 'state', 'smoker', 'price'] as const;

/** Splits CSV text into rows of cells (quotes, doubled quotes and CRLF handled). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows.filter((r) => r.some((c) => c.trim() !== ''));
}

/** CSV text (header row tier,age_min,age_max,state,smoker,price) to raw row objects; header errors as field errors. */
export function rateRowsFromCsv(text: string): {
  rows: Record<string, string>[];
  errors: { target_element: string; error_message: string }[];
} {
  const cells = parseCsv(text.replace(/^\uFEFF/, ''));
  if (!cells.length) return { rows: [], errors: [{ target_element: 'csv', error_message: 'The file is empty.' }] };
  const header = cells[0].map((h) => h.trim().toLowerCase());
  const missing = RATE_CSV_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length)
    return {
      rows: [],
      errors: [
        {
          target_element: 'csv',
          error_message: `The header row must name the columns ${RATE_CSV_COLUMNS.join(', ')} (missing: ${missing.join(', ')}).`,
        },
      ],
    };
  const rows = cells.slice(1).map((r) => Object.fromEntries(RATE_CSV_COLUMNS.map((c) => [c, (r[header.indexOf(c)] ?? '').trim()])));
  return { rows, errors: [] };
}

/**
 * Validates a rate table: every row (numbered from 1) against ZRateRow, and no two rows for the same tier,
 * state and tobacco use with overlapping ages. Errors name `rows.<n>.<field>` and say 'Row n: …'.
 */
export function validateRateRows(raw: unknown[]): { rows: TRateRow[]; errors: { target_element: string; error_message: string }[] } {
  const rows: TRateRow[] = [];
  const errors: { target_element: string; error_message: string }[] = [];
  raw.forEach((r, i) => {
    const n = i + 1;
    const parsed = ZRateRow.safeParse(r);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'row');
        errors.push({ target_element: `rows.${n}.${field}`, error_message: `Row ${n}: ${issue.message}` });
      }
      return;
    }
    const row = parsed.data;
    const clash = rows.findIndex(
      (o) =>
        o.tier === row.tier && o.state === row.state && o.smoker === row.smoker && o.age_min <= row.age_max && row.age_min <= o.age_max,
    );
    if (clash >= 0)
      errors.push({
        target_element: `rows.${n}.age_min`,
        error_message: `Row ${n}: ages overlap row ${clash + 1} for the same tier, state and smoker.`,
      });
    rows.push(row);
  });
  return { rows, errors };
}

/** The rate of a sample quote: the most specific matching row (a state beats any state, a smoker answer beats any). */
export function pickRate<T extends { tier: string; age_min: number; age_max: number; state: string | null; smoker: boolean | null }>(
  rates: T[],
  q: { tier: string; age: number; state: string | null; smoker: boolean | null },
): T | null {
  const fits = rates.filter(
    (r) =>
      r.tier === q.tier &&
      r.age_min <= q.age &&
      q.age <= r.age_max &&
      (r.state === null || r.state === q.state) &&
      (r.smoker === null || (q.smoker !== null && r.smoker === q.smoker)),
  );
  fits.sort((a, b) => Number(b.state !== null) - Number(a.state !== null) || Number(b.smoker !== null) - Number(a.smoker !== null));
  return fits[0] ?? null;
}
