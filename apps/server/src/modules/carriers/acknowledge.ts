import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/errors.ts';
import * as repo from './repository.ts';
import { readAcknowledgments, type AckError } from './x12/acknowledgment.ts';
import { X12Problem } from './x12/parse.ts';

const refuse = (message: string) => new HttpError(422, message, [{ target_element: 'content', error_message: message }]);

/**
 * Applies an uploaded 999 or TA1 to the files it names (by our GS06 or ISA13), in one transaction with its audit row:
 * a 999 sets accepted, accepted with errors or rejected with the carrier's errors in words; a TA1 that rejects the
 * interchange sets rejected. Anything wrong (not X12, no file of ours, broken counts) changes nothing.
 */
export async function acknowledge(app: FastifyInstance, accountId: number | null, content: string) {
  let acks;
  try {
    acks = readAcknowledgments(content);
  } catch (err) {
    if (err instanceof X12Problem) throw refuse(err.message);
    throw err;
  }
  const at = app.jobs.now();
  return app.db.transaction().execute(async (trx) => {
    const out: { id: number; status: repo.CarrierFileStatus; errors: AckError[] }[] = [];
    for (const ack of acks) {
      const file =
        ack.kind === '999'
          ? await repo.findFileByGroupControl(trx, ack.groupControlNumber!)
          : await repo.findFileByInterchangeControl(trx, ack.interchangeControlNumber!);
      if (!file) {
        throw refuse(
          ack.kind === '999'
            ? `The 999 acknowledges group control number ${ack.groupControlNumber}, which names no file of ours.`
            : `The TA1 acknowledges interchange control number ${ack.interchangeControlNumber}, which names no file of ours.`,
        );
      }
      const ours = await trx.selectFrom('carrier_file_items').select('transaction_control_number').where('file_id', '=', file.id).execute();
      const known = new Set(ours.map((i) => i.transaction_control_number));
      const stranger = Object.keys(ack.transactions).find((n) => !known.has(n));
      if (stranger) throw refuse(`The 999 names transaction set ${stranger}, which file ${file.id} does not hold.`);
      // A TA1 that accepts the envelope leaves the 999 to say how the content went.
      const status = ack.kind === 'TA1' && ack.status === 'accepted' && file.status !== 'generated' ? file.status : ack.status;
      await repo.setAcknowledged(trx, file.id, status, ack.errors, at);
      out.push({ id: file.id, status, errors: ack.errors });
    }
    await repo.writeAudit(trx, accountId, 'carrier-file.acknowledge', out.map((f) => `carrier_file:${f.id}`).join(','), {
      files: out.map((f) => ({ id: f.id, status: f.status })),
    });
    return out;
  });
}
