import crypto from 'node:crypto';

/**
 * Sealing of sensitive fields at rest: AES-256-GCM with keys kept outside the database (lib/keys.ts loads them).
 * Every master key of the ring gives two subkeys by HKDF-SHA256: one seals (AES-GCM), one signs (HMAC: resume code
 * hashes, link tokens, look-up digests). A sealed value is bound to where it is kept: its table, column and row id
 * are the associated data of the cipher, so a value copied to another row or column does not open.
 *
 * Formats: "s2.<keyId>.<iv>.<tag>.<ciphertext>" (subkey, associated data: what seal writes), and the older
 * "s1.<keyId>.<iv>.<tag>.<ciphertext>" (the master key itself, no associated data), which still opens until
 * `npm run rotate-keys` seals it again as s2. Bytes (a screenshot's PNG) are sealed as bytes: the ASCII header
 * "b2.<keyId>." then the 12-byte iv, the 16-byte tag and the ciphertext, with the same subkey and associated data.
 */
export interface Keyring {
  currentId: string;
  keys: Map<string, Buffer>;
}

/** Where a sealed value is kept: its associated data. `id` is the row's key (for JSON columns, the row holding the JSON). */
export interface SealContext {
  table: string;
  column: string;
  id: string | number;
}

export function parseKeyring(spec: string): Keyring {
  const keys = new Map<string, Buffer>();
  let currentId = '';
  for (const [i, part] of spec
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .entries()) {
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

const subkey = (master: Buffer, purpose: 'seal' | 'hmac') =>
  Buffer.from(crypto.hkdfSync('sha256', master, Buffer.alloc(0), `benefit-store/${purpose}/v2`, 32));
const associatedData = (ctx: SealContext) => Buffer.from(`${ctx.table}\u0000${ctx.column}\u0000${ctx.id}`, 'utf8');
const hmac = (key: Buffer, value: string) => crypto.createHmac('sha256', key).update(value).digest('base64url');

/** A sealed value's shape (the rotation tool finds them in any column with it). */
export const SEALED_VALUE = /^s[12]\.([A-Za-z0-9_-]+)\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*$/;

export class Sealer {
  private readonly sealKeys = new Map<string, Buffer>();
  private readonly macKeys: Buffer[];
  private readonly legacyMacKeys: Buffer[];

  constructor(private readonly ring: Keyring) {
    const ids = [ring.currentId, ...[...ring.keys.keys()].filter((id) => id !== ring.currentId)];
    for (const id of ids) this.sealKeys.set(id, subkey(ring.keys.get(id)!, 'seal'));
    this.macKeys = ids.map((id) => subkey(ring.keys.get(id)!, 'hmac'));
    this.legacyMacKeys = ids.map((id) => ring.keys.get(id)!);
  }

  seal(plain: string, ctx: SealContext): string {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.sealKeys.get(this.ring.currentId)!, iv);
    cipher.setAAD(associatedData(ctx));
    const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['s2', this.ring.currentId, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ct.toString('base64url')].join(
      '.',
    );
  }

  /** Opens a value sealed for this context (s2), or an older s1 value (no context). Throws otherwise. */
  open(sealed: string, ctx: SealContext): string {
    const [v, keyId, iv, tag, ct] = sealed.split('.');
    if (v !== 's1' && v !== 's2') throw new Error('not sealed');
    const key = v === 's2' ? this.sealKeys.get(keyId) : this.ring.keys.get(keyId);
    if (!key) throw new Error(`unknown key ${keyId}`);
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    if (v === 's2') decipher.setAAD(associatedData(ctx));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
  }

  /** Seals bytes as bytes (format b2): no base64 on the way, about 40 bytes more than the plain bytes. */
  sealBytes(plain: Uint8Array, ctx: SealContext): Buffer {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.sealKeys.get(this.ring.currentId)!, iv);
    cipher.setAAD(associatedData(ctx));
    const ct = Buffer.concat([cipher.update(plain), cipher.final()]);
    return Buffer.concat([Buffer.from(`b2.${this.ring.currentId}.`, 'ascii'), iv, cipher.getAuthTag(), ct]);
  }

  /** Opens bytes sealed for this context (b2), or an older value sealed as the text of their base64 (s1, s2). */
  openBytes(sealed: Uint8Array, ctx: SealContext): Buffer {
    const bytes = Buffer.from(sealed);
    const head = bytes.subarray(0, 3).toString('latin1');
    if (head === 's1.' || head === 's2.') return Buffer.from(this.open(bytes.toString('utf8'), ctx), 'base64');
    if (head !== 'b2.') throw new Error('not sealed');
    const dot = bytes.indexOf(0x2e, 3);
    const key = this.sealKeys.get(bytes.subarray(3, dot).toString('ascii'));
    if (dot < 0 || !key) throw new Error('unknown key');
    const iv = bytes.subarray(dot + 1, dot + 13);
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAAD(associatedData(ctx));
    decipher.setAuthTag(bytes.subarray(dot + 13, dot + 29));
    return Buffer.concat([decipher.update(bytes.subarray(dot + 29)), decipher.final()]);
  }

  /** Whether stored bytes are sealed (b2, or the older sealed text). */
  isSealedBytes(value: Uint8Array): boolean {
    return ['b2.', 's1.', 's2.'].includes(Buffer.from(value.subarray(0, 3)).toString('latin1'));
  }

  isSealed(value: unknown): value is string {
    return typeof value === 'string' && (value.startsWith('s2.') || value.startsWith('s1.'));
  }

  /** Whether the value is in the older format or sealed with an older key (rotate-keys seals it again). */
  needsRotation(sealed: string): boolean {
    const [v, keyId] = sealed.split('.');
    return v !== 's2' || keyId !== this.ring.currentId;
  }

  sealJson(value: unknown, ctx: SealContext): string {
    return this.seal(JSON.stringify(value), ctx);
  }

  openJson<T>(sealed: string, ctx: SealContext): T {
    return JSON.parse(this.open(sealed, ctx)) as T;
  }

  /** An HMAC (the current key's HMAC subkey) for look-ups of secrets without storing them in clear. */
  digest(value: string): string {
    return hmac(this.macKeys[0], value);
  }

  /**
   * The digest under every key of the ring, current first, then as digests were made before subkeys (the master
   * key itself): look-ups of digests stored before a key rotation or before this format.
   */
  digestAll(value: string): string[] {
    return [...this.macKeys, ...this.legacyMacKeys].map((key) => hmac(key, value));
  }
}

export const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('base64url');
export const randomToken = (bytes = 32) => crypto.randomBytes(bytes).toString('base64url');
export const timingSafeEqualText = (a: string, b: string) => {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && crypto.timingSafeEqual(ab, bb);
};
