import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { parseKeyring, Sealer } from '../../src/lib/crypto.ts';
import { DEV_KEY_FILE_WARNING, KEY_MISSING_IN_PRODUCTION, loadKeyring } from '../../src/lib/keys.ts';
import { inEnrollmentTabs, memberSsnContext, paymentContext } from '../../src/db/sealed-columns.ts';
import { legacySeal } from './fixtures.ts';
import { spawnStore } from './process.ts';

const KEY = crypto.randomBytes(32).toString('base64');
const sealer = new Sealer(parseKeyring(`k1:${KEY}`));

it('binds a sealed value to its table, column and row: copied to another row or column it does not open', () => {
  const sealed = sealer.seal('123456789', memberSsnContext(7));
  expect(sealed).toMatch(/^s2\.k1\./);
  expect(sealer.open(sealed, memberSsnContext(7))).toBe('123456789');
  expect(() => sealer.open(sealed, memberSsnContext(8))).toThrow();
  expect(() => sealer.open(sealed, paymentContext(7, 'account_number_enc'))).toThrow();
  expect(() => sealer.open(sealed, { table: 'dependents', column: 'ssn_enc', id: 7 })).toThrow();
  const tab = sealer.sealJson({ account_number: '000123456789' }, inEnrollmentTabs('a'));
  expect(() => sealer.openJson(tab, inEnrollmentTabs('b'))).toThrow();
});

it('seals and signs with separate subkeys derived from the master key (HKDF), never with the master key itself', () => {
  const sealed = sealer.seal('123456789', memberSsnContext(1));
  const [, , iv, tag, ct] = sealed.split('.');
  const withMaster = crypto.createDecipheriv('aes-256-gcm', Buffer.from(KEY, 'base64'), Buffer.from(iv, 'base64url'));
  withMaster.setAAD(Buffer.from('members\u0000ssn_enc\u00001'));
  withMaster.setAuthTag(Buffer.from(tag, 'base64url'));
  expect(() => Buffer.concat([withMaster.update(Buffer.from(ct, 'base64url')), withMaster.final()])).toThrow();
  const masterMac = crypto.createHmac('sha256', Buffer.from(KEY, 'base64')).update('resume-code:X').digest('base64url');
  expect(sealer.digest('resume-code:X')).not.toBe(masterMac);
  // Digests made before subkeys (resume codes already mailed) are still recognised.
  expect(sealer.digestAll('resume-code:X')).toContain(masterMac);
});

it('still opens values sealed in the older format (s1: no associated data), and says they need sealing again', () => {
  const old = legacySeal('k1', KEY, '587654321');
  expect(sealer.open(old, memberSsnContext(3))).toBe('587654321');
  expect(sealer.needsRotation(old)).toBe(true);
  expect(sealer.needsRotation(sealer.seal('x', memberSsnContext(3)))).toBe(false);
});

it('refuses to start in production without DATA_KEY or DATA_KEY_FILE, and with a key file inside DATA_DIR', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keys-'));
  try {
    const dataDir = path.join(dir, 'data');
    const base = {
      NODE_ENV: 'production' as const,
      DATA_DIR: dataDir,
      DATA_KEY: undefined,
      DATA_KEY_FILE: undefined,
      DATABASE_URL: undefined,
    };
    expect(() => loadKeyring(base)).toThrow(KEY_MISSING_IN_PRODUCTION);
    expect(fs.existsSync(path.join(dataDir, 'data.key'))).toBe(false);
    fs.mkdirSync(dataDir);
    fs.writeFileSync(path.join(dataDir, 'k'), `k1:${KEY}\n`);
    expect(() => loadKeyring({ ...base, DATA_KEY_FILE: path.join(dataDir, 'k') })).toThrow(/DATA_KEY_FILE .* must be outside DATA_DIR/);
    expect(() => loadKeyring({ ...base, DATA_KEY_FILE: path.join(dir, 'missing.key') })).toThrow(/does not exist/);
    fs.writeFileSync(path.join(dir, 'store.key'), `k1:${KEY}\n`, { mode: 0o600 });
    const fromFile = loadKeyring({ ...base, DATA_KEY_FILE: path.join(dir, 'store.key') });
    expect(fromFile.warning).toBeUndefined();
    expect(fromFile.ring.keys.get('k1')!.toString('base64')).toBe(KEY);
    expect(loadKeyring({ ...base, DATA_KEY: `k9:${KEY}` }).ring.currentId).toBe('k9');
    // Development keeps the key file in DATA_DIR, and says so.
    const dev = loadKeyring({ ...base, NODE_ENV: 'development' });
    expect(dev.warning).toBe(DEV_KEY_FILE_WARNING);
    expect(fs.existsSync(path.join(dataDir, 'data.key'))).toBe(true);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

it('the store process started with NODE_ENV=production and no key stops, saying what is missing', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nokey-'));
  try {
    const error = await spawnStore({ DATA_KEY: '', DATA_DIR: dataDir }).then(
      (s) => s.stop().then(() => 'started'),
      (err: Error) => err.message,
    );
    expect(error).toContain(KEY_MISSING_IN_PRODUCTION);
    expect(fs.existsSync(path.join(dataDir, 'data.key'))).toBe(false);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}, 60_000);
