import { HttpError } from '../../lib/errors.ts';
import * as repo from './repository.ts';
import { scheduleRetention } from './retention.ts';
import { readAcknowledgments, type AckError, type FileAcknowledgment as Acknowledgment } from './x12/acknowledgment.ts';
import { X12Problem } from './x12/parse.ts';
import type { CarrierDeps } from './carrier-deps.ts';

const refuse = (message: string) => new HttpError(422, message, [{ target_element: 'content', error_message: message }]);

/** Reads a 999 or TA1; anything that is not X12 or has broken counts is refused (422) with what is wrong. */
export function parseAcknowledgment(content: string): Acknowledgment[] {
  try {
    return readAcknowledgments(content);
  } catch (err) {
    if (err instanceof X12Problem) throw refuse(err.message);
    throw err;
  }
}

export type Applied = { id: number; status: repo.CarrierFileStatus; errors: AckError[] }[];

/**
 * Applies read acknowledgments to the files they name (by our GS06 or ISA13), in the caller's transaction with its
 * audit row: a 999 sets accepted, accepted with errors or rejected with the carrier's errors in words; a TA1 that
 * rejects the interchange sets rejected. A file of no one of ours, or a set the file does not hold, refuses it (422).
 */
export async function applyAcknowledgments(
  trx: repo.Db,
  acks: Acknowledgment[],
  at: Date,
  by: { accountId: number | null; source?: string; carrierId?: number },
): Promise<Applied> {
  const out: Applied = [];
  for (const ack of acks) {
    // From a carrier's inbound folder, only that carrier's files: a control number alone would let one carrier's
    // folder mark another carrier's files (issue 34).
    const file =
      ack.kind === '999'
        ? await repo.findFileByGroupControl(trx, ack.groupControlNumber!, by.carrierId)
        : await repo.findFileByInterchangeControl(trx, ack.interchangeControlNumber!, by.carrierId);
    if (!file) {
      throw refuse(
        ack.kind === '999'
          ? `The 999 acknowledges group control number ${ack.groupControlNumber}, which names no file of ours.`
          : `The TA1 acknowledges interchange control number ${ack.interchangeControlNumber}, which names no file of ours.`,
      );
    }
    // An 820 of premium is one transaction set (0001); an 834's sets are its items'.
    const known = new Set(file.kind === 'remittance' ? ['0001'] : await repo.transactionsOfFile(trx, file.id));
    const stranger = Object.keys(ack.transactions).find((n) => !known.has(n));
    if (stranger) throw refuse(`The 999 names transaction set ${stranger}, which file ${file.id} does not hold.`);
    // A TA1 that accepts the envelope leaves the 999 to say how the content went.
    const status = ack.kind === 'TA1' && ack.status === 'accepted' && file.status !== 'generated' ? file.status : ack.status;
    await repo.setAcknowledged(trx, file.id, status, ack.errors, at);
    out.push({ id: file.id, status, errors: ack.errors });
  }
  await repo.writeAudit(trx, by.accountId, 'carrier-file.acknowledge', out.map((f) => `carrier_file:${f.id}`).join(','), {
    files: out.map((f) => ({ id: f.id, status: f.status })),
    ...(by.source ? { source: by.source } : {}),
  });
  return out;
}

/** An operator's upload: read, then applied whole in one transaction (anything wrong changes nothing). */
export async function acknowledge(deps: CarrierDeps, accountId: number | null, content: string) {
  const acks = parseAcknowledgment(content);
  const at = deps.jobs.now();
  return deps.db.transaction().execute(async (trx) => {
    const applied = await applyAcknowledgments(trx, acks, at, { accountId });
    await scheduleRetention(
      deps,
      trx,
      applied.map((f) => f.id),
    );
    return applied;
  });
}
