import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** One audit row of an operator's action (written in the caller's transaction when given). */
export async function audit(
  request: FastifyRequest,
  action: string,
  target: string,
  detail: Record<string, unknown> = {},
  db: Kysely<Database> | Transaction<Database> = request.server.db,
) {
  await db
    .insertInto('audit_log')
    .values({ account_id: request.session.account?.id ?? null, action, target, detail: JSON.stringify(detail) })
    .execute();
}
