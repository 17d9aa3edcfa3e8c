import type { z } from 'zod';
import { licenseRowsFromCsv, type ZRepLicensingForm } from '@store/domain/rep-licensing';
import type { TLicenseImport, TRepLicensing } from '@store/domain/contract/rep-licensing';
import { todayIso } from '@store/domain/dates';
import { US_STATES } from '@store/domain/states';
import type { Actor } from '../../lib/actor.ts';
import { fieldError, fieldErrors, notFound } from '../../lib/errors.ts';
import * as repo from './repository.ts';

type Deps = { db: import('kysely').Kysely<import('../../db/schema.ts').Database> };

const stateName = (abbrev: string) => US_STATES.find((s) => s.abbrev === abbrev)?.name ?? abbrev;

/** A rep's NPN, licenses (each said current or not today, US Eastern) and every carrier with whether it appointed them. */
export async function repLicensing(db: repo.Db, agentId: number, now = new Date()): Promise<TRepLicensing> {
  const agent = await repo.agentExists(db, agentId);
  if (!agent) throw notFound();
  const today = todayIso(now);
  return {
    agent_id: agentId,
    npn: agent.npn ?? null,
    licenses: (await repo.licensesOf(db, agentId)).map((l) => ({
      state: l.state,
      state_name: stateName(l.state),
      expires_on: l.expires_on,
      current: l.expires_on >= today,
    })),
    carriers: (await repo.carriersFor(db, agentId)).map((c) => ({ carrier_id: c.carrier_id, name: c.name, appointed: !!c.appointed })),
  };
}

/** The operator replaces a rep's NPN, licenses and appointments at once (audited: states and carriers, no more). */
export async function saveRepLicensing(deps: Deps, actor: Actor, agentId: number, body: z.output<typeof ZRepLicensingForm>) {
  return deps.db.transaction().execute(async (trx) => {
    if (!(await repo.agentExists(trx, agentId))) throw notFound();
    const known = await repo.existingCarriers(trx, body.carriers);
    const unknown = body.carriers.findIndex((id) => !known.has(id));
    if (unknown >= 0) throw fieldError(`carriers.${unknown}`, 'There is no such carrier.');
    await repo.setNpn(trx, agentId, body.npn || null);
    await repo.replaceLicenses(trx, agentId, body.licenses);
    await repo.replaceAppointments(trx, agentId, [...new Set(body.carriers)]);
    await repo.auditLicensing(trx, actor.account?.id ?? null, 'rep-licensing.save', `agent:${agentId}`, {
      states: body.licenses.map((l) => `${l.state} ${l.expires_on}`),
      carriers: body.carriers,
      npn: body.npn ? 'set' : 'none',
    });
    return repLicensing(trx, agentId);
  });
}

/**
 * A license CSV (agent_id, state, expires_on): all or nothing. Each rep the file names gets exactly the licenses the
 * file lists for them (the others are untouched); a file with any bad line, or naming a rep who does not exist, loads
 * nothing and every problem is said by line (422 on `csv`, one field error per problem).
 */
export async function importLicenses(deps: Deps, actor: Actor, csv: string): Promise<TLicenseImport> {
  const { rows, problems } = licenseRowsFromCsv(csv);
  return deps.db.transaction().execute(async (trx) => {
    const ids = [...new Set(rows.map((r) => r.agent_id))];
    const known = await repo.existingAgents(trx, ids);
    for (const r of rows) if (!known.has(r.agent_id)) problems.push(`Line ${r.line}: there is no rep ${r.agent_id}.`);
    if (problems.length) {
      problems.sort((a, b) => lineOf(a) - lineOf(b));
      throw fieldErrors(
        problems.map((p) => ({ target_element: 'csv', error_message: p })),
        `Nothing was loaded: ${problems.length} problem${problems.length === 1 ? '' : 's'} in the file.`,
      );
    }
    for (const id of ids)
      await repo.replaceLicenses(
        trx,
        id,
        rows.filter((r) => r.agent_id === id),
      );
    await repo.auditLicensing(trx, actor.account?.id ?? null, 'rep-licensing.import', 'rep-licenses', { reps: ids, licenses: rows.length });
    return { reps: ids.length, licenses: rows.length };
  });
}

const lineOf = (p: string) => Number(/^Line (\d+)/.exec(p)?.[1] ?? 0);
