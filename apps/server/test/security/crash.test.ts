import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { TestClient } from '../helpers/client.ts';
import { TEST_DATABASE_URL } from '../helpers/store.ts';
import { spawnStore, type StoreProcess } from './process.ts';

/**
 * Nothing lost: the real server process is killed with SIGKILL in the middle of a stream of enrollment saves,
 * started again on the same data, and every acknowledged save is there and no save is there by halves. Also:
 * SIGTERM lets requests in flight finish and closes cleanly.
 */
const QUOTE = { zip: '10001', dob: '01/15/1985', gender: '1', tier: 'IO' };
const STREAMS = 4;

function copyCookies(from: TestClient, to: TestClient) {
  for (const [k, v] of from.cookies) to.cookies.set(k, v);
  return to;
}

/** A save carries two fields that belong together: working_hours = n mod 168 and annual_incode = n. */
const saveBody = (n: number) => ({ annual_incode: n, working_hours: n % 168 });

async function crashDuringSaves(start: () => Promise<StoreProcess>) {
  let store = await start();
  const browsers = Array.from({ length: STREAMS }, () => new TestClient(store.baseUrl));
  const ids: string[] = [];
  for (const b of browsers) {
    const r = await b.post('/api/v1/add-filter-for-new-user', QUOTE);
    expect(r.status).toBe(200);
    ids.push(r.body.data.temp_enrollment_id);
  }
  const acked: number[] = Array(STREAMS).fill(-1);
  const sent: number[][] = Array.from({ length: STREAMS }, () => []);
  let stop = false;
  const streams = browsers.map(async (b, s) => {
    for (let n = 1; !stop; n++) {
      const value = s * 1_000_000 + n;
      sent[s].push(value);
      try {
        const r = await b.put(`/api/v1/change-filter-info/${ids[s]}`, saveBody(value));
        if (r.status !== 200) throw new Error(`save answered ${r.status}`);
        acked[s] = value;
      } catch (err) {
        if (!stop) throw err;
        return;
      }
    }
  });
  // Let the saves run, then pull the plug while they are in full flow.
  await new Promise((r) => setTimeout(r, 700 + Math.random() * 500));
  stop = true;
  store.proc.kill('SIGKILL');
  await Promise.allSettled(streams);
  expect((await store.exited).signal).toBe('SIGKILL');
  expect(acked.every((v) => v > 0)).toBe(true);

  store = await start();
  try {
    for (let s = 0; s < STREAMS; s++) {
      const b = copyCookies(browsers[s], new TestClient(store.baseUrl));
      const r = await b.get('/api/v1/get-enrollment-temp-info', { enrollment_id: ids[s], column: 'filter_info' });
      expect(r.status).toBe(200);
      const f = r.body.data.result;
      // Every acknowledged save is there: the last one, or the one that was on its way when the process died.
      const afterAck = sent[s].slice(sent[s].indexOf(acked[s]));
      expect(afterAck).toContain(f.annual_incode);
      expect(afterAck.length).toBeLessThanOrEqual(2);
      // And nothing by halves: both fields of one save.
      expect(f.working_hours).toBe(f.annual_incode % 168);
      expect(f).toMatchObject({ zip: '10001', dob: '01/15/1985', tier: 'IO' });
    }
    // The store takes new saves after the crash.
    const b = copyCookies(browsers[0], new TestClient(store.baseUrl));
    expect((await b.put(`/api/v1/change-filter-info/${ids[0]}`, saveBody(42))).status).toBe(200);
  } finally {
    await store.stop();
  }
  return acked;
}

describe('reliability: a killed store loses no acknowledged save (embedded database)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('finds every acknowledged save after SIGKILL and a restart on the same DATA_DIR', async () => {
    const acked = await crashDuringSaves(() => spawnStore({ DATA_DIR: dataDir }));
    expect(acked.reduce((a, v) => a + (v % 1_000_000), 0)).toBeGreaterThan(4);
    // The dead process's lock was taken over and given back.
    expect(fs.existsSync(path.join(dataDir, 'store.lock'))).toBe(false);
  }, 120_000);

  it('refuses a second store process on the same DATA_DIR with a clear message', async () => {
    const one = await spawnStore({ DATA_DIR: dataDir });
    try {
      await expect(spawnStore({ DATA_DIR: dataDir })).rejects.toThrow(/DATA_DIR .* is in use by process \d+/);
    } finally {
      await one.stop();
    }
  }, 120_000);

  it('lets requests in flight finish on SIGTERM, then exits cleanly', async () => {
    const store = await spawnStore({ DATA_DIR: dataDir });
    const c = new TestClient(store.baseUrl);
    const id = (await c.post('/api/v1/add-filter-for-new-user', QUOTE)).body.data.temp_enrollment_id;
    // Requests surely in flight: headers sent and half of the body, the rest after the signal.
    const headers = { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'x-csrf-token': c.cookies.get('csrf')! };
    const slow = [0, 1, 2].map((i) =>
      slowPut(store.baseUrl, `/api/v1/change-filter-info/${id}`, headers, JSON.stringify(saveBody(500 + i))),
    );
    await new Promise((r) => setTimeout(r, 300));
    store.proc.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    for (const s of slow) s.finish();
    const answers = await Promise.all(slow.map((s) => s.response));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const exit = await store.exited;
    expect(exit.code).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'store.lock'))).toBe(false);
    // Started again, a save of the three is there.
    const again = await spawnStore({ DATA_DIR: dataDir });
    try {
      const r = await copyCookies(c, new TestClient(again.baseUrl)).get('/api/v1/get-enrollment-temp-info', {
        enrollment_id: id,
        column: 'filter_info',
      });
      expect([500, 501, 502]).toContain(r.body.data.result.annual_incode);
    } finally {
      await again.stop();
    }
  }, 120_000);
});

/** A PUT whose body is sent in two halves: the second when finish() is called. */
function slowPut(baseUrl: string, pathname: string, headers: Record<string, string>, body: string) {
  const req = http.request(new URL(pathname, baseUrl), {
    method: 'PUT',
    agent: false,
    headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
  });
  const half = Math.floor(body.length / 2);
  req.write(body.slice(0, half));
  return { response, finish: () => req.end(body.slice(half)) };
}

describe.skipIf(!TEST_DATABASE_URL)('reliability: a killed store loses no acknowledged save (PostgreSQL)', () => {
  const schema = `t_crash_${crypto.randomBytes(5).toString('hex')}`;
  const key = crypto.randomBytes(32).toString('base64');
  const url = new URL(TEST_DATABASE_URL || 'postgres://localhost/x');
  url.searchParams.set('options', `-c search_path=${schema}`);
  afterAll(async () => {
    const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await c.connect();
    await c.query(`drop schema if exists "${schema}" cascade`);
    await c.end();
  });

  it('finds every acknowledged save after SIGKILL and a restart', async () => {
    const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await c.connect();
    await c.query(`create schema "${schema}"`);
    await c.end();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-pg-'));
    try {
      await crashDuringSaves(() => spawnStore({ DATABASE_URL: url.toString(), DATA_KEY: key, DATA_DIR: dataDir }));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
