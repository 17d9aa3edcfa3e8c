import path from 'node:path';
import readline from 'node:readline/promises';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../config/env.ts';
import { openDb } from '../db/client.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { Sealer } from '../lib/crypto.ts';
import { loadKeyring } from '../lib/keys.ts';
import { createOperator } from '../modules/auth/index.ts';

/**
 * `npm run create-operator -- --email ops@example.com`: the first operator (or another) with a password and the
 * second factor, so that a store without the demo data can be run at all. The password is asked for (or read from
 * the first line of standard input when that is not a terminal; never from the command line, which `ps` shows).
 * Prints the authenticator's otpauth:// address and secret and the 10 recovery codes, this once. The work is the auth
 * module's service (createOperator), as a route would call it; this file reads the command line and prints.
 */
export { createOperator, type CreatedOperator } from '../modules/auth/index.ts';

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
