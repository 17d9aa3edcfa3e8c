import path from 'node:path';
import readline from 'node:readline/promises';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { Kysely } from 'kysely';
import { ADMIN_TEXT } from '@store/domain/admin';
import { ZAccountForm } from '@store/domain/admin-people';
import { loadConfig } from '../config/env.ts';
import { openDb } from '../db/client.ts';
import { migrateToLatest } from '../db/migrate.ts';
import type { Database } from '../db/schema.ts';
import { Sealer } from '../lib/crypto.ts';
import { loadKeyring } from '../lib/keys.ts';
import { hashPassword, isCommonPassword } from '../lib/passwords.ts';
import { enrollSecondFactor, newTotpSecret, otpauthUri } from '../modules/auth/index.ts';

/**
 * `npm run create-operator -- --email ops@example.com`: the first operator (or another) with a password and the
 * second factor, so that a store without the demo data can be run at all. The password is asked for (or read from
 * the first line of standard input when that is not a terminal; never from the command line, which `ps` shows).
 * Prints the authenticator's otpauth:// address and secret and the 10 recovery codes, this once.
 */
export interface CreatedOperator {
  accountId: number;
  totpSecret: string;
  otpauthUri: string;
  recoveryCodes: string[];
}

export async function createOperator(
  db: Kysely<Database>,
  sealer: Sealer,
  input: { email: string; password: string },
): Promise<CreatedOperator> {
  const parsed = ZAccountForm.pick({ email: true, password: true }).safeParse(input);
  if (!parsed.success) throw new Error(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));
  const email = parsed.data.email.toLowerCase();
  if (isCommonPassword(parsed.data.password, [email])) throw new Error(`password: ${ADMIN_TEXT.PASSWORD_COMMON}`);
  const passwordHash = await hashPassword(parsed.data.password);
  const totpSecret = newTotpSecret();
  return db.transaction().execute(async (trx) => {
    const taken = await trx.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirst();
    if (taken) throw new Error(`An account with the e-mail ${email} exists already.`);
    const { id } = await trx
      .insertInto('accounts')
      .values({ email, password_hash: passwordHash, role: 'operator' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const recoveryCodes = await enrollSecondFactor(trx, sealer, id, totpSecret, null);
    await trx
      .insertInto('audit_log')
      .values({ account_id: id, action: 'create-operator', target: `account:${id}` })
      .execute();
    return { accountId: id, totpSecret, otpauthUri: otpauthUri(email, totpSecret), recoveryCodes };
  });
}

async function readPassword(): Promise<string> {
  const tty = Boolean(process.stdin.isTTY);
  if (tty) process.stdout.write('Password (at least 10 characters, not a common one): ');
  // On a terminal the typed characters go to a stream that drops them (no echo).
  const muted = new Writable({ write: (_chunk, _encoding, done) => done() });
  const rl = readline.createInterface({ input: process.stdin, output: muted, terminal: tty });
  try {
    return (await rl.question('')).trim();
  } finally {
    rl.close();
    if (tty) process.stdout.write('\n');
  }
}

async function main(argv: string[]) {
  const at = argv.indexOf('--email');
  const email = at >= 0 ? argv[at + 1] : argv.find((a) => a.startsWith('--email='))?.slice('--email='.length);
  if (!email)
    throw new Error('Usage: npm run create-operator -- --email <address>   (the password is asked for, or read from standard input)');
  const config = loadConfig();
  if (config.DATABASE_URL && !config.DATA_KEY)
    throw new Error('DATA_KEY must be set with DATABASE_URL: the same key as the store (see SECURITY.md).');
  const password = await readPassword();
  const handle = await openDb(config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: config.DATA_DIR });
  try {
    await migrateToLatest(handle.db);
    const sealer = new Sealer(loadKeyring(config).ring);
    const made = await createOperator(handle.db, sealer, { email, password });
    console.log(`Operator ${email} created.`);
    console.log('\nAdd it to an authenticator app (shown this once):');
    console.log(`  ${made.otpauthUri}`);
    console.log(`  secret: ${made.totpSecret}`);
    console.log('\nRecovery codes, each good for one sign-in (keep them somewhere safe; shown this once):');
    for (const code of made.recoveryCodes) console.log(`  ${code}`);
  } finally {
    await handle.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
