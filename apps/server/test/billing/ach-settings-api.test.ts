import { expect, it } from 'vitest';
import { ACH_SETTINGS_TEXT } from '@store/domain/ach-settings';
import { DEMO } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/store.ts';
import { secondFactorCheckedAgo } from '../security/fixtures.ts';
import { operatorClient } from '../after-enrollment/helpers.ts';
import { achSftpSecretContext } from '../../src/db/sealed-columns.ts';

/**
 * Issue 36: the operator sets who originates the NACHA file, which bank takes it and how it gets there: errors beside
 * the fields, a fresh second factor, the SFTP secret sealed and never read back, the audit row without it.
 */
const GOOD = {
  odfi_routing: '011000015',
  odfi_name: 'Federal Reserve Bank',
  company_name: 'Benefit Store',
  company_id: '1234567890',
  delivery_method: 'sftp',
  sftp_host: 'sftp.bank.example',
  sftp_port: 22,
  sftp_username: 'benefitstore',
  sftp_remote_dir: '/inbound',
  sftp_host_key: '',
  sftp_password: 'correct horse battery staple',
};

describeEachDb("the console's NACHA settings", (ts) => {
  it('refuses bad values beside their fields and changes nothing', async () => {
    const op = await operatorClient(ts());
    const before = (await op.get('/api/admin/ach-settings')).body.data;
    expect(before).toMatchObject({ odfi_routing: '021000021', delivery_method: 'folder', sftp_secret_on_file: false });
    const bad = await op.put('/api/admin/ach-settings', {
      ...GOOD,
      odfi_routing: '123456789',
      company_name: 'A company name far too long',
      company_id: '12345',
      sftp_host: 'bad host!',
      sftp_port: 70000,
      sftp_remote_dir: 'inbound',
    });
    expect(bad.status).toBe(422);
    expect(Object.fromEntries(bad.body.data.map((e: any) => [e.target_element, e.error_message]))).toEqual({
      odfi_routing: ACH_SETTINGS_TEXT.ODFI_ROUTING,
      company_name: ACH_SETTINGS_TEXT.COMPANY_NAME,
      company_id: ACH_SETTINGS_TEXT.COMPANY_ID,
      sftp_port: ACH_SETTINGS_TEXT.SFTP_PORT,
      sftp_host: ACH_SETTINGS_TEXT.SFTP_HOST,
      sftp_remote_dir: ACH_SETTINGS_TEXT.SFTP_DIR,
    });
    const noSecret = await op.put('/api/admin/ach-settings', { ...GOOD, sftp_password: '' });
    expect(noSecret.status).toBe(422);
    expect(noSecret.body.data).toEqual([{ target_element: 'sftp_password', error_message: ACH_SETTINGS_TEXT.SFTP_SECRET }]);
    expect((await op.get('/api/admin/ach-settings')).body.data).toEqual(before);
  });

  it('saves with a fresh second factor, seals the SFTP secret, never reads it back, and audits without it', async () => {
    const op = await operatorClient(ts());
    await secondFactorCheckedAgo(ts(), op, 6 * 60_000);
    const stale = await op.put('/api/admin/ach-settings', GOOD);
    expect(stale.status).toBe(403);
    expect(stale.body.data.map((f: any) => f.target_element)).toEqual(['second_factor']);
    await secondFactorCheckedAgo(ts(), op, 0);

    const saved = await op.put('/api/admin/ach-settings', GOOD);
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(ACH_SETTINGS_TEXT.SAVED);
    expect(saved.body.data).toEqual({
      odfi_routing: '011000015',
      odfi_name: 'FEDERAL RESERVE BANK',
      company_name: 'BENEFIT STORE',
      company_id: '1234567890',
      delivery_method: 'sftp',
      sftp_host: 'sftp.bank.example',
      sftp_port: 22,
      sftp_username: 'benefitstore',
      sftp_remote_dir: '/inbound',
      sftp_host_key: '',
      sftp_secret_on_file: true,
    });
    expect(JSON.stringify(saved.body)).not.toContain('battery');
    const row = await ts().db.selectFrom('ach_settings').select('sftp_secret_enc').executeTakeFirstOrThrow();
    expect(row.sftp_secret_enc).not.toContain('battery');
    expect(ts().app.sealer.openJson(row.sftp_secret_enc!, achSftpSecretContext())).toEqual({ password: GOOD.sftp_password });
    const audit = await ts()
      .db.selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'ach-settings.save')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(audit.detail)).not.toContain('battery');
    expect((audit.detail as any).changed).toEqual(expect.arrayContaining(['odfi_routing', 'company_id', 'delivery_method', 'sftp_host']));

    // A blank secret keeps the one on file.
    const again = await op.put('/api/admin/ach-settings', { ...GOOD, sftp_password: '', sftp_port: 2222 });
    expect(again.status).toBe(200);
    const after = await ts().db.selectFrom('ach_settings').select(['sftp_secret_enc', 'sftp_port']).executeTakeFirstOrThrow();
    expect(ts().app.sealer.openJson(after.sftp_secret_enc!, achSftpSecretContext())).toEqual({ password: GOOD.sftp_password });
    expect(after.sftp_port).toBe(2222);
  });

  it('is for operators only', async () => {
    const rep = ts().client();
    await rep.signIn(DEMO.rep.email, DEMO.rep.password);
    expect((await rep.get('/api/admin/ach-settings')).status).toBe(403);
    expect((await rep.put('/api/admin/ach-settings', GOOD)).status).toBe(403);
    expect((await ts().client().get('/api/admin/ach-settings')).status).toBe(401);
  });
});
