import type { FastifyRequest } from 'fastify';
import type { Db } from './db.ts';

/** Who does an operator's action: written in its audit row. */
export interface Actor {
  accountId: number | null;
}

/** The signed-in account of a request, as the actor of the changes it asks for. */
export const actorOf = (request: FastifyRequest): Actor => ({ accountId: request.session.account?.id ?? null });

/** One audit row of an operator's action (services call it inside their transaction). */
export async function audit(db: Db, actor: Actor, action: string, target: string, detail: Record<string, unknown> = {}) {
  await db
    .insertInto('audit_log')
    .values({ account_id: actor.accountId, action, target, detail: JSON.stringify(detail) })
    .execute();
}
