import '../src/lib/zod-config.ts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

/**
 * The first page sets zod's jitless option without importing zod (src/lib/zod-config.ts writes the global
 * settings object zod reads): zod must still see it, and never probe eval, which the store's CSP forbids.
 */
describe('zod settings made before zod loads', () => {
  it('are the ones zod reads', () => {
    expect(z.config().jitless).toBe(true);
  });

  it('keep zod from calling Function while it parses objects', () => {
    const original = globalThis.Function;
    let calls = 0;
    globalThis.Function = new Proxy(original, {
      construct(target, args) {
        calls++;
        return Reflect.construct(target, args);
      },
      apply(target, self, args) {
        calls++;
        return Reflect.apply(target, self, args);
      },
    });
    try {
      const schema = z.object({ zip: z.string().regex(/^\d{5}$/), tier: z.enum(['IO', 'IS']) });
      for (let i = 0; i < 3; i++) expect(schema.parse({ zip: '12345', tier: 'IO' })).toEqual({ zip: '12345', tier: 'IO' });
      expect(schema.safeParse({ zip: '1', tier: 'IO' }).success).toBe(false);
    } finally {
      globalThis.Function = original;
    }
    expect(calls).toBe(0);
  });
});
