import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO, TestClient } from '../helpers/client.ts';
import { TEST_DATABASE_URL } from '../helpers/store.ts';
import { until } from '../helpers/until.ts';
import { spawnStore, type StoreProcess } from '../security/process.ts';
import { read834 } from '../../src/modules/carriers/x12/read-834.ts';
import { completeFamilyOverHttp, droppedFiles, tempDropDir } from './helpers.ts';

/**
 * The real store processes (apps/server/src/server.ts): a process killed between an enrollment's completion and the
 * delivery of its 834 delivers it once after the restart; two processes on one PostgreSQL deliver each file once.
 */
const x12Files = (drop: string) => droppedFiles(drop).filter((f) => f.endsWith('.x12'));

describe('a store killed between completion and delivery (embedded database)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carrier-crash-'));
  const drop = tempDropDir();
  const running: StoreProcess[] = [];
  afterAll(async () => {
    for (const s of running) await s.stop().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers the file once after the restart', async () => {
    // The worker off: the completion commits its 834 and its delivery job, and nothing delivers it before the kill.
    const first = await spawnStore({ DATA_DIR: dataDir, CARRIER_DROP_DIR: drop, JOBS_POLL_MS: '0' });
    running.push(first);
    await completeFamilyOverHttp(new TestClient(first.baseUrl), 1);
    first.proc.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');
    expect(droppedFiles(drop)).toEqual([]);

    const second = await spawnStore({ DATA_DIR: dataDir, CARRIER_DROP_DIR: drop, JOBS_POLL_MS: '200' });
    running.push(second);
    const files = await until(
      () => x12Files(drop),
      (f) => f.length > 0,
    );
    await new Promise((r) => setTimeout(r, 1500)); // more passes of the worker: still one file
    expect(droppedFiles(drop)).toEqual(files);
    expect(files).toHaveLength(1);
    // Sealed at rest (issue 34): the operator downloads it.
    expect(fs.readFileSync(path.join(drop, files[0])).subarray(0, 3).toString()).toBe('b2.');
    const op = new TestClient(second.baseUrl);
    await op.signIn(DEMO.operator.email, DEMO.operator.password);
    const list = await until(
      async () => (await op.get('/api/admin/carrier-files')).body.data.items,
      (items: { id: number; status: string; file_name: string }[]) => items[0]?.status === 'delivered',
    );
    expect(list.map((f: { status: string; file_name: string }) => [f.status, f.file_name])).toEqual([
      ['delivered', path.basename(files[0])],
    ]);
    const text = (await op.get(`/api/admin/carrier-files/${list[0].id}/download`)).body;
    expect(read834(text).enrollments[0].members).toHaveLength(4);
  }, 180_000);
});

describe.skipIf(!TEST_DATABASE_URL)('two store processes on one PostgreSQL', () => {
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const drop = tempDropDir();
  const running: StoreProcess[] = [];
  const admin = () => new pg.Client({ connectionString: TEST_DATABASE_URL });
  afterAll(async () => {
    for (const s of running) await s.stop().catch(() => undefined);
    const c = admin();
    await c.connect();
    await c.query(`drop schema if exists "${schema}" cascade`);
    await c.end();
  });

  it('deliver each file once', async () => {
    const c = admin();
    await c.connect();
    await c.query(`create schema "${schema}"`);
    const url = new URL(TEST_DATABASE_URL!);
    url.searchParams.set('options', `-c search_path=${schema}`);
    // Both workers poll often, on the same drop folder: each file is theirs to race for.
    const env = { DATABASE_URL: url.toString(), NODE_ENV: 'development', CARRIER_DROP_DIR: drop, JOBS_POLL_MS: '50' };
    const one = await spawnStore(env);
    running.push(one);
    const two = await spawnStore(env);
    running.push(two);
    for (let i = 0; i < 4; i++) await completeFamilyOverHttp(new TestClient((i % 2 ? one : two).baseUrl), i);
    const q = (sql: string) => c.query(`set search_path to "${schema}"; ${sql}`).then((r) => (Array.isArray(r) ? r[1].rows : r.rows));
    const files = await until(
      () => q(`select id, status, file_name from carrier_files order by id`),
      (rows) => rows.length === 4 && rows.every((r: { status: string }) => r.status === 'delivered'),
    );
    await new Promise((r) => setTimeout(r, 1000));
    expect(files.map((f: { status: string }) => f.status)).toEqual(['delivered', 'delivered', 'delivered', 'delivered']);
    const jobs = await q(`select status, attempts from scheduled_jobs where kind = 'carrier-file-deliver' order by id`);
    expect(jobs).toEqual(Array(4).fill({ status: 'done', attempts: 1 }));
    expect(
      droppedFiles(drop)
        .map((f) => path.basename(f))
        .sort(),
    ).toEqual(files.map((f: { file_name: string }) => f.file_name).sort());
    await c.end();
  }, 180_000);
});
