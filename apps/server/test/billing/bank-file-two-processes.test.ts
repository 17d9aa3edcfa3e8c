import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '../../src/db/client.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { paymentContext } from '../../src/db/sealed-columns.ts';
import { parseKeyring, Sealer } from '../../src/lib/crypto.ts';
import { createDuePayments } from '../../src/modules/billing/run-service.ts';
import { TEST_DATABASE_URL } from '../helpers/store.ts';
import { until } from '../helpers/until.ts';

/**
 * Issue 36: a billing day run by two store processes at once on one PostgreSQL database sends each debit once, and all
 * of the day's debits in one NACHA file (the bench's run of 100,000 wrote two files: both processes' bank steps claimed
 * at the same moment, and SKIP LOCKED split the day's debits between them).
 */
const DAY = '2026-12-28';
const BANK_MEMBERS = 6000;

describe.skipIf(!TEST_DATABASE_URL)('a billing day run by two processes on one PostgreSQL', () => {
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const achDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-two-processes-'));
  const key = crypto.randomBytes(32).toString('base64');
  afterAll(async () => {
    const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await c.connect();
    await c.query(`drop schema if exists "${schema}" cascade`);
    await c.end();
    fs.rmSync(achDir, { recursive: true, force: true });
  });

  it('puts every debit of the day in one NACHA file, once', async () => {
    const handle = await openDb({ databaseUrl: TEST_DATABASE_URL!, schema });
    const barrier = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await barrier.connect();
    try {
      const db = handle.db;
      await migrateToLatest(db);
      await seedBankMembers(db, new Sealer(parseKeyring(key)), BANK_MEMBERS);
      // The day's payments are due already (an earlier run added them): both processes go straight to the bank step.
      expect(await createDuePayments(db, DAY)).toEqual({ enrollments: BANK_MEMBERS, added: BANK_MEMBERS });
      // The barrier: the payments' table locked, so both processes wait at their claim of the day's debits (or for the
      // other's file) and, released together, claim at the same moment (as two stores that finish the day's card charges
      // together do). Without the day's file made by one process at a time, this split the debits into two files.
      await barrier.query(`begin; lock table "${schema}".premium_payments in exclusive mode`);
      const runs = [runDay(schema, key, achDir), runDay(schema, key, achDir)];
      await until(
        async () =>
          (
            await barrier.query(
              `select count(distinct pid)::int as n from pg_locks where not granted
                 and (relation = '"${schema}".premium_payments'::regclass or locktype = 'advisory')`,
            )
          ).rows[0].n,
        (n) => n === 2,
        60_000,
        50,
      );
      await barrier.query('commit');
      const figures = await Promise.all(runs);

      const files = await sql<{ file_name: string; entry_count: number }>`select file_name, entry_count from ach_files order by id`.execute(
        db,
      );
      expect(files.rows).toEqual([{ file_name: `ach-${DAY}-A.txt`, entry_count: BANK_MEMBERS }]);
      expect(fs.readdirSync(achDir)).toEqual([`ach-${DAY}-A.txt`]);
      expect(figures.map((f) => f.file?.entries ?? 0).sort((a, b) => a - b)).toEqual([0, BANK_MEMBERS]);
      const sent = await sql<{ payments: number; debited: number; ledger: number }>`
        select (select count(*) from premium_payments)::int as payments,
               (select count(*) from premium_payments where ach_file_id is not null)::int as debited,
               (select count(*) from ledger_entries where kind = 'payment')::int as ledger`.execute(db);
      expect(sent.rows[0]).toEqual({ payments: BANK_MEMBERS, debited: BANK_MEMBERS, ledger: BANK_MEMBERS });
    } finally {
      await barrier.end();
      await handle.close();
    }
  }, 180_000);
});

/** One process's bank step of the day (bank-step-process.ts); resolves with the figures it printed. */
function runDay(schema: string, key: string, dir: string): Promise<{ file: { entries: number } | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'bank-step-process.ts'), schema, key, dir, DAY],
      {
        env: { ...process.env, TEST_DATABASE_URL },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop()!)) : reject(new Error(`day process exited ${code}`)),
    );
  });
}

/** `count` completed enrollments paying $31.99 by bank on the 28th, as completion leaves them (set-based, as bench/billing.ts). */
async function seedBankMembers(db: Awaited<ReturnType<typeof openDb>>['db'], sealer: Sealer, count: number) {
  await sql`
    insert into member_payment_methods (id, user_id, kind, account_name, bank_name, account_last4, routing_last4, account_type, account_holder_type)
    select i, 5000000 + i, 'bank', 'Jane Doe', 'Test Bank', lpad(i::text, 4, '0'), '0021', 'checking', 'individual'
    from generate_series(1, ${count}::int) as i`.execute(db);
  const banks = Array.from({ length: count }, (_, k) => ({
    id: k + 1,
    account: sealer.seal(String(100000000 + k + 1), paymentContext(k + 1, 'account_number_enc')),
    routing: sealer.seal('021000021', paymentContext(k + 1, 'routing_number_enc')),
  }));
  await sql`
    update member_payment_methods m set account_number_enc = b.account, routing_number_enc = b.routing
    from jsonb_to_recordset(${JSON.stringify(banks)}::jsonb) as b(id int, account text, routing text) where m.id = b.id`.execute(db);
  await sql`select setval(pg_get_serial_sequence('member_payment_methods', 'id'), ${count}::int)`.execute(db);
  await sql`
    insert into enrollments (id, user_id, type, eprocess, status, filter_info, tabs, created_at, completed_at)
    select md5('bank-' || i)::uuid::text, 5000000 + i, 'new-member', 'member', 'completed', '{}'::jsonb, '{}'::jsonb,
           timestamptz '2026-11-28 15:00:00+00', timestamptz '2026-11-28 15:00:00+00'
    from generate_series(1, ${count}::int) as i`.execute(db);
  await sql`
    insert into billing_records (enrollment_id, payment_method, payment_label, lines, admin_fee_cents, initial_cents,
                                 recurring_cents, bill_day, first_charge_on, starts_on, recurring_from, payment_method_id)
    select md5('bank-' || i)::uuid::text, 'eft', 'EFT, Test Bank',
           '[{"kind":"plan","plan_id":1,"label":"Dental","monthly_cents":2699,"admin_fee_cents":0},{"kind":"membership","plan_id":null,"label":"Association membership fee","monthly_cents":500,"admin_fee_cents":0}]'::jsonb,
           0, 3199, 3199, 28, date '2026-11-28', date '2026-12-01', date '2026-12-28', i
    from generate_series(1, ${count}::int) as i`.execute(db);
}
