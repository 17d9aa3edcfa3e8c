import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARRIER_TEXTS } from '@store/domain/carriers';
import { describeEachDb, startTestStore } from '../helpers/store.ts';
import { loadConfig } from '../../src/config/env.ts';
import { DEMO, type TestClient } from '../helpers/client.ts';
import { read834 } from '../../src/modules/carriers/x12/read-834.ts';
import { SFTP_NO_HOST_KEY, sftpDelivery } from '../../src/modules/carriers/sftp-delivery.ts';
import { isPrivateAddress } from '../../src/modules/carriers/sftp-host.ts';
import { completeFamily, droppedFiles, tempDropDir } from './helpers.ts';
import { startSftpServer, type TestSftpServer } from './sftp-server.ts';

const root = tempDropDir();
const drop = tempDropDir();
const user = { username: 'benefitstore', password: 'sftp-Secret-2026' };
let server: TestSftpServer;
beforeAll(async () => {
  server = await startSftpServer(root, user);
});
afterAll(() => server.close());

describeEachDb(
  'a carrier delivered by SFTP',
  (ctx) => {
    let op: TestClient;
    let carrier: Record<string, unknown>;
    beforeAll(async () => {
      op = ctx().client();
      await op.signIn(DEMO.operator.email, DEMO.operator.password);
      const list = await op.get('/api/admin/carriers');
      carrier = list.body.data.items.find((c: any) => c.name === 'National Dental Carrier');
    });
    const settings = (patch: Record<string, unknown> = {}) => {
      const { id: _id, plan_count: _p, sftp_secret_set: _s, ...rest } = carrier;
      return { ...rest, ...patch };
    };
    const sftp = () => ({
      delivery_method: 'sftp',
      sftp_host: '127.0.0.1',
      sftp_port: server.port,
      sftp_username: user.username,
      sftp_remote_dir: '/inbound/834',
      sftp_host_key: server.fingerprint,
    });

    it('refuses incomplete SFTP settings field by field and changes nothing', async () => {
      const before = await ctx().db.selectFrom('carriers').selectAll().orderBy('id').execute();
      const r = await op.request('PUT', `/api/admin/carriers/${carrier.id}`, {
        body: settings({ delivery_method: 'sftp', isa_sender_id: 'NO*STARS', ack_window_hours: 0 }),
      });
      expect(r.status).toBe(422);
      expect(r.body.data).toEqual(
        expect.arrayContaining([
          { target_element: 'isa_sender_id', error_message: CARRIER_TEXTS.ISA_ID },
          { target_element: 'ack_window_hours', error_message: CARRIER_TEXTS.ACK_WINDOW },
          { target_element: 'sftp_host', error_message: CARRIER_TEXTS.SFTP_HOST },
          { target_element: 'sftp_username', error_message: CARRIER_TEXTS.SFTP_USERNAME },
          { target_element: 'sftp_remote_dir', error_message: CARRIER_TEXTS.SFTP_REMOTE_DIR },
        ]),
      );
      const noSecret = await op.request('PUT', `/api/admin/carriers/${carrier.id}`, { body: settings(sftp()) });
      expect(noSecret.status).toBe(422);
      expect(noSecret.body.data).toEqual([{ target_element: 'sftp_password', error_message: CARRIER_TEXTS.SFTP_SECRET }]);
      const taken = await op.request('PUT', `/api/admin/carriers/${carrier.id}`, { body: settings({ name: 'national vision carrier' }) });
      expect(taken.body.data).toEqual([{ target_element: 'name', error_message: CARRIER_TEXTS.NAME_TAKEN }]);
      expect(await ctx().db.selectFrom('carriers').selectAll().orderBy('id').execute()).toEqual(before);
    });

    it('keeps the password sealed and never answers it', async () => {
      const r = await op.request('PUT', `/api/admin/carriers/${carrier.id}`, {
        body: settings({ ...sftp(), sftp_password: user.password }),
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data).toMatchObject({ delivery_method: 'sftp', sftp_secret_set: true, sftp_port: server.port });
      expect(JSON.stringify(r.body)).not.toContain(user.password);
      const row = await ctx().db.selectFrom('carriers').selectAll().where('id', '=', Number(carrier.id)).executeTakeFirstOrThrow();
      expect(row.sftp_secret_enc).toMatch(/^s2\./);
      expect(row.sftp_secret_enc).not.toContain(user.password);
      const audit = await ctx().db.selectFrom('audit_log').selectAll().where('action', '=', 'carrier.save').execute();
      expect(JSON.stringify(audit)).not.toContain(user.password);
      // Saving again without a password keeps the stored one.
      const again = await op.request('PUT', `/api/admin/carriers/${carrier.id}`, { body: settings({ ...sftp(), group_number: 'GRP-2' }) });
      expect(again.body.data).toMatchObject({ group_number: 'GRP-2', sftp_secret_set: true });
    });

    it('a changed host or port needs the password or key again; SFTP needs a host key fingerprint (issue 34)', async () => {
      const before = await ctx().db.selectFrom('carriers').selectAll().orderBy('id').execute();
      for (const patch of [{ sftp_host: 'localhost' }, { sftp_port: server.port + 1 }]) {
        const r = await op.request('PUT', `/api/admin/carriers/${carrier.id}`, { body: settings({ ...sftp(), ...patch }) });
        expect(r.status, JSON.stringify(patch)).toBe(422);
        expect(r.body.data).toEqual([{ target_element: 'sftp_password', error_message: CARRIER_TEXTS.SFTP_SECRET_AGAIN }]);
      }
      const noKey = await op.request('PUT', `/api/admin/carriers/${carrier.id}`, {
        body: settings({ ...sftp(), sftp_host_key: '', sftp_password: user.password }),
      });
      expect(noKey.status).toBe(422);
      expect(noKey.body.data).toEqual([{ target_element: 'sftp_host_key', error_message: CARRIER_TEXTS.SFTP_HOST_KEY }]);
      expect(await ctx().db.selectFrom('carriers').selectAll().orderBy('id').execute()).toEqual(before);
      // With the secret given again the new port is saved.
      const moved = await op.request('PUT', `/api/admin/carriers/${carrier.id}`, {
        body: settings({ ...sftp(), sftp_port: server.port + 1, sftp_password: user.password }),
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      const back = await op.request('PUT', `/api/admin/carriers/${carrier.id}`, {
        body: settings({ ...sftp(), sftp_password: user.password }),
      });
      expect(back.body.data).toMatchObject({ sftp_port: server.port, sftp_secret_set: true });
    });

    it('a new host saved while SFTP is off drops the stored secret: switching SFTP on needs it again (issue 34)', async () => {
      const moved = await op.request('PUT', `/api/admin/carriers/${carrier.id}`, {
        body: settings({ ...sftp(), delivery_method: 'folder', sftp_host: 'sftp.elsewhere.example' }),
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      expect(moved.body.data).toMatchObject({ delivery_method: 'folder', sftp_secret_set: false });
      const on = await op.request('PUT', `/api/admin/carriers/${carrier.id}`, {
        body: settings({ ...sftp(), sftp_host: 'sftp.elsewhere.example' }),
      });
      expect(on.status).toBe(422);
      expect(on.body.data).toEqual([{ target_element: 'sftp_password', error_message: CARRIER_TEXTS.SFTP_SECRET }]);
      const back = await op.request('PUT', `/api/admin/carriers/${carrier.id}`, {
        body: settings({ ...sftp(), sftp_password: user.password }),
      });
      expect(back.body.data).toMatchObject({ delivery_method: 'sftp', sftp_host: '127.0.0.1', sftp_secret_set: true });
    });

    it("uploads the 834 under a temporary name and renames it into the carrier's folder", async () => {
      const ts = ctx();
      await completeFamily(ts, ts.client());
      await ts.app.jobs.runDue();
      const [file] = await ts.db.selectFrom('carrier_files').selectAll().orderBy('id', 'desc').limit(1).execute();
      expect(file.status).toBe('delivered');
      const there = droppedFiles(root);
      expect(there).toContain(`inbound/834/${file.file_name}`);
      expect(there.filter((f) => f.includes('.part'))).toEqual([]);
      expect(read834(fs.readFileSync(path.join(root, 'inbound/834', file.file_name), 'utf8')).enrollments[0].members).toHaveLength(4);
      const open = server.ops.findIndex((o) => o.startsWith('open /inbound/834/.' + file.file_name));
      const rename = server.ops.findIndex(
        (o) => o.startsWith('rename /inbound/834/.' + file.file_name) && o.endsWith(`/inbound/834/${file.file_name}`),
      );
      expect(open).toBeGreaterThanOrEqual(0);
      expect(rename).toBeGreaterThan(open);
      // The store's archive keeps it sealed only (issue 34).
      const archived = droppedFiles(drop);
      expect(archived).toEqual([expect.stringMatching(new RegExp(`/${file.file_name}$`))]);
      expect(fs.readFileSync(path.join(drop, archived[0])).subarray(0, 3).toString()).toBe('b2.');
    });
  },
  { CARRIER_DROP_DIR: drop, JOBS_POLL_MS: 0, CARRIER_SFTP_ALLOW_PRIVATE: true },
);

it('a second delivery of the same name leaves one file, the later one', async () => {
  const deliver = sftpDelivery({
    host: '127.0.0.1',
    port: server.port,
    username: user.username,
    password: user.password,
    remoteDir: '/again',
    hostKey: server.fingerprint,
    allowPrivate: true,
  });
  await deliver.deliver({ id: 1, name: 'x' }, '834-000000001.x12', 'first');
  await deliver.deliver({ id: 1, name: 'x' }, '834-000000001.x12', 'second');
  expect(droppedFiles(path.join(root, 'again'))).toEqual(['834-000000001.x12']);
  expect(fs.readFileSync(path.join(root, 'again', '834-000000001.x12'), 'utf8')).toBe('second');
});

it('refuses to connect without a host key fingerprint (issue 34)', async () => {
  const before = server.connections();
  const deliver = sftpDelivery({
    host: '127.0.0.1',
    port: server.port,
    username: user.username,
    password: user.password,
    remoteDir: '/nokey',
    hostKey: '',
    allowPrivate: true,
  });
  await expect(deliver.deliver({ id: 1, name: 'x' }, 'f.x12', 'text')).rejects.toThrow(SFTP_NO_HOST_KEY);
  expect(server.connections()).toBe(before);
  expect(fs.existsSync(path.join(root, 'nokey'))).toBe(false);
});

describe('hosts in loopback, private and link-local ranges (issue 34)', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.5',
    '172.16.0.1',
    '172.31.255.254',
    '192.168.1.10',
    '169.254.169.254',
    '0.0.0.0',
    '::1',
    '::',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:169.254.169.254',
  ])('%s is private', (ip) => expect(isPrivateAddress(ip)).toBe(true));
  it.each(['8.8.8.8', '172.32.0.1', '192.169.0.1', '2001:4860:4860::8888'])('%s is not', (ip) => expect(isPrivateAddress(ip)).toBe(false));

  it('a delivery to a name that resolves to loopback is refused before connecting unless allowed', async () => {
    const before = server.connections();
    const settings = {
      host: 'localhost',
      port: server.port,
      username: user.username,
      password: user.password,
      remoteDir: '/private',
      hostKey: server.fingerprint,
    };
    await expect(sftpDelivery({ ...settings, allowPrivate: false }).deliver({ id: 1, name: 'x' }, 'f.x12', 'text')).rejects.toThrow(
      /private, loopback or link-local address/,
    );
    expect(server.connections()).toBe(before);
    expect(fs.existsSync(path.join(root, 'private'))).toBe(false);
  });

  it('the settings refuse a private address unless CARRIER_SFTP_ALLOW_PRIVATE is set', { timeout: 90_000 }, async () => {
    const ts = await startTestStore('pglite', { JOBS_POLL_MS: 0, CARRIER_SFTP_ALLOW_PRIVATE: false });
    try {
      const op = ts.client();
      await op.signIn(DEMO.operator.email, DEMO.operator.password);
      const carrier = (await op.get('/api/admin/carriers')).body.data.items[0];
      const { id, plan_count: _p, sftp_secret_set: _s, ...rest } = carrier;
      for (const host of ['169.254.169.254', '10.1.2.3', '192.168.0.1', '172.20.0.1', '127.0.0.1', 'localhost']) {
        const r = await op.request('PUT', `/api/admin/carriers/${id}`, {
          body: {
            ...rest,
            delivery_method: 'sftp',
            sftp_host: host,
            sftp_port: 22,
            sftp_username: 'u',
            sftp_remote_dir: '/in',
            sftp_host_key: server.fingerprint,
            sftp_password: 'p',
          },
        });
        expect(r.status, host).toBe(422);
        expect(r.body.data).toEqual([{ target_element: 'sftp_host', error_message: CARRIER_TEXTS.SFTP_HOST_PRIVATE }]);
      }
    } finally {
      await ts.close();
    }
  });
});

it('CARRIER_SFTP_ALLOW_PRIVATE is read once at start: true or false, nothing else', () => {
  const env = { NODE_ENV: 'test', DATA_KEY: 'x' } as NodeJS.ProcessEnv;
  expect(loadConfig(env).CARRIER_SFTP_ALLOW_PRIVATE).toBe(false);
  expect(loadConfig({ ...env, CARRIER_SFTP_ALLOW_PRIVATE: 'true' }).CARRIER_SFTP_ALLOW_PRIVATE).toBe(true);
  expect(() => loadConfig({ ...env, CARRIER_SFTP_ALLOW_PRIVATE: 'yes' })).toThrow(/CARRIER_SFTP_ALLOW_PRIVATE/);
});

it('refuses a server whose host key is not the one configured', async () => {
  const other = 'SHA256:' + 'A'.repeat(43);
  const deliver = sftpDelivery({
    host: '127.0.0.1',
    port: server.port,
    username: user.username,
    password: user.password,
    remoteDir: '/nope',
    hostKey: other,
    allowPrivate: true,
  });
  await expect(deliver.deliver({ id: 1, name: 'x' }, 'f.x12', 'text')).rejects.toThrow();
  expect(fs.existsSync(path.join(root, 'nope'))).toBe(false);
});
