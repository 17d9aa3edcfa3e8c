/**
 * One store process's bank step of a billing day, for two-process tests
 * (`node --import tsx bank-step-process.ts <schema> <key> <dir> <day>`): connects to TEST_DATABASE_URL in `schema`, puts
 * the day's debits in a NACHA file as the billing day does, and prints its figures as JSON on its last line.
 */
import { openDb } from '../../src/db/client.ts';
import { parseKeyring, Sealer } from '../../src/lib/crypto.ts';
import { collectBankPayments } from '../../src/modules/billing/bank-service.ts';

const [schema, key, dir, day] = process.argv.slice(2);
const handle = await openDb({ databaseUrl: process.env.TEST_DATABASE_URL!, schema });
try {
  const figures = await collectBankPayments({ db: handle.db, sealer: new Sealer(parseKeyring(key)), outDir: dir }, day);
  console.log(JSON.stringify(figures));
} finally {
  await handle.close();
}
