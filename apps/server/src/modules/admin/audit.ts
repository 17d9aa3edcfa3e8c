import type { FastifyRequest } from 'fastify';
import { insertAuditRow } from './audit-repository.ts';
import type { Db } from './db.ts';

/** Who does an operator's action: written in its audit row. */
export interface Actor {
  accountId: number | null;
}

/** The signed-in account of a request, as the actor of the changes it asks for. */
export const actorOf = (request: FastifyRequest): Actor => ({ accountId: request.session.account?.id ?? null });

/** One audit row of an operator's action (services call it inside their transaction). */
export async function audit(db: Db, actor: Actor, action: string, target: string, detail: Record<string, unknown> = {}) {
  await insertAuditRow(db, { accountId: actor.accountId, action, target, detail });
}
