import { z } from 'zod';
import { TEXT } from './texts.ts';
import { usDateProblem } from './dates.ts';
import { LIMITS } from './codes.ts';

/** Patterns of the specification (storefront.md section 5 and enrollment.md section 5). */
export const PATTERNS = {
  zip5: /^\d{5}$/,
  phone10: /^\d{10}$/,
  ssn9: /^\d{9}$/,
  digits3or4: /^\d{3,4}$/,
  account: /^\d{4,17}$/,
  routing: /^\d{9}$/,
  card: /^[\d ]{13,25}$/,
  name: /^[A-Za-z0-9' _-]+$/,
  personName: /^[A-Za-z][A-Za-z' .-]*$/,
  lettersOnly: /^[A-Za-z ]+$/,
  accountHolder: /^[A-Za-z0-9 ]+$/,
  /** A bank's name as the directory writes it or a person types it: letters, digits, spaces and & . , ' ( ) / -. */
  bankName: /^[A-Za-z0-9 &.,'()/-]+$/,
  email: /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/,
  state: /^[A-Za-z]{2}$/,
  usDate: /^\d{2}\/\d{2}\/\d{4}$/,
} as const;

/**
 * An SSN the Social Security Administration could have issued: nine digits, area not 000, 666 or 900-999, group not
 * 00, serial not 0000 (so never 000000000 or 999999999). Others are refused with 'Invalid Social Security Number'.
 */
export function isIssuedSsn(v: string): boolean {
  if (!/^\d{9}$/.test(v)) return false;
  const area = Number(v.slice(0, 3));
  return area !== 0 && area !== 666 && area < 900 && v.slice(3, 5) !== '00' && v.slice(5) !== '0000';
}

export const MAX_TEXT = 255;

/** A required string: empty gives 'Field is required'. */
export const requiredString = (message: string = TEXT.FIELD_REQUIRED, max = MAX_TEXT) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `At most ${max} characters` });

export const ZZip = (message: string = TEXT.ENTER_5_DIGIT_ZIP_DOT) =>
  z.string({ error: TEXT.FIELD_REQUIRED }).trim().min(1, { error: TEXT.FIELD_REQUIRED }).regex(PATTERNS.zip5, { error: message });

export const ZEmail = (message: string = TEXT.ENTER_VALID_EMAIL) =>
  z
    .string({ error: TEXT.FIELD_REQUIRED })
    .trim()
    .min(1, { error: TEXT.FIELD_REQUIRED })
    .max(254, { error: message })
    .regex(PATTERNS.email, { error: message });

export const ZPhone = (message: string = TEXT.INVALID_PHONE) =>
  z.string({ error: TEXT.FIELD_REQUIRED }).trim().min(1, { error: TEXT.FIELD_REQUIRED }).regex(PATTERNS.phone10, { error: message });

/** An SSN as typed or pasted, grouped or not (123-45-6789, 123 45 6789): without its dashes and spaces. */
export const normalizeSsn = (value: string): string => value.replace(/[\s-]/g, '');

/** A mm/dd/yyyy date, not in the future. */
export const ZUsDate = (opts: { minAge?: number; noFuture?: boolean } = {}) =>
  z
    .string({ error: TEXT.FIELD_REQUIRED })
    .trim()
    .max(LIMITS.dateText, { error: 'Enter a valid date (mm/dd/yyyy)' })
    .superRefine((value, ctx) => {
      const problem = usDateProblem(value, opts);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

/** Date of birth of the quote: 18 or older. */
export const ZDob = () => ZUsDate({ minAge: LIMITS.minAge });

/** Turn zod issues into the wire's field errors (first message per field). */
export function toFieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const seen = new Set<string>();
  const out: { target_element: string; error_message: string }[] = [];
  for (const issue of issues) {
    const target = issue.path.map(String).join('.') || 'form';
    if (seen.has(target)) continue;
    seen.add(target);
    out.push({ target_element: target, error_message: issue.message });
  }
  return out;
}

/** Luhn checksum of a card number. */
export function luhnValid(cardNumber: string): boolean {
  const digits = cardNumber.replace(/\D/g, '');
  if (digits.length < 12) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let n = digits.charCodeAt(i) - 48;
    if (double) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
    double = !double;
  }
  return sum % 10 === 0;
}

/**
 * An ABA routing number: 9 digits, a prefix the Federal Reserve assigns (01-12 banks, 21-32 thrifts, 61-72
 * electronic, 80 traveler's checks; 00, the US government's, is no account's bank) and the checksum
 * 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10).
 */
export function abaValid(routing: string): boolean {
  if (!PATTERNS.routing.test(routing)) return false;
  const prefix = Number(routing.slice(0, 2));
  if (!((prefix >= 1 && prefix <= 12) || (prefix >= 21 && prefix <= 32) || (prefix >= 61 && prefix <= 72) || prefix === 80)) return false;
  const d = routing.split('').map(Number);
  const sum = 3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + (d[2] + d[5] + d[8]);
  return sum % 10 === 0;
}

/** Last four characters behind x's, for masked read-back. */
export function maskLast4(value: string | null | undefined, maskChar = 'x'): string {
  if (!value) return '';
  const v = String(value);
  if (v.length <= 4) return maskChar.repeat(v.length);
  return maskChar.repeat(v.length - 4) + v.slice(-4);
}

/** formatPhone lives in a zod-free module: the header and home page need it, not zod. */
export { formatPhone } from './format.ts';
export { usDateProblem } from './dates.ts';
