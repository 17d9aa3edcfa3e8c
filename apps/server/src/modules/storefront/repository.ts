import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export const findAgentByCode = (db: Db, code: string) =>
  db
    .selectFrom('agents')
    .select(['agent_id', 'first_name', 'last_name', 'agent_code', 'email', 'phone', 'landing_url'])
    .where(sql<string>`upper(agent_code)`, '=', code.toUpperCase())
    .where('active', '=', true)
    .executeTakeFirst();

export const findGroupByCode = (db: Db, code: string) =>
  db
    .selectFrom('groups')
    .select(['group_id', 'gname', 'gcode', 'display_name', 'landing_url'])
    .where(sql<string>`upper(gcode)`, '=', code.toUpperCase())
    .where('active', '=', true)
    .executeTakeFirst();

/** Categories that have at least one active plan to sell. */
export async function activeCategories(db: Db): Promise<Set<string>> {
  const rows = await db.selectFrom('plans').select('category').where('active', '=', true).distinct().execute();
  return new Set(rows.map((r) => r.category));
}

export const featuredPlans = (db: Db) =>
  db
    .selectFrom('plans')
    .select([
      'plan_id',
      'plan_name',
      'plan_logo',
      'carrier',
      'plan_short_text',
      'category',
      'plan_group',
      'rules',
      'translations',
      // the logo's content hash when it is public media (its immutable URL, as the plan cards give it)
      sql<string | null>`(select m.hash from media m where m.id = plans.plan_logo and not m.private)`.as('logo_hash'),
    ])
    .where('featured', '=', true)
    .where('active', '=', true)
    .orderBy('sort_order')
    .orderBy('plan_id')
    .execute();

export const findReferral = (db: Db, referralId: string) =>
  db.selectFrom('referrals').selectAll().where('referral_id', '=', referralId).executeTakeFirst();

export const insertSignupQuery = (db: Db, q: { name: string; state: string; phone: string; email: string }) =>
  db.insertInto('storefront_signup_queries').values(q).returning('id').executeTakeFirstOrThrow();

export const findLead = (db: Db, deviceId: string) =>
  db.selectFrom('storefront_leads').select('device_id').where('device_id', '=', deviceId).executeTakeFirst();

export const upsertLead = (db: Db, lead: { device_id: string; web_url: string | null; agent_id: number | null; group_id: number | null }) =>
  db
    .insertInto('storefront_leads')
    .values(lead)
    .onConflict((oc) =>
      oc
        .column('device_id')
        .doUpdateSet({ web_url: lead.web_url, agent_id: lead.agent_id, group_id: lead.group_id, updated_at: new Date() }),
    )
    .execute();

export const chatQuestions = (db: Db) =>
  db
    .selectFrom('storefront_assist_questions')
    .select(['id', 'question'])
    .where('active', '=', true)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();

export const chatAnswers = (db: Db, deviceId: string) =>
  db
    .selectFrom('storefront_assist_answers as a')
    .innerJoin('storefront_assist_questions as q', 'q.id', 'a.question_id')
    .select(['a.id', 'a.question_id', 'a.answer', 'q.question'])
    .where('a.device_id', '=', deviceId)
    .orderBy('q.sort_order')
    .orderBy('q.id')
    .execute();

export const saveChatAnswer = (
  db: Db,
  a: { device_id: string; agent_id: number | null; question_id: number; answer: string; web_url: string | null },
) =>
  db
    .insertInto('storefront_assist_answers')
    .values(a)
    .onConflict((oc) => oc.columns(['device_id', 'question_id']).doUpdateSet({ answer: a.answer, updated_at: new Date() }))
    .returning(['id', 'question_id', 'answer'])
    .executeTakeFirstOrThrow();

export const activeGroupExists = async (db: Db, groupId: number) =>
  !!(await db.selectFrom('groups').select('group_id').where('group_id', '=', groupId).where('active', '=', true).executeTakeFirst());

export const referrerAgent = (db: Db, agentId: number) =>
  db
    .selectFrom('agents')
    .select(['first_name', 'last_name', 'display_name', 'display_email', 'email', 'display_phone', 'phone'])
    .where('agent_id', '=', agentId)
    .executeTakeFirst();

export const referrerGroup = (db: Db, groupId: number) =>
  db
    .selectFrom('groups')
    .select(['gname', 'display_name', 'display_email', 'display_phone'])
    .where('group_id', '=', groupId)
    .executeTakeFirst();

export const activeAgentCode = (db: Db, agentId: number) =>
  db
    .selectFrom('agents')
    .select(['agent_id', 'agent_code', 'display_name'])
    .where('agent_id', '=', agentId)
    .where('active', '=', true)
    .executeTakeFirst();

export const activeChatQuestion = (db: Db, id: number) =>
  db
    .selectFrom('storefront_assist_questions')
    .select(['id', 'question'])
    .where('id', '=', id)
    .where('active', '=', true)
    .executeTakeFirst();

export const insertTraffic = (db: Db, enrollmentId: string, source: string) =>
  db.insertInto('storefront_traffic').values({ enrollment_id: enrollmentId, source }).execute();
