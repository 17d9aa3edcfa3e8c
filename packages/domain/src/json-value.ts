import { z } from 'zod';

/**
 * A value saved as JSON and shown back as it is (the quote's filter, a saved step as operators see it): text, a
 * number, a yes/no, null, or lists and objects of these, at most `depth` levels deep. Its keys are not named, so it is
 * not a precise schema; what it does hold: it is JSON, and no text in it is a sealed value (the sealer's format,
 * s1.<key>.<iv>.<data>.<tag>), which the server's serializer then refuses to send rather than sending it.
 */
export type TJsonValue = string | number | boolean | null | TJsonValue[] | { [key: string]: TJsonValue };

const SEALED_VALUE = /^s1\.[^.]+\.[^.]+\.[^.]+\.[^.]+$/;
const zText = z.string().refine((v) => !SEALED_VALUE.test(v), { error: 'A sealed value is never sent' });
const zScalar = z.union([zText, z.number(), z.boolean(), z.null()]);

export function zJsonValue(depth = 6): z.ZodType<TJsonValue> {
  if (depth <= 0) return zScalar;
  const inner = zJsonValue(depth - 1);
  return z.union([zScalar, z.array(inner), z.record(z.string(), inner)]);
}
