import { z } from 'zod';

/**
 * Reminder e-mails of a saved enrollment (issue 10): the unsubscribe link's token, and the answers of
 * GET /api/v1/reminders/unsubscribe/:token (the state) and POST /api/v1/reminders/unsubscribe (turn them off).
 */
export const UNSUBSCRIBE_LINK_INVALID = 'This unsubscribe link is not valid.';
export const zUnsubscribeToken = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/, UNSUBSCRIBE_LINK_INVALID);
export const ZUnsubscribeRequest = z.object({ token: zUnsubscribeToken });
export type TUnsubscribeRequest = z.infer<typeof ZUnsubscribeRequest>;
export const ZUnsubscribeStatus = z.object({ unsubscribed: z.boolean() });
export type TUnsubscribeStatus = z.infer<typeof ZUnsubscribeStatus>;
