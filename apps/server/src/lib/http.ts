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

/** Ids and enrollment ids as they arrive in paths and queries: declared once, in the contract. */
export { zEnrollmentId, zId, zOptionalId } from '@store/domain/contract/params';

/** HTTP 204: the documents' answer for 'not found' in start-up look-ups. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const noContent = (reply: any) => reply.code(204).send();
