import { z } from 'zod';
import { ROLES } from './codes.ts';
import { TEXT } from './texts.ts';
import { ZEmail } from './validation.ts';

export const ZSignInRequest = z.object({
  email: ZEmail(TEXT.ENTER_VALID_EMAIL),
  password: z.string({ error: TEXT.FIELD_REQUIRED }).min(1, { error: TEXT.FIELD_REQUIRED }).max(200),
});
export type TSignInRequest = z.infer<typeof ZSignInRequest>;

export const ZMe = z.object({
  signed_in: z.boolean(),
  role: z.enum(ROLES).nullable(),
  email: z.string().nullable(),
  agent_id: z.number().nullable(),
  group_id: z.number().nullable(),
  user_id: z.number().nullable(),
  name: z.string().nullable(),
});
export type TMe = z.infer<typeof ZMe>;

export const SIGN_IN_FAILED = 'The e-mail or password is not right.';
