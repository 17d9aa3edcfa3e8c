import type { Kysely } from 'kysely';
import type { TPageQuery } from '@store/domain/admin';
import type { Database } from '../../db/schema.ts';
import { audit, type Actor } from './audit.ts';
import { iso } from './iso.ts';
import * as repo from './leads-repository.ts';

/** Leads hold contact details: every view is audited. */
export async function pageChatLeads(db: Kysely<Database>, actor: Actor, { q, limit, offset }: TPageQuery) {
  const { rows, total } = await repo.pageChatDevices(db, q, limit, offset);
  const answers = await repo.chatAnswers(
    db,
    rows.map((r) => r.device_id),
  );
  const items = rows.map((r) => {
    const mine = answers.filter((a) => a.device_id === r.device_id);
    const withAgent = mine.find((a) => a.agent_id !== null);
    return {
      device_id: r.device_id,
      agent_id: withAgent?.agent_id ?? null,
      agent_name: withAgent?.first_name ? `${withAgent.first_name} ${withAgent.last_name ?? ''}`.trim() : null,
      web_url: mine.find((a) => a.web_url)?.web_url ?? null,
      updated_at: iso(r.last as Date | string),
      answers: mine.map((a) => ({ question: a.question, answer: a.answer })),
    };
  });
  await audit(db, actor, 'view-chat-leads', 'storefront_assist_answers', { q: q ?? null, offset, shown: items.length });
  return { items, total, limit, offset };
}

export async function pageSignupRequests(db: Kysely<Database>, actor: Actor, { q, limit, offset }: TPageQuery) {
  const { rows, total } = await repo.pageSignupRequests(db, q, limit, offset);
  await audit(db, actor, 'view-signup-requests', 'storefront_signup_queries', { q: q ?? null, offset, shown: rows.length });
  return { items: rows.map((r) => ({ ...r, created_at: iso(r.created_at) })), total, limit, offset };
}
