import { maskLast4 } from '@store/domain/validation';

/** Field names whose values are shown as their last four characters only. */
const LAST4 = /(^|_)(ssn|account_number|routing_number|bank_routing|card_number|tax_id)$/i;
/** Field names never shown at all. */
const HIDDEN = /(^|_)(security_code|cvv|cvc|password|resume_code|token)$/i;
const SEALED_VALUE = /^s1\.[^.]+\.[^.]+\.[^.]+\.[^.]+$/;

/**
 * A copy of saved enrollment steps for operators: sealed values (`*_sealed` keys, or values in the sealer's
 * format) are never opened and show as '[encrypted]', numbers that identify a person or an account show
 * their last four digits, and secrets are dropped.
 */
export function maskForOperator(value: unknown, key = ''): unknown {
  if (key === '_sealed' || /_sealed$/i.test(key) || /^_sealed/i.test(key)) return '[encrypted]';
  if (HIDDEN.test(key)) return '[hidden]';
  if (typeof value === 'string') {
    if (SEALED_VALUE.test(value)) return '[encrypted]';
    if (LAST4.test(key)) return maskLast4(value.replace(/\D/g, '') || value);
    return value;
  }
  if (typeof value === 'number' && LAST4.test(key)) return maskLast4(String(value));
  if (Array.isArray(value)) return value.map((v) => maskForOperator(v, key));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, maskForOperator(v, k)]));
  }
  return value;
}

/** Every /media/<id> reference inside saved data (signatures, receipts stored by the enrollment steps). */
export function mediaRefs(value: unknown, key = '', out: { key: string; id: string }[] = []): { key: string; id: string }[] {
  if (typeof value === 'string') {
    const m = /^\/(?:api\/admin\/)?media\/([A-Za-z0-9._:-]+)$/.exec(value);
    if (m) out.push({ key, id: m[1] });
  } else if (Array.isArray(value)) value.forEach((v) => mediaRefs(v, key, out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) mediaRefs(v, k, out);
  return out;
}
