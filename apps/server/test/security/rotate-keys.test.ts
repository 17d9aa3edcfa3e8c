import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { sql } from 'kysely';
import { describeEachDb } from '../helpers/store.ts';
import { rotateSealedValues } from '../../src/cli/rotate-keys.ts';
import { parseKeyring, Sealer } from '../../src/lib/crypto.ts';
import { inEnrollmentTabs, memberSsnContext, screenshotContext } from '../../src/db/sealed-columns.ts';
import { loadConfig } from '../../src/config/env.ts';
import { createStore } from '../../src/bootstrap.ts';
import { dumpTables } from './openapi.ts';
import { childEnv, legacySeal, makeEnrollment, TSX_NODE } from './fixtures.ts';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../../..');
const OLD = crypto.randomBytes(32).toString('base64');
const NEW = crypto.randomBytes(32).toString('base64');

/** Every sealed string of the database (either format). */
async function sealedValues(db: Parameters<typeof dumpTables>[0]) {
  const found: string[] = [];
  for (const [, rows] of await dumpTables(db))
    for (const row of rows)
      for (const m of row.matchAll(/s[12]\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*/g)) found.push(m[0]);
  return found;
}

describeEachDb(
  'security: key rotation',
  (ctx) => {
    it('seals every value again with the new key, in JSON too, and can run twice', async () => {
      const ts = ctx();
      const c = ts.client();
      const id = await makeEnrollment(ts, c);
      // Sealed values deep inside an enrollment's saved tabs, as the steps keep them.
      const sealer = ts.app.sealer;
      const at = inEnrollmentTabs(id);
      const tabs = {
        primary_info: { first_name: 'Ana', _sealed: { ssn: sealer.seal('123-45-6789', at) } },
        dependent_info: { dependents: [{ name: 'Kid', ssn: sealer.seal('587-65-4321', at) }], _sealed: sealer.sealJson({ a: 1 }, at) },
        // One value still in the older format: it is sealed again as s2 too.
        payment_info: { _sealed: legacySeal('k1', OLD, JSON.stringify({ account_number: '000123456789', routing_number: '011000015' })) },
      };
      await ts.db
        .updateTable('enrollments')
        .set({ tabs: JSON.stringify(tabs) })
        .where('id', '=', id)
        .execute();
      // A step screenshot, sealed as bytes.
      const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
      expect(
        (await c.post('/api/v1/save-screenshot', { enrollment_id: id, name: 'personal-info', image: `data:image/png;base64,${png}` }))
          .status,
      ).toBe(200);
      const shot = await ts.db.selectFrom('screenshots').select(['id', 'image']).where('enrollment_id', '=', id).executeTakeFirstOrThrow();
      // Raw bytes sealed (b2): the header, iv, tag and the PNG's length, not the text of its base64.
      expect(Buffer.from(shot.image).subarray(0, 6).toString('latin1')).toBe('b2.k1.');
      expect(shot.image.length).toBe(6 + 12 + 16 + Buffer.from(png, 'base64').length);
      // A screenshot kept before bytes were sealed as bytes: the base64 text sealed as text (s2); rotation makes it b2.
      const older = await ts.db
        .insertInto('screenshots')
        .values({ id: shot.id + 1, enrollment_id: id, name: 'contact-info', image: Buffer.alloc(0) })
        .returning('id')
        .executeTakeFirstOrThrow();
      await ts.db
        .updateTable('screenshots')
        .set({ image: Buffer.from(sealer.seal(png, screenshotContext(older.id)), 'utf8') })
        .where('id', '=', older.id)
        .execute();
      const before = await sealedValues(ts.db);
      expect(before.length).toBeGreaterThan(5);
      expect(before.every((v) => v.startsWith('s2.k1.') || v.startsWith('s1.k1.'))).toBe(true);
      const members = await ts.db
        .selectFrom('members')
        .select(['user_id', 'ssn_enc'])
        .where('ssn_enc', 'is not', null)
        .orderBy('user_id')
        .execute();
      const oldOnly = new Sealer(parseKeyring(`k1:${OLD}`));
      const ssns = members.map((m) => oldOnly.open(m.ssn_enc!, memberSsnContext(m.user_id)));

      const ring = parseKeyring(`k2:${NEW},k1:${OLD}`);
      const report = await rotateSealedValues(ts.db, ring, { batchSize: 2 });
      expect(report.resealed['members.ssn_enc']).toBeGreaterThan(0);
      expect(report.resealed['enrollments.tabs']).toBe(4);
      expect(report.resealed['members.ssn_enc']).toBe(members.length);
      expect(report.resealed['screenshots.image']).toBe(2);
      expect(report.unreadable).toEqual({});

      const after = await sealedValues(ts.db);
      expect(after).toHaveLength(before.length);
      expect(after.every((v) => v.startsWith('s2.k2.'))).toBe(true);
      // The new key alone opens everything, each value for its own row: the old key can be retired.
      const newOnly = new Sealer(parseKeyring(`k2:${NEW}`));
      const membersAfter = await ts.db
        .selectFrom('members')
        .select(['user_id', 'ssn_enc'])
        .where('ssn_enc', 'is not', null)
        .orderBy('user_id')
        .execute();
      expect(membersAfter.map((m) => newOnly.open(m.ssn_enc!, memberSsnContext(m.user_id)))).toEqual(ssns);
      expect(() => newOnly.open(membersAfter[0].ssn_enc!, memberSsnContext(membersAfter[1].user_id))).toThrow();
      // The JSON kept its shape.
      const row = await ts.db.selectFrom('enrollments').select('tabs').where('id', '=', id).executeTakeFirstOrThrow();
      const t = (typeof row.tabs === 'string' ? JSON.parse(row.tabs) : row.tabs) as typeof tabs;
      expect(t.primary_info.first_name).toBe('Ana');
      expect(newOnly.open(t.dependent_info.dependents[0].ssn, at)).toBe('587-65-4321');
      expect(newOnly.openJson(t.payment_info._sealed, at)).toEqual({ account_number: '000123456789', routing_number: '011000015' });

      const shots = await ts.db.selectFrom('screenshots').select(['id', 'image']).where('enrollment_id', '=', id).orderBy('id').execute();
      for (const sh of shots) {
        expect(Buffer.from(sh.image).subarray(0, 6).toString('latin1')).toBe('b2.k2.');
        expect(newOnly.openBytes(sh.image, screenshotContext(sh.id)).toString('base64')).toBe(png);
      }
      // Bound to its row: another row's context does not open it.
      expect(() => newOnly.openBytes(shots[0].image, screenshotContext(shots[1].id))).toThrow();

      const again = await rotateSealedValues(ts.db, ring);
      expect(again.rowsUpdated).toBe(0);
    });

    it('leaves a damaged value as it was and says so', async () => {
      const ts = ctx();
      const [m] = await sql<{ user_id: number }>`select user_id from members order by user_id limit 1`.execute(ts.db).then((r) => r.rows);
      const forged = 's1.k2.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAA';
      await ts.db.updateTable('members').set({ ssn_enc: forged }).where('user_id', '=', m.user_id).execute();
      const ring = parseKeyring(`k3:${crypto.randomBytes(32).toString('base64')},k2:${NEW},k1:${OLD}`);
      const report = await rotateSealedValues(ts.db, ring);
      expect(report.unreadable['members.ssn_enc']).toBe(1);
      const row = await ts.db.selectFrom('members').select('ssn_enc').where('user_id', '=', m.user_id).executeTakeFirstOrThrow();
      expect(row.ssn_enc).toBe(forged);
    });
  },
  { DATA_KEY: `k1:${OLD}` },
);

it('rotates the key file of the embedded database with npm run rotate-keys -- --generate-key', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rotate-'));
  try {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir } as NodeJS.ProcessEnv);
    const store = await createStore(config, { logger: false });
    const firstKey = fs.readFileSync(path.join(dataDir, 'data.key'), 'utf8').trim();
    expect(firstKey).toMatch(/^k1:/);
    expect(fs.statSync(path.join(dataDir, 'data.key')).mode & 0o077).toBe(0);
    const ssnBefore = await store.app.db
      .selectFrom('members')
      .select(['user_id', 'ssn_enc'])
      .where('ssn_enc', 'is not', null)
      .orderBy('user_id')
      .execute();
    const plainBefore = ssnBefore.map((r) => store.app.sealer.open(r.ssn_enc!, memberSsnContext(r.user_id)));
    await store.close();

    const [node, ...loader] = TSX_NODE;
    const { stdout } = await run(node, [...loader, 'apps/server/src/cli/rotate-keys.ts', '--generate-key'], {
      cwd: ROOT,
      env: childEnv({ DATA_DIR: dataDir }),
    });
    expect(stdout).toMatch(/Current key: k2; older keys: k1/);
    expect(stdout).toMatch(/members\.ssn_enc: \d+ value\(s\) sealed again with key k2/);
    const keyFile = fs.readFileSync(path.join(dataDir, 'data.key'), 'utf8').trim();
    expect(keyFile.split(',').map((e) => e.split(':')[0])).toEqual(['k2', 'k1']);
    expect(fs.statSync(path.join(dataDir, 'data.key')).mode & 0o077).toBe(0);

    const reopened = await createStore(config, { logger: false });
    try {
      const rows = await reopened.app.db
        .selectFrom('members')
        .select(['user_id', 'ssn_enc'])
        .where('ssn_enc', 'is not', null)
        .orderBy('user_id')
        .execute();
      expect(rows.every((r) => r.ssn_enc!.startsWith('s2.k2.'))).toBe(true);
      const newOnly = new Sealer(parseKeyring(keyFile.split(',')[0]));
      expect(rows.map((r) => newOnly.open(r.ssn_enc!, memberSsnContext(r.user_id)))).toEqual(plainBefore);
    } finally {
      await reopened.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}, 120_000);

it('checks digests (resume codes) under every key of the ring, so codes issued before a rotation still work', () => {
  const before = new Sealer(parseKeyring(`k1:${OLD}`));
  const after = new Sealer(parseKeyring(`k2:${NEW},k1:${OLD}`));
  const issued = before.digest('resume-code:ABCD2345EF');
  expect(after.digestAll('resume-code:ABCD2345EF')).toContain(issued);
  expect(after.digestAll('resume-code:ABCD2345EF')[0]).toBe(after.digest('resume-code:ABCD2345EF'));
  expect(new Sealer(parseKeyring(`k2:${NEW}`)).digestAll('resume-code:ABCD2345EF')).not.toContain(issued);
});
