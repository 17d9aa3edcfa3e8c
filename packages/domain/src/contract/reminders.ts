import { z } from 'zod';
import { ZUnsubscribeRequest, ZUnsubscribeStatus, zUnsubscribeToken } from '../reminders.ts';
import { endpoint } from './endpoint.ts';

/** The unsubscribe link of the reminder e-mails: GET only reads the state (mail scanners open links); the page's button POSTs. */
export const getUnsubscribeStatus = endpoint({
  method: 'GET',
  path: '/api/v1/reminders/unsubscribe/:token',
  summary: 'Get whether reminder e-mails are unsubscribed',
  tags: ['reminders'],
  params: z.object({ token: zUnsubscribeToken }),
  response: ZUnsubscribeStatus,
});
export const unsubscribeReminders = endpoint({
  method: 'POST',
  path: '/api/v1/reminders/unsubscribe',
  summary: 'Unsubscribe from reminder e-mails',
  tags: ['reminders'],
  body: ZUnsubscribeRequest,
  response: ZUnsubscribeStatus,
});
