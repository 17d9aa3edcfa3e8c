/** A database timestamp as the console's API sends it: ISO 8601 in UTC (null stays null). */
export function iso(d: Date | string): string;
export function iso(d: Date | string | null): string | null;
export function iso(d: Date | string | null): string | null {
  return d === null ? null : (d instanceof Date ? d : new Date(d)).toISOString();
}
