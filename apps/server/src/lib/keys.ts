import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config/env.ts';
import { parseKeyring, type Keyring } from './crypto.ts';

/**
 * Where the master keys come from (SECURITY.md, "Running it safely"):
 * - DATA_KEY: "id:base64,id:base64" (the first seals, all open), from a secret store;
 * - DATA_KEY_FILE: a file holding the same text, outside DATA_DIR (a backup of DATA_DIR must not carry its key);
 * - neither, outside production, with the embedded database: DATA_DIR/data.key (mode 0600), made on first start,
 *   with a warning. Production refuses to start without DATA_KEY or DATA_KEY_FILE.
 */
export type KeySettings = Pick<Config, 'NODE_ENV' | 'DATA_KEY' | 'DATA_KEY_FILE' | 'DATA_DIR' | 'DATABASE_URL'>;

export const KEY_MISSING_IN_PRODUCTION =
  'NODE_ENV=production needs the encryption key from DATA_KEY or DATA_KEY_FILE (a file outside DATA_DIR): ' +
  'a key kept in DATA_DIR would travel with every backup of the data (see SECURITY.md).';
export const DEV_KEY_FILE_WARNING =
  'The encryption key is kept in DATA_DIR/data.key, beside the data it protects: for development only. ' +
  'In production set DATA_KEY or DATA_KEY_FILE (a file outside DATA_DIR).';

const isInside = (file: string, dir: string) => {
  const rel = path.relative(path.resolve(dir), path.resolve(file));
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
};

/** The key ring for these settings, and a warning to log when the key sits in DATA_DIR. Throws what is missing. */
export function loadKeyring(
  settings: KeySettings,
  dataDir: string | undefined = settings.DATABASE_URL ? undefined : settings.DATA_DIR,
): { ring: Keyring; warning?: string } {
  if (settings.DATA_KEY && settings.DATA_KEY_FILE) throw new Error('Set DATA_KEY or DATA_KEY_FILE, not both.');
  if (settings.DATA_KEY) return { ring: parseKeyring(settings.DATA_KEY) };
  if (settings.DATA_KEY_FILE) {
    const file = settings.DATA_KEY_FILE;
    if (settings.NODE_ENV === 'production' && isInside(file, settings.DATA_DIR)) {
      throw new Error(
        `DATA_KEY_FILE (${file}) must be outside DATA_DIR (${settings.DATA_DIR}) in production: a backup of the data must not carry its key.`,
      );
    }
    if (!fs.existsSync(file))
      throw new Error(
        `DATA_KEY_FILE (${file}) does not exist: write a key into it, e.g. "k1:$(openssl rand -base64 32)" (see SECURITY.md).`,
      );
    return { ring: parseKeyring(fs.readFileSync(file, 'utf8')) };
  }
  if (settings.NODE_ENV === 'production') throw new Error(KEY_MISSING_IN_PRODUCTION);
  if (settings.DATABASE_URL)
    throw new Error('DATA_KEY or DATA_KEY_FILE must be set with DATABASE_URL: every store process needs the same key (see SECURITY.md).');
  if (!dataDir) return { ring: parseKeyring(crypto.randomBytes(32).toString('base64')) };
  return { ring: readOrMakeKeyFile(path.join(dataDir, 'data.key')), warning: DEV_KEY_FILE_WARNING };
}

/** The key file's ring, made (mode 0600, one new key) when the file does not exist yet. */
export function readOrMakeKeyFile(file: string): Keyring {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (!fs.existsSync(file)) fs.writeFileSync(file, `k1:${crypto.randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  return parseKeyring(fs.readFileSync(file, 'utf8'));
}

/** Puts a new key first in a key file (the old ones stay, to open older values); returns the new ring. */
export function addKeyToKeyFile(file: string): Keyring {
  const ring = readOrMakeKeyFile(file);
  let n = ring.keys.size + 1;
  while (ring.keys.has(`k${n}`)) n++;
  const entries = [
    `k${n}:${crypto.randomBytes(32).toString('base64')}`,
    ...[...ring.keys].map(([id, k]) => `${id}:${k.toString('base64')}`),
  ];
  const tmp = `${file}.tmp`;
  fs.writeFileSync(tmp, `${entries.join(',')}\n`, { mode: 0o600 });
  fs.renameSync(tmp, file);
  return parseKeyring(entries.join(','));
}
