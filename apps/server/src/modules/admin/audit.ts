import type { Actor } from '../../lib/actor.ts';
import { insertAuditRow } from './audit-repository.ts';
import type { Db } from './db.ts';

/** Who does an operator's action (lib/actor.ts): its signed-in account is written in the audit row. */
export type { Actor };

/** One audit row of an operator's action (services call it inside their transaction). */
export async function audit(db: Db, actor: Actor, action: string, target: string, detail: Record<string, unknown> = {}) {
  await insertAuditRow(db, { accountId: actor.account?.id ?? null, action, target, detail });
}
