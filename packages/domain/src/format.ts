/** Display formats the first page needs; no zod here (see docs/decisions/0800-web-bundle.md). */

/** (xxx) xxx-xxxx */
export function formatPhone(phone: string): string {
  const d = phone.replace(/\D/g, '');
  if (d.length !== 10) return phone;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** Whole cents to dollars with two decimals ("1234" cents -> "12.34"). */
export function centsToDollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** An SSN shown grouped, as the person types or pastes it: 123-45-6789 (one read back masked: xxx-xx-6789). */
export function groupSsn(ssn: string): string {
  const c = ssn.replace(/[^\dx]/gi, '').slice(0, 9);
  return [c.slice(0, 3), c.slice(3, 5), c.slice(5)].filter(Boolean).join('-');
}

/** "1st", "2nd", "3rd", "28th": a day of the month in English ordinals (the bill day). */
export const ordinalDay = (n: number) => {
  const s = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${s}`;
};
