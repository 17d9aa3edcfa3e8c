import { abaValid } from '@store/domain/validation';

/**
 * The bank routing look-up the documents call on a third-party service, served from a directory the store
 * ships (a real directory service can replace `lookupRouting`). Every entry is a real ABA routing number.
 */
export const ROUTING_DIRECTORY: Record<string, string> = {
  '021000021': 'JPMORGAN CHASE BANK',
  '011000015': 'FEDERAL RESERVE BANK',
  '026009593': 'BANK OF AMERICA, N.A.',
  '121000248': 'WELLS FARGO BANK, N.A.',
  '021000089': 'CITIBANK, N.A.',
  '071000013': 'JPMORGAN CHASE BANK',
  '111000025': 'BANK OF AMERICA, N.A.',
  '322271627': 'JPMORGAN CHASE BANK',
  '091000019': 'WELLS FARGO BANK, N.A.',
  '031176110': 'CAPITAL ONE, N.A.',
  '061000104': 'TRUIST BANK',
  '063100277': 'BANK OF AMERICA, N.A.',
};

export const ROUTING_MESSAGES = {
  length: 'Routing number must be of 9 digits',
  invalid: 'Invalid routing number',
  notFound: 'Bank not found for this routing number',
} as const;

export type RoutingLookup = { ok: true; name: string } | { ok: false; message: string };

export function lookupRouting(routing: string): RoutingLookup {
  const r = routing.trim();
  if (!/^\d{9}$/.test(r)) return { ok: false, message: ROUTING_MESSAGES.length };
  if (!abaValid(r)) return { ok: false, message: ROUTING_MESSAGES.invalid };
  const name = ROUTING_DIRECTORY[r];
  return name ? { ok: true, name: name.toUpperCase() } : { ok: false, message: ROUTING_MESSAGES.notFound };
}
