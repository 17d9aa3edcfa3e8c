import { CARRIER_TEXTS, type TCarrier, type TCarrierFormOut, type TNewCarrierFormOut } from '@store/domain/carriers';
import { carrierSftpSecretContext } from '../../db/sealed-columns.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { appointEveryActiveRep } from '../rep-licensing/index.ts';
import * as repo from './repository.ts';
import { rescheduleRetention } from './retention.ts';
import { isPrivateHostLiteral } from './sftp-host.ts';
import type { CarrierDeps } from './carrier-deps.ts';

/** A carrier as the console sees it: never its SFTP secret, only whether one is stored. */
export const carrierOut = (c: repo.Carrier, planCount: number): TCarrier => ({
  id: c.id,
  name: c.name,
  isa_sender_qualifier: c.isa_sender_qualifier,
  isa_sender_id: c.isa_sender_id,
  isa_receiver_qualifier: c.isa_receiver_qualifier,
  isa_receiver_id: c.isa_receiver_id,
  group_number: c.group_number,
  federal_tax_id: c.federal_tax_id,
  usage_indicator: c.usage_indicator,
  delivery_method: c.delivery_method,
  batch_mode: c.batch_mode,
  remittance_schedule: c.remittance_schedule,
  ack_window_hours: c.ack_window_hours,
  confirmation_window_days: c.confirmation_window_days,
  file_retention_days: c.file_retention_days,
  sftp_host: c.sftp_host,
  sftp_port: c.sftp_port,
  sftp_username: c.sftp_username,
  sftp_remote_dir: c.sftp_remote_dir,
  sftp_host_key: c.sftp_host_key,
  sftp_secret_set: !!c.sftp_secret_enc,
  member_phone: c.member_phone ?? '',
  payer_id: c.payer_id ?? '',
  claims_address: c.claims_address ?? '',
  logo: c.logo ?? '',
  plan_count: planCount,
});

export async function listCarrierSettings(deps: CarrierDeps) {
  const [carriers, counts] = await Promise.all([repo.listCarriers(deps.db), repo.planCounts(deps.db)]);
  const count = new Map(counts.map((c) => [c.carrier_id, Number(c.n)]));
  return carriers.map((c) => carrierOut(c, count.get(c.id) ?? 0));
}

/**
 * Saves a carrier's settings with its audit row (never the secret). A new SFTP password or key is sealed at rest;
 * empty keeps the stored one; SFTP with no secret at all is refused (422 on the password field), and so is SFTP to a
 * new host or port without the secret again; a new host or port saved while SFTP is off drops the stored secret.
 */
export async function saveCarrierSettings(deps: CarrierDeps, accountId: number | null, id: number, input: TCarrierFormOut) {
  return deps.db.transaction().execute((trx) => saveIn(deps, trx, accountId, id, input));
}

async function saveIn(deps: CarrierDeps, trx: repo.Db, accountId: number | null, id: number, input: TCarrierFormOut) {
  const current = await repo.findCarrier(trx, id);
  if (!current) throw notFound();
  const other = await repo.carrierNamed(trx, input.name);
  if (other && other.id !== id) throw fieldError('name', CARRIER_TEXTS.NAME_TAKEN);
  const newSecret = input.sftp_password || input.sftp_private_key;
  if (input.delivery_method === 'sftp' && !newSecret && !current.sftp_secret_enc)
    throw fieldError('sftp_password', CARRIER_TEXTS.SFTP_SECRET);
  // The stored secret goes only where it was given for: a new host or port needs it again (issue 34).
  const moved = input.sftp_host !== current.sftp_host || input.sftp_port !== current.sftp_port;
  if (input.delivery_method === 'sftp' && !newSecret && moved) throw fieldError('sftp_password', CARRIER_TEXTS.SFTP_SECRET_AGAIN);
  if (input.delivery_method === 'sftp' && !deps.config.CARRIER_SFTP_ALLOW_PRIVATE && isPrivateHostLiteral(input.sftp_host))
    throw fieldError('sftp_host', CARRIER_TEXTS.SFTP_HOST_PRIVATE);
  // Moved while SFTP is off: the stored secret is dropped, or switching SFTP on later would send it to the new host.
  const dropSecret = !newSecret && moved && !!current.sftp_secret_enc;
  const { sftp_password, sftp_private_key, ...settings } = input;
  // The ID card's lines (issue 37): empty is none.
  const card = {
    member_phone: input.member_phone || null,
    payer_id: input.payer_id || null,
    claims_address: input.claims_address || null,
    logo: input.logo || null,
  };
  const saved = await repo.updateCarrier(trx, id, {
    ...settings,
    ...card,
    ...(newSecret
      ? {
          sftp_secret_enc: deps.sealer.seal(
            JSON.stringify({ password: sftp_password || undefined, private_key: sftp_private_key || undefined }),
            carrierSftpSecretContext(id),
          ),
        }
      : dropSecret
        ? { sftp_secret_enc: null }
        : {}),
  });
  // A shorter retention applies to files already waiting for their deletion (a longer one moves their jobs on).
  if (input.file_retention_days < current.file_retention_days) await rescheduleRetention(deps, trx, id);
  await repo.writeAudit(trx, accountId, 'carrier.save', `carrier:${id}`, {
    fields: Object.keys(settings).filter(
      (k) => String(settings[k as keyof typeof settings]) !== String(current[k as keyof repo.Carrier] ?? ''),
    ),
    secret_changed: !!newSecret,
    ...(dropSecret ? { secret_dropped: true } : {}),
  });
  const counts = await repo.planCounts(trx);
  return carrierOut(saved!, Number(counts.find((c) => c.carrier_id === id)?.n ?? 0));
}

/**
 * A carrier created in the console (decision 2640, amended): its settings as for a save, and unless the operator
 * unticked it, an appointment of every active rep and agency (the house agency included) in the same transaction, so
 * its plans are offered by every rep at once (migration 2740's trigger drops each rep's cached appointments).
 */
export async function createCarrier(deps: CarrierDeps, accountId: number | null, input: TNewCarrierFormOut) {
  const { appoint_all_reps, ...form } = input;
  return deps.db.transaction().execute(async (trx) => {
    if (await repo.carrierNamed(trx, form.name)) throw fieldError('name', CARRIER_TEXTS.NAME_TAKEN);
    const { id } = await repo.insertCarrier(trx, form.name);
    const appointed = appoint_all_reps ? await appointEveryActiveRep(trx, id) : 0;
    await repo.writeAudit(trx, accountId, 'carrier.create', `carrier:${id}`, { name: form.name, appointed_reps: appointed });
    // The settings (and the sealed secret, whose context is the new id) are saved as any later save is.
    return saveIn(deps, trx, accountId, id, form);
  });
}
