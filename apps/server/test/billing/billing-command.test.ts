import crypto from 'node:crypto';
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '../../src/db/client.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { Sealer } from '../../src/lib/crypto.ts';
import { loadKeyring } from '../../src/lib/keys.ts';
import { payingMember } from './members.ts';

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
    const store = {
      db: handle.db,
      sealer: new Sealer(loadKeyring({ DATA_KEY: env.DATA_KEY, DATA_DIR: env.DATA_DIR, NODE_ENV: 'test' } as never).ring),
    };
    await payingMember(store, { card: '4242424242424242' }, { billDay: 28 });
    await payingMember(store, { bank: { routing: '011000015', account: '000111222333' } }, { billDay: 28 });
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
        'Grace period: 0 payment(s) tried again with a new method, coverages past it ended by the store.',
        'List bills: 0 invoice(s) made, 0 mailed to the group administrator.',
        'Failed payments: mailed by the store (no PUBLIC_URL here).',
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
