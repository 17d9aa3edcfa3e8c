import { hash, verify } from '@node-rs/argon2';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { ADMIN_TEXT } from '@store/domain/admin';
import { fieldError } from './errors.ts';

/** argon2id password hashes (OWASP parameters: 19 MiB, 2 iterations). */
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * Common and breached passwords (ASVS 6.2.4, decision 2340): zxcvbn-ts with its common-password and diceware lists,
 * offline (the lists ship in the package). A password is refused when it is on the list (any case) or when zxcvbn
 * guesses it in fewer than 10^10 tries (score below 3), counting the account's e-mail as a known word. zxcvbn reads
 * the first ZXCVBN_MAX_LENGTH characters only: it runs on the main thread, and 200 random characters took it a second
 * (48 take at most about 0.2 s; a longer password whose first 48 characters are strong is strong).
 */
export const MIN_PASSWORD_SCORE = 3;
const ZXCVBN_MAX_LENGTH = 48;
let zxcvbn: ZxcvbnFactory | undefined;
let commonList: Set<string> | undefined;

export function isCommonPassword(password: string, userInputs: string[] = []): boolean {
  zxcvbn ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs, maxLength: ZXCVBN_MAX_LENGTH });
  commonList ??= new Set(dictionary['passwords-common']);
  if (commonList.has(password.toLowerCase())) return true;
  const words = userInputs.flatMap((u) => [u, ...u.toLowerCase().split(/[^a-z0-9]+/)]).filter((w) => w.length >= 3);
  return zxcvbn.check(password, words).score < MIN_PASSWORD_SCORE;
}

/** 422 beside the field when the password is common or guessed easily (every place a password is set). */
export function assertPasswordNotCommon(password: string, userInputs: string[] = [], field = 'password'): void {
  if (isCommonPassword(password, userInputs)) throw fieldError(field, ADMIN_TEXT.PASSWORD_COMMON);
}
