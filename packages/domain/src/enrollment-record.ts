import { z } from 'zod';

/**
 * What an enrollment row keeps as JSON, parsed in one place (decision 2360): the quote filter (filter_info) and the
 * steps' saved data (tabs). The server reads both only through these functions, the web uses TFilterInfo; a value
 * stored as JSON text (older rows, PGlite) is read the same as one stored as an object.
 */

const fromJsonText = (v: unknown) => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return {};
  }
};
const text = (fallback: string) => z.preprocess((v) => (v === null || v === undefined ? fallback : String(v)), z.string()).catch(fallback);
const textOrNull = z.preprocess((v) => (v === null || v === undefined ? null : String(v)), z.string().nullable()).catch(null);
const idOrNull = z
  .preprocess((v) => (v === '' || v === null || v === undefined ? null : Number(v)), z.number().finite().nullable())
  .catch(null);
const list = z.preprocess((v) => (typeof v === 'string' ? (v ? v.split(',') : []) : v), z.array(z.coerce.string())).catch([]);

/** The quote filter of an enrollment (storefront.md "Filter (quote) info"), every field with its default. */
export const ZFilterInfo = z.object({
  zip: text(''),
  state: text(''),
  /** mm/dd/yyyy */
  dob: text(''),
  /** '0' | '1' */
  gender: text(''),
  /** IO IS IC IC3 IF */
  tier: text('IO'),
  /** '1' | '0' */
  is_smoker: textOrNull,
  coverage: list,
  categories: list,
  annual_incode: idOrNull,
  working_hours: idOrNull,
  eprocess: text('applicant'),
  agent_id: idOrNull,
  group_id: idOrNull,
  platform_group_id: idOrNull,
  type: text('new-member'),
  open_type: textOrNull,
  user_id: idOrNull,
});
export type TFilterInfo = z.output<typeof ZFilterInfo>;

/**
 * The quote filter as it leaves the server (get-quote-filter's answer): ZFilterInfo's output, written as plain fields
 * so that the answer is checked as it is and the OpenAPI document describes it.
 */
export const ZFilterInfoView = z.object({
  zip: z.string(),
  state: z.string(),
  dob: z.string(),
  gender: z.string(),
  tier: z.string(),
  is_smoker: z.string().nullable(),
  coverage: z.array(z.string()),
  categories: z.array(z.string()),
  annual_incode: z.number().nullable(),
  working_hours: z.number().nullable(),
  eprocess: z.string(),
  agent_id: z.number().nullable(),
  group_id: z.number().nullable(),
  platform_group_id: z.number().nullable(),
  type: z.string(),
  open_type: z.string().nullable(),
  user_id: z.number().nullable(),
}) satisfies z.ZodType<TFilterInfo, TFilterInfo>;

const ZStoredFilter = z.preprocess((v) => fromJsonText(v) ?? {}, z.record(z.string(), z.unknown())).catch({});

/** An enrollment's filter_info as stored (object or JSON text, possibly partial), with the defaults filled in. */
export function parseFilterInfo(stored: unknown): TFilterInfo {
  return ZFilterInfo.parse(ZStoredFilter.parse(stored));
}

/** The saved data of every step, by saved-tab key (SAVED_TAB_KEY): each an object, sealed values under `_sealed`. */
export const ZSavedTabs = z.preprocess((v) => fromJsonText(v) ?? {}, z.record(z.string(), z.unknown())).catch({});
export type TSavedTabs = z.output<typeof ZSavedTabs>;

/** An enrollment's tabs as stored (object or JSON text). */
export const parseSavedTabs = (stored: unknown): TSavedTabs => ZSavedTabs.parse(stored);

/** One step's saved data (its saved-tab key), or null when the step was never saved. */
export function savedTab<T = Record<string, unknown>>(stored: unknown, savedKey: string): T | null {
  const v = parseSavedTabs(stored)[savedKey];
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as T) : null;
}

/** The quote filter of an enrollment row. */
export const filterOf = (e: { filter_info?: unknown }): TFilterInfo => parseFilterInfo(e.filter_info);
/** The saved steps of an enrollment row. */
export const tabsOf = (e: { tabs?: unknown }): TSavedTabs => parseSavedTabs(e.tabs);
/** One step's saved data of an enrollment row (its saved-tab key), or null. */
export const readTab = <T = Record<string, unknown>>(e: { tabs?: unknown }, savedKey: string): T | null => savedTab<T>(e.tabs, savedKey);
