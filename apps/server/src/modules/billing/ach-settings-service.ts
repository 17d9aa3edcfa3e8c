import type { Selectable } from 'kysely';
import { ACH_SETTINGS_TEXT, type TAchSettings, type TAchSettingsView } from '@store/domain/ach-settings';
import type { AchSettingsTable } from '../../db/schema.ts';
import { achSftpSecretContext } from '../../db/sealed-columns.ts';
import type { Deps } from '../../lib/deps.ts';
import { fieldError } from '../../lib/errors.ts';
import { updateAchSettings } from './ach-settings-repository.ts';
import { auditRow } from './ledger-repository.ts';
import { achSettings } from './repository.ts';

type SettingsDeps = Pick<Deps, 'db' | 'sealer'>;

const viewOf = (s: Selectable<AchSettingsTable>): TAchSettingsView => ({
  odfi_routing: s.odfi_routing,
  odfi_name: s.odfi_name,
  company_name: s.company_name,
  company_id: s.company_id,
  delivery_method: s.delivery_method,
  sftp_host: s.sftp_host,
  sftp_port: s.sftp_port,
  sftp_username: s.sftp_username,
  sftp_remote_dir: s.sftp_remote_dir,
  sftp_host_key: s.sftp_host_key,
  sftp_secret_on_file: !!s.sftp_secret_enc,
});

export const readAchSettings = async (deps: SettingsDeps) => viewOf(await achSettings(deps.db));

/**
 * Saves the NACHA settings in one statement. The SFTP password or key is sealed (db/sealed-columns.ts), written only
 * when given (blank keeps the one on file); delivery by SFTP needs one on file. The audit row names what changed,
 * never the secret.
 */
export async function saveAchSettings(deps: SettingsDeps, accountId: number, body: TAchSettings): Promise<TAchSettingsView> {
  return deps.db.transaction().execute(async (trx) => {
    const before = await achSettings(trx);
    const secret = body.sftp_password.trim();
    if (body.delivery_method === 'sftp' && !secret && !before.sftp_secret_enc)
      throw fieldError('sftp_password', ACH_SETTINGS_TEXT.SFTP_SECRET);
    const values = {
      odfi_routing: body.odfi_routing,
      odfi_name: body.odfi_name.toUpperCase(),
      company_name: body.company_name.toUpperCase(),
      company_id: body.company_id.toUpperCase(),
      delivery_method: body.delivery_method,
      sftp_host: body.sftp_host,
      sftp_port: body.sftp_port,
      sftp_username: body.sftp_username,
      sftp_remote_dir: body.sftp_remote_dir,
      sftp_host_key: body.sftp_host_key,
    };
    const secretValue = secret.includes('PRIVATE KEY') ? { private_key: secret } : { password: secret };
    await updateAchSettings(trx, {
      ...values,
      ...(secret ? { sftp_secret_enc: deps.sealer.sealJson(secretValue, achSftpSecretContext()) } : {}),
    });
    const changed = Object.keys(values).filter(
      (k) => String(values[k as keyof typeof values]) !== String(before[k as keyof typeof before]),
    );
    await auditRow(trx, accountId, 'ach-settings.save', 'ach_settings:1', { changed, secret: secret ? 'replaced' : 'kept' });
    return viewOf(await achSettings(trx));
  });
}
