import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UNSUBSCRIBE_LINK_INVALID } from '@store/domain/reminders';
import { getUnsubscribeStatus, unsubscribeReminders as unsubscribeEndpoint } from '@store/domain/contract/reminders';
import { ok } from '../../lib/http.ts';
import type { FeatureOptions } from '../../lib/deps.ts';
import { route } from '../../lib/route.ts';
import { notFound } from '../../lib/errors.ts';
import { REMINDER_KIND, sendReminder, unsubscribeReminders, unsubscribeStatus, verifyUnsubscribeToken } from './service.ts';
import { addressKey } from '../../lib/client-address.ts';

/**
 * Reminder e-mails of saved enrollments: the job that sends them (plugins/jobs.ts runs it), and the unsubscribe
 * link. GET only reads the state (mail scanners open links); the page's button POSTs, with the CSRF token.
 */
const reminderRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { deps }) => {
  deps.jobs.handle(REMINDER_KIND, (trx, job) => sendReminder(deps, trx, job));
  const limit = (ip: string) =>
    deps.rateLimiter.enforce(`unsubscribe:ip:${addressKey(ip)}`, deps.config.UNSUBSCRIBES_PER_ADDRESS_15_MIN, 15 * 60_000);

  route(app, getUnsubscribeStatus, async (request) => {
    await limit(request.ip);
    const status = await unsubscribeStatus(deps, request.params.token);
    if (!status) throw notFound(UNSUBSCRIBE_LINK_INVALID);
    return ok(status);
  });
  route(app, unsubscribeEndpoint, async (request) => {
    await limit(request.ip);
    const id = verifyUnsubscribeToken(deps, request.body.token);
    if (!id || !(await unsubscribeReminders(deps, id))) throw notFound(UNSUBSCRIBE_LINK_INVALID);
    return ok({ unsubscribed: true });
  });
};

export default reminderRoutes;
