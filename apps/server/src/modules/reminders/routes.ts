import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UNSUBSCRIBE_LINK_INVALID, ZUnsubscribeRequest, ZUnsubscribeStatus, zUnsubscribeToken } from '@store/domain/reminders';
import { ok, responses } from '../../lib/http.ts';
import { notFound } from '../../lib/errors.ts';
import { REMINDER_KIND, sendReminder, unsubscribeReminders, verifyUnsubscribeToken } from './service.ts';

/**
 * Reminder e-mails of saved enrollments: the job that sends them (plugins/jobs.ts runs it), and the unsubscribe
 * link. GET only reads the state (mail scanners open links); the page's button POSTs, with the CSRF token.
 */
const reminderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.handle(REMINDER_KIND, (trx, job) => sendReminder(app, trx, job));

  app.get(
    '/api/v1/reminders/unsubscribe/:token',
    { schema: { tags: ['reminders'], params: z.object({ token: zUnsubscribeToken }), response: responses(ZUnsubscribeStatus) } },
    async (request) => {
      await app.rateLimiter.enforce(`unsubscribe:ip:${request.ip}`, 60, 15 * 60_000);
      const id = verifyUnsubscribeToken(app, request.params.token);
      const e = id ? await app.db.selectFrom('enrollments').select('reminders_unsubscribed_at').where('id', '=', id).executeTakeFirst() : undefined;
      if (!e) throw notFound(UNSUBSCRIBE_LINK_INVALID);
      return ok({ unsubscribed: !!e.reminders_unsubscribed_at });
    },
  );

  app.post(
    '/api/v1/reminders/unsubscribe',
    { schema: { tags: ['reminders'], body: ZUnsubscribeRequest, response: responses(ZUnsubscribeStatus) } },
    async (request) => {
      await app.rateLimiter.enforce(`unsubscribe:ip:${request.ip}`, 60, 15 * 60_000);
      const id = verifyUnsubscribeToken(app, request.body.token);
      if (!id || !(await unsubscribeReminders(app, id))) throw notFound(UNSUBSCRIBE_LINK_INVALID);
      return ok({ unsubscribed: true });
    },
  );
};

export default reminderRoutes;
