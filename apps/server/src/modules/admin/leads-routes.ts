import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZChatLead, ZPageQuery, ZSignupRequest, page } from '@store/domain/admin';
import type {} from '../storefront/repository.ts';
import { ok, responses } from '../../lib/http.ts';
import { audit } from './audit.ts';
import { iso } from './iso.ts';
import { escapeLike } from './sites-routes.ts';


/**
 * Leads for the people who follow them up: the help chat's conversations (one a device, newest first, its
 * answers in the chat's order) and the rep sign-up requests. Contact details: every view is audited.
 */
const leadsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/chat-leads', { schema: { tags: ['admin'], querystring: ZPageQuery, response: responses(page(ZChatLead)) } }, async (request) => {
    const { q, limit, offset } = request.query;
    let devices = app.db
      .selectFrom('storefront_assist_answers')
      .select('device_id')
      .select((eb) => eb.fn.max('updated_at').as('last'))
      .groupBy('device_id');
    if (q) {
      devices = devices.where('device_id', 'in', app.db.selectFrom('storefront_assist_answers').select('device_id').where('answer', 'ilike', `%${escapeLike(q)}%`));
    }
    const [rows, count] = await Promise.all([
      devices.orderBy('last', 'desc').orderBy('device_id').limit(limit).offset(offset).execute(),
      app.db.selectFrom(devices.as('d')).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const ids = rows.map((r) => r.device_id);
    const answers = ids.length
      ? await app.db
          .selectFrom('storefront_assist_answers as a')
          .innerJoin('storefront_assist_questions as qu', 'qu.id', 'a.question_id')
          .leftJoin('agents as g', 'g.agent_id', 'a.agent_id')
          .select(['a.device_id', 'a.agent_id', 'a.web_url', 'a.answer', 'qu.question', 'g.first_name', 'g.last_name'])
          .where('a.device_id', 'in', ids)
          .orderBy('qu.sort_order')
          .orderBy('qu.id')
          .execute()
      : [];
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
    await audit(request, 'view-chat-leads', 'storefront_assist_answers', { q: q ?? null, offset, shown: items.length });
    return ok({ items, total: Number(count.n), limit, offset });
  });

  app.get('/api/admin/signup-requests', { schema: { tags: ['admin'], querystring: ZPageQuery, response: responses(page(ZSignupRequest)) } }, async (request) => {
    const { q, limit, offset } = request.query;
    let base = app.db.selectFrom('storefront_signup_queries');
    if (q) base = base.where((eb) => eb.or([eb('name', 'ilike', `%${escapeLike(q)}%`), eb('email', 'ilike', `%${escapeLike(q)}%`), eb('phone', 'like', `%${escapeLike(q)}%`)]));
    const [rows, count] = await Promise.all([
      base.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    await audit(request, 'view-signup-requests', 'storefront_signup_queries', { q: q ?? null, offset, shown: rows.length });
    return ok({ items: rows.map((r) => ({ ...r, created_at: iso(r.created_at) })), total: Number(count.n), limit, offset });
  });
};
export default leadsRoutes;
