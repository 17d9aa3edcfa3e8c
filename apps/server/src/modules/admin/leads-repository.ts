import { containsLike } from '../../lib/escape-like.ts';
import type { Db } from './db.ts';

/** SQL of the leads: the help chat's conversations (one per device) and the rep sign-up requests. */
export async function pageChatDevices(db: Db, q: string | undefined, limit: number, offset: number) {
  let devices = db
    .selectFrom('storefront_assist_answers')
    .select('device_id')
    .select((eb) => eb.fn.max('updated_at').as('last'))
    .groupBy('device_id');
  if (q)
    devices = devices.where(
      'device_id',
      'in',
      db.selectFrom('storefront_assist_answers').select('device_id').where('answer', 'ilike', containsLike(q)),
    );
  const [rows, count] = await Promise.all([
    devices.orderBy('last', 'desc').orderBy('device_id').limit(limit).offset(offset).execute(),
    db
      .selectFrom(devices.as('d'))
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The answers of these devices, in the chat's order, with the rep each came through. */
export const chatAnswers = (db: Db, deviceIds: string[]) =>
  deviceIds.length
    ? db
        .selectFrom('storefront_assist_answers as a')
        .innerJoin('storefront_assist_questions as qu', 'qu.id', 'a.question_id')
        .leftJoin('agents as g', 'g.agent_id', 'a.agent_id')
        .select(['a.device_id', 'a.agent_id', 'a.web_url', 'a.answer', 'qu.question', 'g.first_name', 'g.last_name'])
        .where('a.device_id', 'in', deviceIds)
        .orderBy('qu.sort_order')
        .orderBy('qu.id')
        .execute()
    : Promise.resolve([]);

export async function pageSignupRequests(db: Db, q: string | undefined, limit: number, offset: number) {
  let base = db.selectFrom('storefront_signup_queries');
  if (q)
    base = base.where((eb) =>
      eb.or([eb('name', 'ilike', containsLike(q)), eb('email', 'ilike', containsLike(q)), eb('phone', 'like', containsLike(q))]),
    );
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
