import { z } from 'zod';
import { ZFieldError } from '@store/domain/envelope';

/** The success envelope of the specification. */
export const ok = <T>(data: T, message?: string) => ({ status: 'success' as const, data, ...(message ? { message } : {}) });

/** Response schema of a success envelope around `data`. */
export const okSchema = <T extends z.ZodTypeAny>(data: T) =>
  z.object({ status: z.literal('success'), statusCode: z.number().optional(), data, message: z.string().optional() });

/** Error envelope (4xx): message and optional field errors. */
export const ZErrorResponse = z.object({
  status: z.literal('error'),
  statusCode: z.number().optional(),
  message: z.string(),
  data: z.array(ZFieldError).optional(),
});

/** Common response map: 200 with `data`, and the error envelope for 4xx. */
export const responses = <T extends z.ZodTypeAny>(data: T) => ({
  200: okSchema(data),
  '4xx': ZErrorResponse,
});

/** Query parameters arrive as text: ids coerced to integers. */
export const zId = z.coerce.number().int().positive().max(2_147_483_647);
export const zOptionalId = z.preprocess(
  (v) => (v === '' || v === 'null' || v === 'undefined' ? undefined : v),
  z.coerce.number().int().positive().max(2_147_483_647).optional(),
);
/** An enrollment id (tempId) as it reaches the server. */
export const zEnrollmentId = z
  .string()
  .trim()
  .min(1, 'Field is required')
  .max(64)
  .regex(/^[A-Za-z0-9-]+$/, 'Invalid enrollment');

/** HTTP 204: the documents' answer for 'not found' in start-up look-ups. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const noContent = (reply: any) => reply.code(204).send();
