import type { Kysely } from 'kysely';
import { BILLING_TEXT } from '@store/domain/billing';
import { TEXT } from '@store/domain/texts';
import { abaValid, PATTERNS } from '@store/domain/validation';
import type { Database } from '../../../db/schema.ts';
import { findRoutingEntry } from '../purchase-repository.ts';

/** Who the bank of a routing number is, or null when the directory does not know it. */
export interface RoutingDirectory {
  lookup(routing: string): Promise<{ name: string } | null>;
}

export class DatabaseRoutingDirectory implements RoutingDirectory {
  constructor(private readonly db: Kysely<Database>) {}
  async lookup(routing: string) {
    const row = await findRoutingEntry(this.db, routing);
    return row ? { name: row.bank_name.toUpperCase() } : null;
  }
}

let replacement: RoutingDirectory | null = null;
/** The directory in use: a paid service once set, else the database's table. */
export const routingDirectory = (db: Kysely<Database>): RoutingDirectory => replacement ?? new DatabaseRoutingDirectory(db);
/** For a paid look-up service (or tests); null goes back to the database's table. */
export const setRoutingDirectory = (directory: RoutingDirectory | null) => {
  replacement = directory;
};

/**
 * A routing number as the billing step takes it: 9 digits with a valid ABA checksum, refused otherwise with the
 * field's message. `name` is the directory's bank (upper case), or null: then the person types the bank's name.
 */
export type RoutingCheck = { ok: false; message: string } | { ok: true; name: string | null };

export async function checkRouting(directory: RoutingDirectory, routing: string): Promise<RoutingCheck> {
  const r = routing.trim();
  if (!PATTERNS.routing.test(r)) return { ok: false, message: TEXT.ROUTING_9_DIGITS };
  if (!abaValid(r)) return { ok: false, message: BILLING_TEXT.ROUTING_INVALID };
  return { ok: true, name: (await directory.lookup(r))?.name ?? null };
}
