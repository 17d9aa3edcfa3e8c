import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Sealing of sensitive fields at rest: AES-256-GCM with a key kept outside the database.
 * Sealed text: "s1.<keyId>.<iv b64url>.<tag b64url>.<ciphertext b64url>".
 * Keys: DATA_KEY = "id:base64key,id2:base64key2" (the first encrypts, all decrypt: key rotation), or a single
 * base64 key (id "k1"); without DATA_KEY the embedded default keeps a key file (mode 0600) in DATA_DIR.
 */
export interface Keyring {
  currentId: string;
  keys: Map<string, Buffer>;
}

export function parseKeyring(spec: string): Keyring {
  const keys = new Map<string, Buffer>();
  let currentId = '';
  for (const [i, part] of spec.split(',').map((s) => s.trim()).filter(Boolean).entries()) {
    const [id, b64] = part.includes(':') ? part.split(':', 2) : ['k1', part];
    const key = Buffer.from(b64, 'base64');
    if (key.length !== 32) throw new Error(`DATA_KEY entry ${id} must be 32 bytes in base64`);
    if (!/^[A-Za-z0-9_-]+$/.test(id)) throw new Error(`DATA_KEY id ${id} must be letters, digits, _ or -`);
    keys.set(id, key);
    if (i === 0) currentId = id;
  }
  if (!currentId) throw new Error('DATA_KEY is empty');
  return { currentId, keys };
}

export function loadKeyring(opts: { dataKey?: string; dataDir?: string }): Keyring {
  if (opts.dataKey) return parseKeyring(opts.dataKey);
  if (!opts.dataDir) return parseKeyring(crypto.randomBytes(32).toString('base64'));
  const file = path.join(opts.dataDir, 'data.key');
  fs.mkdirSync(opts.dataDir, { recursive: true });
  if (!fs.existsSync(file)) {
    fs.writeFileSync(file, `k1:${crypto.randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  }
  return parseKeyring(fs.readFileSync(file, 'utf8'));
}

export class Sealer {
  constructor(private readonly ring: Keyring) {}

  seal(plain: string): string {
    const key = this.ring.keys.get(this.ring.currentId)!;
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
    const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return ['s1', this.ring.currentId, iv.toString('base64url'), tag.toString('base64url'), ct.toString('base64url')].join('.');
  }

  open(sealed: string): string {
    const [v, keyId, iv, tag, ct] = sealed.split('.');
    if (v !== 's1') throw new Error('not sealed');
    const key = this.ring.keys.get(keyId);
    if (!key) throw new Error(`unknown key ${keyId}`);
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
  }

  isSealed(value: unknown): value is string {
    return typeof value === 'string' && value.startsWith('s1.');
  }

  /** Whether the value was sealed with an older key (to re-seal during rotation). */
  needsRotation(sealed: string): boolean {
    return sealed.split('.')[1] !== this.ring.currentId;
  }

  sealJson(value: unknown): string {
    return this.seal(JSON.stringify(value));
  }

  openJson<T>(sealed: string): T {
    return JSON.parse(this.open(sealed)) as T;
  }

  /** An HMAC for look-ups of sealed values (duplicates) without storing them in clear. */
  digest(value: string): string {
    return crypto.createHmac('sha256', this.ring.keys.get(this.ring.currentId)!).update(value).digest('base64url');
  }

  /** The digest under every key of the ring, current first: look-ups of digests stored before a key rotation. */
  digestAll(value: string): string[] {
    const current = this.ring.keys.get(this.ring.currentId)!;
    const keys = [current, ...[...this.ring.keys.values()].filter((k) => k !== current)];
    return keys.map((key) => crypto.createHmac('sha256', key).update(value).digest('base64url'));
  }
}

export const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('base64url');
export const randomToken = (bytes = 32) => crypto.randomBytes(bytes).toString('base64url');
export const timingSafeEqualText = (a: string, b: string) => {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && crypto.timingSafeEqual(ab, bb);
};
