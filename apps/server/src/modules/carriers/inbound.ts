import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { HttpError } from '../../lib/errors.ts';
import { applyAcknowledgments, parseAcknowledgment } from './acknowledge.ts';
import { carrierFolderName } from './delivery.ts';
import { applyEffectuation } from './effectuation.ts';
import { parseX12, X12Problem } from './x12/parse.ts';
import { holds834, readEffectuation } from './x12/read-effectuation.ts';
import * as repo from './repository.ts';
import { scheduleRetention } from './retention.ts';
import type { CarrierDeps } from './carrier-deps.ts';

/** Where a carrier's 999s, TA1s and effectuation 834s land: <CARRIER_DROP_DIR>/<carrier folder>/inbound; handled ones move aside. */
export const INBOUND = 'inbound';
export const PROCESSED = 'processed';
export const REFUSED = 'refused';

export type InboundOutcome = 'applied' | 'refused' | 'seen';

const isRefusal = (err: unknown): err is HttpError => err instanceof HttpError && err.statusCode === 422;
const missing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Applies one acknowledgment found in a carrier's folder. The claim is a row of carrier_inbound_files, unique by
 * carrier and content, inserted in the transaction that applies it: of two processes reading the same file, one
 * inserts (and applies), the other waits for that commit and finds the claim taken ('seen'). A file seen again after
 * a crash between the commit and the move is 'seen' too. A refused file is recorded with what is wrong.
 */
export async function applyInboundFile(deps: CarrierDeps, carrier: repo.Carrier, fileName: string, text: string): Promise<InboundOutcome> {
  const sha256 = crypto.createHash('sha256').update(text).digest('hex');
  const claim = { carrierId: carrier.id, fileName, sha256 };
  const source = `${carrierFolderName(carrier)}/${INBOUND}/${fileName}`;
  try {
    // Issue 39: an 834 from the carrier is its effectuation (the members it confirms or ends), applied by the same pass.
    const effectuation = effectuationIn(text);
    if (effectuation)
      return await deps.db.transaction().execute(async (trx) => {
        if (!(await repo.claimInbound(trx, { ...claim, outcome: 'applied' }))) return 'seen';
        await applyEffectuation(trx, carrier, effectuation, deps.jobs.now(), { accountId: null, source });
        return 'applied';
      });
    const acks = parseAcknowledgment(text);
    return await deps.db.transaction().execute(async (trx) => {
      if (!(await repo.claimInbound(trx, { ...claim, outcome: 'applied' }))) return 'seen';
      const applied = await applyAcknowledgments(trx, acks, deps.jobs.now(), {
        accountId: null,
        carrierId: carrier.id,
        source,
      });
      await scheduleRetention(
        deps,
        trx,
        applied.map((f) => f.id),
      );
      return 'applied';
    });
  } catch (err) {
    if (!isRefusal(err)) throw err;
    deps.log.warn({ carrierId: carrier.id, fileName }, `inbound acknowledgment refused: ${err.message}`);
    return (await repo.claimInbound(deps.db, { ...claim, outcome: 'refused', message: err.message })) ? 'refused' : 'seen';
  }
}

/**
 * The subscribers of an effectuation 834, or null when the text holds no 834 (a 999 or TA1: read by acknowledge.ts).
 * Text that is not X12, or an 834 the store cannot apply, is refused (422) with the reason.
 */
function effectuationIn(text: string) {
  let parsed;
  try {
    parsed = parseX12(text);
    return holds834(parsed) ? readEffectuation(parsed) : null;
  } catch (err) {
    if (err instanceof X12Problem) throw new HttpError(422, err.message, [{ target_element: 'content', error_message: err.message }]);
    throw err;
  }
}

/** Moves a handled file into inbound/processed or inbound/refused (gone already: another process moved it). */
async function moveAside(dir: string, name: string, outcome: 'applied' | 'refused', sha: string) {
  const into = path.join(dir, outcome === 'applied' ? PROCESSED : REFUSED);
  await fs.mkdir(into, { recursive: true });
  await fs.rename(path.join(dir, name), path.join(into, `${sha.slice(0, 12)}-${name}`)).catch((err) => {
    if (!missing(err)) throw err;
  });
}

/** One look at every carrier's inbound folder; answers what became of each file. */
export async function scanInbound(deps: CarrierDeps): Promise<{ file: string; outcome: InboundOutcome }[]> {
  const out: { file: string; outcome: InboundOutcome }[] = [];
  for (const carrier of await repo.listCarriers(deps.db)) {
    const dir = path.join(deps.config.CARRIER_DROP_DIR, carrierFolderName(carrier), INBOUND);
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch((err) => {
      if (missing(err)) return [];
      throw err;
    });
    for (const entry of entries) {
      if (!entry.isFile() || entry.name.startsWith('.')) continue;
      const text = await fs.readFile(path.join(dir, entry.name), 'utf8').catch((err) => {
        if (missing(err)) return null;
        throw err;
      });
      if (text === null) continue;
      let outcome = await applyInboundFile(deps, carrier, entry.name, text);
      const sha = crypto.createHash('sha256').update(text).digest('hex');
      const recorded = outcome === 'seen' ? (await repo.findInbound(deps.db, carrier.id, sha))?.outcome : outcome;
      if (recorded === 'applied' || recorded === 'refused') await moveAside(dir, entry.name, recorded, sha);
      else outcome = 'seen';
      out.push({ file: `${carrierFolderName(carrier)}/${INBOUND}/${entry.name}`, outcome });
    }
  }
  return out;
}

/**
 * Looks at the inbound folders every `everyMs` (the jobs' poll interval) once started: the routes start it when the
 * app is ready and stop it (waiting for a pass under way) when it closes.
 */
export function inboundWatcher(deps: CarrierDeps, everyMs: number) {
  let pass: Promise<unknown> | null = null;
  let timer: NodeJS.Timeout | null = null;
  return {
    start() {
      if (everyMs <= 0) return;
      timer = setInterval(() => {
        if (pass) return;
        pass = scanInbound(deps)
          .catch((err) => deps.log.error({ err }, 'inbound acknowledgments pass failed'))
          .finally(() => (pass = null));
      }, everyMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await pass;
    },
  };
}
