import { z } from 'zod';

/** Field error of the wire contract: shown beside the field named by target_element. */
export const ZFieldError = z.object({ target_element: z.string(), error_message: z.string() });
export type TFieldError = z.infer<typeof ZFieldError>;

/** The response envelope of the specification. */
export const envelope = <T extends z.ZodTypeAny>(data: T) =>
  z.object({ status: z.enum(['success', 'error']), statusCode: z.number().optional(), data, message: z.string().optional() });

export const ZErrorEnvelope = z.object({
  status: z.literal('error'),
  statusCode: z.number().optional(),
  message: z.string(),
  data: z.array(ZFieldError).optional(),
});
export type TErrorEnvelope = z.infer<typeof ZErrorEnvelope>;

export type Envelope<T> = { status: 'success' | 'error'; statusCode?: number; data: T; message?: string };
