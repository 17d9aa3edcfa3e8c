import { z } from 'zod';
import { STORE_CONTACT } from './consent.ts';
import { usToIso } from './dates.ts';
import { parseCsv } from './group-home.ts';
import { isUsState, US_STATES } from './states.ts';

/** Issue 39: the fixed text a shopper on a rep's page in a state where the rep holds no current license sees. */
export const REP_NOT_LICENSED =
  'This representative is not licensed in {state name}. Call {store phone} to reach a licensed representative.';

/** The fixed text filled in: the state's name and the store's phone. */
export const repNotLicensed = (state: string, phone: string = STORE_CONTACT.phone) =>
  REP_NOT_LICENSED.replace('{state name}', US_STATES.find((s) => s.abbrev === state.toUpperCase())?.name ?? state).replace(
    '{store phone}',
    phone,
  );

/**
 * Decision 2640: a plan of a carrier that did not appoint the quote's rep is not offered; adding one by its id is
 * refused with this, on `plan_id`.
 */
export const REP_NOT_APPOINTED = 'Your representative does not offer this plan. Call {store phone} for help choosing another.';
export const repNotAppointed = (phone: string = STORE_CONTACT.phone) => REP_NOT_APPOINTED.replace('{store phone}', phone);

/* ---------- the console's licensing editor and CSV (issue 39) ---------- */

/** A date as YYYY-MM-DD or MM/DD/YYYY, the ISO day, or null when it is neither or not a real day. */
export function licenseDate(text: string): string | null {
  const t = text.trim();
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(t) ? t : usToIso(t);
  if (!iso) return null;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : null;
}

export const LICENSE_TEXTS = {
  state: 'Choose a state.',
  expiresOn: 'Enter the expiry date as mm/dd/yyyy.',
  twice: 'This state is listed twice.',
  npn: 'The national producer number is 1 to 10 digits.',
} as const;

const ZState = z
  .string()
  .trim()
  .toUpperCase()
  .refine((s) => isUsState(s) && s.length === 2, { error: LICENSE_TEXTS.state });
const ZExpiry = z
  .string()
  .trim()
  .refine((s) => licenseDate(s) !== null, { error: LICENSE_TEXTS.expiresOn })
  .transform((s) => licenseDate(s)!);

export const ZRepLicense = z.object({ state: ZState, expires_on: ZExpiry });

/** What the operator saves for a rep: the NPN, the license states with their expiry, the carriers that appointed them. */
export const ZRepLicensingForm = z.object({
  npn: z
    .string()
    .trim()
    .refine((s) => s === '' || /^\d{1,10}$/.test(s), { error: LICENSE_TEXTS.npn }),
  licenses: z
    .array(ZRepLicense)
    .max(60)
    .superRefine((rows, ctx) => {
      const seen = new Set<string>();
      rows.forEach((r, i) => {
        if (seen.has(r.state)) ctx.addIssue({ code: 'custom', path: [i, 'state'], message: LICENSE_TEXTS.twice });
        seen.add(r.state);
      });
    }),
  carriers: z.array(z.number().int().positive()).max(500),
});
export type TRepLicensingForm = z.input<typeof ZRepLicensingForm>;

/** The columns of a license CSV, in any order (a header row names them). */
export const LICENSE_CSV_COLUMNS = ['agent_id', 'state', 'expires_on'] as const;
export interface TLicenseCsvRow {
  line: number;
  agent_id: number;
  state: string;
  expires_on: string;
}

/**
 * A license CSV read and checked line by line: each problem says 'Line n: …' (the CSV's own line numbers). The file
 * is all or nothing: the caller loads the rows only when there is no problem. A rep named twice for one state is a
 * problem (which line wins would be a guess).
 */
export function licenseRowsFromCsv(text: string): { rows: TLicenseCsvRow[]; problems: string[] } {
  const records = parseCsv(text).filter((r) => r.cells.some((c) => c.trim() !== ''));
  if (!records.length) return { rows: [], problems: ['The file is empty.'] };
  const header = records[0].cells.map((h) => h.trim().toLowerCase());
  const missing = LICENSE_CSV_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length)
    return {
      rows: [],
      problems: [`The header row must name the columns ${LICENSE_CSV_COLUMNS.join(', ')} (missing: ${missing.join(', ')}).`],
    };
  const rows: TLicenseCsvRow[] = [];
  const problems: string[] = [];
  const firstLine = new Map<string, number>();
  for (const { line, cells } of records.slice(1)) {
    const cell = (c: (typeof LICENSE_CSV_COLUMNS)[number]) => (cells[header.indexOf(c)] ?? '').trim();
    const here: string[] = [];
    const agent = cell('agent_id');
    if (!/^\d{1,9}$/.test(agent) || Number(agent) <= 0) here.push(`agent_id '${agent}' is not a rep's number`);
    const state = cell('state').toUpperCase();
    if (!(state.length === 2 && isUsState(state))) here.push(`'${cell('state')}' is not a US state`);
    const expires = licenseDate(cell('expires_on'));
    if (!expires) here.push(`expires_on '${cell('expires_on')}' is not a date (yyyy-mm-dd or mm/dd/yyyy)`);
    const key = `${agent}/${state}`;
    if (!here.length && firstLine.has(key)) here.push(`rep ${agent}'s ${state} license is also on line ${firstLine.get(key)}`);
    if (here.length) problems.push(`Line ${line}: ${here.join('; ')}.`);
    else {
      firstLine.set(key, line);
      rows.push({ line, agent_id: Number(agent), state, expires_on: expires! });
    }
  }
  if (!rows.length && !problems.length) problems.push('The file has a header row and no license.');
  return { rows, problems };
}

/* ---------- the console's answers ---------- */

/** A rep's licenses and appointments as the console reads them. */
export const ZRepLicensing = z.object({
  agent_id: z.number(),
  npn: z.string().nullable(),
  licenses: z.array(
    z.object({
      state: z.string(),
      state_name: z.string(),
      expires_on: z.string(),
      /** current today (US Eastern) */
      current: z.boolean(),
    }),
  ),
  carriers: z.array(z.object({ carrier_id: z.number(), name: z.string(), appointed: z.boolean() })),
});
export type TRepLicensing = z.infer<typeof ZRepLicensing>;

export const ZLicenseCsv = z.object({ csv: z.string().max(1_000_000) });
export const ZLicenseImport = z.object({ reps: z.number(), licenses: z.number() });
export type TLicenseImport = z.infer<typeof ZLicenseImport>;
