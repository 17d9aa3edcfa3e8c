import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { BILLING_TEXT } from '@store/domain/billing';
import { TEXT } from '@store/domain/texts';
import { describeEachDb } from '../../helpers/store.ts';
import { childEnv, TSX_NODE } from '../../security/fixtures.ts';
import { loadConfig } from '../../../src/config/env.ts';
import { createStore } from '../../../src/bootstrap.ts';
import { importFedAch } from '../../../src/modules/enrollment/payment/fedach-import.ts';
import { EFT, enrollmentAtStepFive, reviewAndAgree } from './helpers.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../../..');
/** Four records in the FedACH directory format (155 characters, CRLF); the banks' names and addresses are made up. */
const FIXTURE = path.join(import.meta.dirname, '../../fixtures/fedach-sample.txt');
/** Valid ABA checksums that neither the shipped entries nor the fixture hold. */
const UNKNOWN = '314074010';
const UNKNOWN_2 = '261073012';

describeEachDb('bank routing directory', (ctx) => {
  it('answers the look-up from the directory: known banks, unknown valid numbers, bad checksums', async () => {
    const c = ctx().client();
    const chase = await c.get('/api/v1/routing-number-bank-lookup', { q: '021000021' });
    expect(chase.body.data.response).toEqual({ name: 'JPMORGAN CHASE BANK', routing_number: '021000021', found: true });
    expect((await c.get('/api/v1/routing-number-bank-lookup', { q: '011000015' })).body.data.response.name).toBe('FEDERAL RESERVE BANK');
    const unknown = await c.get('/api/v1/routing-number-bank-lookup', { q: UNKNOWN });
    expect(unknown.status).toBe(200);
    expect(unknown.body.data.response).toEqual({ name: '', routing_number: UNKNOWN, found: false });
    const bad = await c.get('/api/v1/routing-number-bank-lookup', { q: '123456789' });
    expect(bad.status).toBe(422);
    expect(bad.body.data).toEqual([{ target_element: 'routing_number', error_message: BILLING_TEXT.ROUTING_INVALID }]);
    const short = await c.get('/api/v1/routing-number-bank-lookup', { q: '02100002' });
    expect(short.body.data).toEqual([{ target_element: 'routing_number', error_message: TEXT.ROUTING_9_DIGITS }]);
  });

  it('saves EFT with an unknown valid routing number and the bank name the person typed; refuses a bad checksum and changes nothing', async () => {
    const ts = ctx();
    const c = ts.client();
    const id = await enrollmentAtStepFive(ts, c);
    await reviewAndAgree(c, id);
    const bad = await c.post('/api/v1/save-billing-info', { enrollment_id: id, ...EFT, routing_number: '123456789' });
    expect(bad.status).toBe(422);
    expect(bad.body.data).toEqual([{ target_element: 'routing_number', error_message: BILLING_TEXT.ROUTING_INVALID }]);
    const noName = await c.post('/api/v1/save-billing-info', { enrollment_id: id, ...EFT, routing_number: UNKNOWN, bank_name: '' });
    expect(noName.status).toBe(422);
    expect(noName.body.data).toEqual([{ target_element: 'bank_name', error_message: TEXT.FIELD_REQUIRED }]);
    const badName = await c.post('/api/v1/save-billing-info', {
      enrollment_id: id,
      ...EFT,
      routing_number: UNKNOWN,
      bank_name: '<b>Bank</b>',
    });
    expect(badName.body.data).toEqual([{ target_element: 'bank_name', error_message: BILLING_TEXT.INVALID_BANK_NAME }]);
    const before = await c.get('/api/v1/get-enrollment-temp-info', { enrollment_id: id, column: 'payment_info' });
    expect(before.body.data.result ?? null).toBeNull();

    const saved = await c.post('/api/v1/save-billing-info', {
      enrollment_id: id,
      ...EFT,
      routing_number: UNKNOWN,
      bank_name: 'Lakeside Credit Union',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.result).toMatchObject({ bank_name: 'Lakeside Credit Union', routing_number: 'xxxxx4010' });
    // A known routing number keeps the directory's name, whatever was typed.
    const known = await c.post('/api/v1/save-billing-info', { enrollment_id: id, ...EFT, bank_name: 'Some Other Bank' });
    expect(known.body.data.result.bank_name).toBe('JPMORGAN CHASE BANK');
  });

  it('imports a FedACH directory file, then looks its banks up; a damaged file changes nothing', async () => {
    const ts = ctx();
    const c = ts.client();
    const text = fs.readFileSync(FIXTURE, 'latin1');
    const broken = text.replace(/\r?\n/, '\n').split('\n');
    broken[2] = broken[2].slice(0, 100);
    const refused = await importFedAch(ts.db, broken.join('\n'));
    expect(refused).toEqual({ ok: false, problems: [{ line: 3, message: 'a record is 155 characters, this line has 100' }] });
    expect((await c.get('/api/v1/routing-number-bank-lookup', { q: '073900014' })).body.data.response.found).toBe(false);

    // CRLF as the Federal Reserve writes it, or LF once copied about.
    expect(await importFedAch(ts.db, text)).toEqual({ ok: true, imported: 4 });
    expect(await importFedAch(ts.db, text.replace(/\r\n/g, '\n'))).toEqual({ ok: true, imported: 4 });
    expect((await c.get('/api/v1/routing-number-bank-lookup', { q: '073900014' })).body.data.response).toEqual({
      name: 'PRAIRIE STATE SAVINGS BANK',
      routing_number: '073900014',
      found: true,
    });
    expect((await c.get('/api/v1/routing-number-bank-lookup', { q: '067100011' })).body.data.response.name).toBe(
      'HARBOR POINT CREDIT UNION',
    );
    expect((await c.get('/api/v1/routing-number-bank-lookup', { q: '011000015' })).body.data.response.name).toBe('FEDERAL RESERVE BANK');
    const rows = await ts.db
      .selectFrom('routing_directory')
      .selectAll()
      .where('routing_number', 'in', ['073900014', '011000015', '021000021'])
      .orderBy('routing_number')
      .execute();
    expect(rows.map((r) => [r.routing_number, r.source, r.city, r.state])).toEqual([
      ['011000015', 'fedach', 'ATLANTA', 'GA'],
      ['021000021', 'shipped', null, null],
      ['073900014', 'fedach', 'DES MOINES', 'IA'],
    ]);
    expect((await c.get('/api/v1/routing-number-bank-lookup', { q: UNKNOWN_2 })).body.data.response.found).toBe(false);
  });
});

it('npm run import-fedach -- <file> loads the file into the embedded database', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fedach-'));
  try {
    const [node, ...loader] = TSX_NODE;
    const { stdout } = await promisify(execFile)(node, [...loader, 'apps/server/src/cli/import-fedach.ts', FIXTURE], {
      cwd: ROOT,
      env: childEnv({ DATA_DIR: dataDir, SEED_DEMO: 'false' }),
    });
    expect(stdout).toContain(`Imported 4 routing number(s) from ${FIXTURE}.`);
    const store = await createStore(
      loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SEED_DEMO: 'false' } as NodeJS.ProcessEnv),
      { logger: false },
    );
    try {
      const r = await store.app.inject({ method: 'GET', url: '/api/v1/routing-number-bank-lookup?q=102000018' });
      expect(r.json().data.response).toEqual({ name: 'FRONT RANGE COMMUNITY BANK', routing_number: '102000018', found: true });
    } finally {
      await store.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}, 120_000);
