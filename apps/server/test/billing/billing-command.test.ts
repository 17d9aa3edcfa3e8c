import crypto from 'node:crypto';
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { chargeSummary } from '@store/domain/charges';
import { openDb } from '../../src/db/client.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { Sealer } from '../../src/lib/crypto.ts';
import { loadKeyring } from '../../src/lib/keys.ts';
import { paymentContext } from '../../src/db/sealed-columns.ts';
import { LocalOfflineProvider } from '../../src/modules/enrollment/payment/payment-provider.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../../..');
const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'store-billing-command-'));
const env: NodeJS.ProcessEnv & { DATA_DIR: string; DATA_KEY: string; ACH_OUT_DIR: string } = {
  ...process.env,
  NODE_ENV: 'test',
  DATA_DIR: path.join(dir, 'data'),
  DATA_KEY: crypto.randomBytes(32).toString('base64'),
  ACH_OUT_DIR: path.join(dir, 'ach'),
};
delete env.DATABASE_URL;
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

/** The command as an operator types it: npm run billing -- --date … (tsx, as package.json's script runs it). */
const billing = (...args: string[]) =>
  run(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'apps/server/src/cli/billing.ts'), ...args], { cwd: root, env });

async function seed() {
  const handle = await openDb({ dataDir: env.DATA_DIR });
  try {
    await migrateToLatest(handle.db);
    const sealer = new Sealer(loadKeyring({ DATA_KEY: env.DATA_KEY, DATA_DIR: env.DATA_DIR, NODE_ENV: 'test' } as never).ring);
    const t = await new LocalOfflineProvider().tokenizeCard({
      number: '4242424242424242',
      securityCode: '123',
      expMonth: '12',
      expYear: '2031',
      name: 'Ann Lee',
    });
    if (!t.ok) throw new Error('not tokenized');
    const s = chargeSummary([{ plan_id: 1, plan_name: 'Dental', price_cents: 2699 }], {
      billDay: 28,
      today: '2026-11-28',
      effectiveDate: '2026-12-01',
    });
    for (const [i, kind] of (['card', 'bank'] as const).entries()) {
      const methodId = 7000 + i;
      await handle.db
        .insertInto('member_payment_methods')
        .values(
          kind === 'card'
            ? ({ id: methodId, user_id: 70 + i, kind, card_brand: t.brand, card_last4: t.last4, card_token: t.token } as never)
            : ({
                id: methodId,
                user_id: 70 + i,
                kind,
                account_name: 'Bo Park',
                account_type: 'checking',
                account_number_enc: sealer.seal('000111222333', paymentContext(methodId, 'account_number_enc')),
                routing_number_enc: sealer.seal('011000015', paymentContext(methodId, 'routing_number_enc')),
              } as never),
        )
        .execute();
      const id = `e-command-${kind}`;
      await handle.db
        .insertInto('enrollments')
        .values({ id, user_id: 70 + i, type: 'new-member', eprocess: 'member', status: 'completed', filter_info: '{}', tabs: '{}' })
        .execute();
      await handle.db
        .insertInto('billing_records')
        .values({
          enrollment_id: id,
          payment_method: kind === 'card' ? 'cc' : 'eft',
          payment_label: kind,
          lines: JSON.stringify(s.lines),
          admin_fee_cents: 0,
          initial_cents: s.initial_cents,
          recurring_cents: s.recurring_cents,
          bill_day: 28,
          first_charge_on: s.first_charge_on,
          starts_on: s.starts_on,
          recurring_from: s.recurring_from,
          payment_method_id: methodId,
        })
        .execute();
    }
  } finally {
    await handle.close();
  }
}

describe('npm run billing -- --date', () => {
  it('runs one day by hand on the embedded database and prints what it did; the same day again does nothing more', async () => {
    await seed();
    const first = await billing('--date', '2026-12-28');
    expect(first.stdout).toBe(
      [
        'Billing day 2026-12-28: 2 enrollment(s) billed one by one, 2 payment(s) due added.',
        'Cards: 1 tried, 1 paid, 0 declined (to retry), 0 failed, 0 unknown (settled next run).',
        'Bank: 1 debit(s), $31.99, in ach-2026-12-28-A.txt.',
        'Returns: no file.',
        '',
      ].join('\n'),
    );
    const again = await billing('--date', '12/28/2026');
    expect(again.stdout).toContain('2 enrollment(s) billed one by one, 0 payment(s) due added.');
    expect(again.stdout).toContain('Cards: 0 tried');
    expect(again.stdout).toContain('Bank: no debits due.');
    expect(await fs.readdir(env.ACH_OUT_DIR)).toEqual(['ach-2026-12-28-A.txt']);
  }, 120_000);

  it('refuses a day it cannot read', async () => {
    await expect(billing('--date', '2026-13-45')).rejects.toMatchObject({
      stderr: expect.stringContaining('--date 2026-13-45: give the day as YYYY-MM-DD or MM/DD/YYYY.'),
    });
  }, 60_000);
});
