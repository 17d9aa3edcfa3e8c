import { sql } from 'kysely';
import type { Db } from './repository.ts';

/** The SQL of the ledger's hash chain (migration 2510): its rows in chain order, each time as the hash has it. */
export const chainRows = (db: Db, afterSeq: number, limit: number) =>
  db
    .selectFrom('ledger_entries')
    .select([
      'id',
      'chain_seq',
      'enrollment_id',
      'period',
      'kind',
      'amount_cents',
      'payment_id',
      'reason',
      'idempotency_key',
      sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('at'),
      'prev_hash',
      'hash',
    ])
    .where('chain_seq', '>', afterSeq)
    .orderBy('chain_seq')
    .limit(limit)
    .execute();

/** Rows outside the chain (none unless the trigger was set aside). */
export const unchainedRows = async (db: Db) =>
  Number(
    (
      await db
        .selectFrom('ledger_entries')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('chain_seq', 'is', null)
        .executeTakeFirstOrThrow()
    ).n,
  );
