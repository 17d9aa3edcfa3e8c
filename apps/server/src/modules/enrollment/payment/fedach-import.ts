import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { parseFedAch, type FedAchProblem } from './fedach-file.ts';
import { upsertRoutingEntries } from '../purchase-repository.ts';

export type FedAchImport = { ok: true; imported: number } | { ok: false; problems: FedAchProblem[] };

const BATCH = 500;
const NO_RECORD = 'the file holds no FedACH record';

/**
 * Loads a FedACH directory file into the routing directory, all or nothing: a file with a line that is not a
 * record changes nothing. A routing number already there takes the file's name, city and state.
 */
export async function importFedAch(db: Kysely<Database>, text: string): Promise<FedAchImport> {
  const { records, problems } = parseFedAch(text);
  if (problems.length) return { ok: false, problems };
  if (!records.length) return { ok: false, problems: [{ line: 0, message: NO_RECORD }] };
  const now = new Date();
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < records.length; i += BATCH) {
      const rows = records.slice(i, i + BATCH).map((r) => ({
        routing_number: r.routing,
        bank_name: r.name.replace(/\s+/g, ' '),
        city: r.city || null,
        state: r.state || null,
        source: 'fedach' as const,
        updated_at: now,
      }));
      await upsertRoutingEntries(trx, rows);
    }
  });
  return { ok: true, imported: records.length };
}
