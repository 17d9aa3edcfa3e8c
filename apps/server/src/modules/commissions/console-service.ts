import type { z } from 'zod';
import {
  COMMISSION_TEXTS,
  type TCommissionSetup,
  type TRepHierarchy,
  type ZCommissionScheduleForm,
  type ZRepHierarchyForm,
} from '@store/domain/commissions';
import { fieldError, notFound } from '../../lib/errors.ts';
import * as repo from './repository.ts';

type Db = import('kysely').Kysely<import('../../db/schema.ts').Database>;

/** The schedules (a carrier's default first, then its plans), every carrier with its plans, the charge-back months. */
export async function commissionSetup(db: repo.Db): Promise<TCommissionSetup> {
  return {
    schedules: await repo.schedules(db),
    carriers: await repo.carriersWithPlans(db),
    chargeback_months: await repo.chargebackMonths(db),
  };
}

/**
 * Sets one schedule (the carrier's default when no plan is named): takes effect on the next statements (rows on a
 * statement never change). The plan must be the carrier's; audited with the rates.
 */
export async function saveSchedule(db: Db, accountId: number, body: z.output<typeof ZCommissionScheduleForm>) {
  return db.transaction().execute(async (trx) => {
    if (!(await repo.carrierExists(trx, body.carrier_id))) throw fieldError('carrier_id', COMMISSION_TEXTS.carrier);
    if (body.plan_id !== null && !(await repo.planOfCarrier(trx, body.carrier_id, body.plan_id)))
      throw fieldError('plan_id', COMMISSION_TEXTS.plan);
    const row = {
      carrier_id: body.carrier_id,
      plan_id: body.plan_id,
      first_year_bp: body.first_year_percent,
      renewal_bp: body.renewal_percent,
      flat_cents: body.flat_amount,
    };
    await repo.upsertSchedule(trx, row);
    await repo.audit(
      trx,
      accountId,
      'commissions.schedule',
      `carrier:${body.carrier_id}${body.plan_id ? `:plan:${body.plan_id}` : ''}`,
      row,
    );
    return commissionSetup(trx);
  });
}

export async function saveSettings(db: Db, accountId: number, months: number) {
  return db.transaction().execute(async (trx) => {
    await repo.setChargebackMonths(trx, months);
    await repo.audit(trx, accountId, 'commissions.settings', 'commission-settings', { chargeback_months: months });
    return commissionSetup(trx);
  });
}

export async function repHierarchy(db: repo.Db, agentId: number): Promise<TRepHierarchy> {
  const h = await repo.hierarchyOf(db, agentId);
  if (!h) throw notFound();
  return {
    agent_id: h.agent_id,
    agency: h.agency ?? '',
    upline_agent_id: h.upline_agent_id ?? null,
    override_bp: h.override_bp ?? 0,
    downline: await repo.downlineOf(db, agentId),
    reps: (await repo.allReps(db)).filter((r) => r.agent_id !== agentId),
  };
}

/** A rep's agency, upline and override (audited). The upline is another rep and not one of this rep's downline. */
export async function saveHierarchy(db: Db, accountId: number, agentId: number, body: z.output<typeof ZRepHierarchyForm>) {
  return db.transaction().execute(async (trx) => {
    if (!(await repo.hierarchyOf(trx, agentId))) throw notFound();
    const up = body.upline_agent_id;
    if (up !== null) {
      if (up === agentId || !(await repo.hierarchyOf(trx, up))) throw fieldError('upline_agent_id', COMMISSION_TEXTS.upline);
      if ((await repo.uplinesAbove(trx, up)).includes(agentId)) throw fieldError('upline_agent_id', COMMISSION_TEXTS.upline);
    }
    const v = { agency: body.agency, upline_agent_id: up, override_bp: body.override_percent };
    await repo.setHierarchy(trx, agentId, v);
    await repo.audit(trx, accountId, 'commissions.hierarchy', `agent:${agentId}`, v);
    return repHierarchy(trx, agentId);
  });
}
