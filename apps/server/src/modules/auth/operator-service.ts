import type { Kysely } from 'kysely';
import { ADMIN_TEXT } from '@store/domain/admin';
import { ZAccountForm } from '@store/domain/admin-people';
import type { Database } from '../../db/schema.ts';
import type { Sealer } from '../../lib/crypto.ts';
import { hashPassword, isCommonPassword } from '../../lib/passwords.ts';
import { enrollSecondFactor, newTotpSecret, otpauthUri } from './second-factor.ts';
import { emailTaken, insertAudit, insertOperator } from './repository.ts';

/** An operator just made: the authenticator's secret and address and the recovery codes, shown this once. */
export interface CreatedOperator {
  accountId: number;
  totpSecret: string;
  otpauthUri: string;
  recoveryCodes: string[];
}

/**
 * An operator with a password and the second factor (the operator command `create-operator`, cli/create-operator.ts):
 * the e-mail and password checked as the console's account form checks them (a problem is an Error naming the field),
 * then in one transaction the account, its second factor and the audit row.
 */
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
    if (await emailTaken(trx, email)) throw new Error(`An account with the e-mail ${email} exists already.`);
    const id = await insertOperator(trx, email, passwordHash);
    const recoveryCodes = await enrollSecondFactor(trx, sealer, id, totpSecret, null);
    await insertAudit(trx, id, 'create-operator');
    return { accountId: id, totpSecret, otpauthUri: otpauthUri(email, totpSecret), recoveryCodes };
  });
}
