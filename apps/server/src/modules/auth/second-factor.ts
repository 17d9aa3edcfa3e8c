import crypto from 'node:crypto';
import { totpContext } from '../../db/sealed-columns.ts';
import type { Kysely, Transaction } from 'kysely';
import { ScureBase32Plugin, generateSecret, generateURI, verify } from 'otplib';
import type { Database } from '../../db/schema.ts';
import type { Sealer } from '../../lib/crypto.ts';
import { sha256 } from '../../lib/crypto.ts';
import { findTotpState, replaceRecoveryCodes, setTotpSecret, takeTotpStep, useRecoveryCode } from './repository.ts';

/**
 * Operators' second factor: a TOTP authenticator (RFC 6238, otplib; codes of the previous, current and next 30 s
 * accepted, each at most once) or one of 10 one-time recovery codes. The secret is sealed like any personal value;
 * recovery codes are kept as sha256 (80 random bits each, so a hash is as good as a slow one and checks at once).
 */
type Db = Kysely<Database> | Transaction<Database>;

export const RECOVERY_CODE_COUNT = 10;
const ISSUER = 'Benefit Store';
const BASE32 = new ScureBase32Plugin();

export const newTotpSecret = () => generateSecret();

/** The otpauth:// address an authenticator app reads (as a QR code or typed in). */
export const otpauthUri = (email: string, secret: string) => generateURI({ issuer: ISSUER, label: email, secret });

/** The time step of a right code for this secret, or null (wrong, or a step already used: afterStep). */
export async function totpStep(secret: string, code: string, afterStep: number | null): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  try {
    const r = await verify({ secret, token: code, epochTolerance: 30, ...(afterStep !== null ? { afterTimeStep: afterStep } : {}) });
    return r.valid && 'timeStep' in r ? r.timeStep : null;
  } catch {
    return null;
  }
}

/** Ten new recovery codes (xxxx-xxxx-xxxx-xxxx): the old ones of the account go, the new ones are returned once. */
export async function issueRecoveryCodes(db: Db, accountId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = BASE32.encode(crypto.randomBytes(10), { padding: false });
    return raw.match(/.{4}/g)!.join('-');
  });
  await replaceRecoveryCodes(db, accountId, codes.map(recoveryHash));
  return codes;
}

const recoveryHash = (code: string) => sha256(`recovery\n${code.toUpperCase().replace(/[^A-Z2-7]/g, '')}`);

/**
 * Checks a code of the second factor for an account that has one, and uses it up: a TOTP code (its time step is
 * remembered, atomically, so the same code never signs in twice) or an unused recovery code. True when accepted.
 */
export async function useSecondFactor(db: Kysely<Database>, sealer: Sealer, accountId: number, code: string): Promise<boolean> {
  const account = await findTotpState(db, accountId);
  if (!account?.totp_secret_enc) return false;
  const trimmed = code.replace(/\s/g, '');
  const step = await totpStep(
    sealer.open(account.totp_secret_enc, totpContext(accountId)),
    trimmed,
    account.totp_last_step === null ? null : Number(account.totp_last_step),
  );
  if (step !== null) {
    return Boolean(await takeTotpStep(db, accountId, step));
  }
  return Boolean(await useRecoveryCode(db, accountId, recoveryHash(trimmed)));
}

/** Makes the second factor of an account: the sealed secret, its first accepted step, fresh recovery codes. */
export async function enrollSecondFactor(
  db: Db,
  sealer: Sealer,
  accountId: number,
  secret: string,
  step: number | null,
): Promise<string[]> {
  await setTotpSecret(db, accountId, sealer.seal(secret, totpContext(accountId)), step);
  return issueRecoveryCodes(db, accountId);
}
