import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CONTRACT_FILES, contractEndpoints } from '../src/contract/all.ts';

/**
 * The contract is closed: every response schema says what leaves the server. Fastify's serializer parses each
 * answer with its endpoint's response schema, which drops the keys the schema does not name; an `any` or
 * `unknown` (alone, as a record's values or as an object's catch-all) would let anything through, a sealed
 * value or someone else's health answers included.
 */
type Def = { type: string; [k: string]: unknown };
const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The paths inside a schema where it accepts anything. */
function looseSpots(schema: z.ZodType, at = '', seen = new Set<unknown>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  const walk = (s: unknown, p: string) => (s ? looseSpots(s as z.ZodType, p, seen) : []);
  switch (def.type) {
    case 'any':
    case 'unknown':
      return [at || '(root)'];
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const out = Object.entries(shape).flatMap(([k, v]) => walk(v, `${at}.${k}`));
      const catchall = def.catchall as z.ZodType | undefined;
      if (catchall && defOf(catchall).type !== 'never') out.push(...walk(catchall, `${at}.*`));
      return out;
    }
    case 'array':
      return walk(def.element, `${at}[]`);
    case 'union':
      return (def.options as z.ZodType[]).flatMap((o, i) => walk(o, `${at}|${i}`));
    case 'intersection':
      return [...walk(def.left, at), ...walk(def.right, at)];
    case 'record':
      return walk(def.valueType, `${at}{}`);
    case 'tuple':
      return [...(def.items as z.ZodType[]).flatMap((o, i) => walk(o, `${at}[${i}]`)), ...walk(def.rest, `${at}[...]`)];
    case 'pipe':
      return walk(def.out, at);
    case 'lazy':
      return walk((def.getter as () => z.ZodType)(), at);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return walk(def.innerType, at);
    default:
      return [];
  }
}

describe('the contract', () => {
  it('lists every contract file in contract/all.ts', () => {
    const dir = path.join(import.meta.dirname, '../src/contract');
    const declaring = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && /= endpoint\(|optionList\(/.test(fs.readFileSync(path.join(dir, f), 'utf8')))
      .map((f) => f.replace(/\.ts$/, ''));
    expect(Object.keys(CONTRACT_FILES).sort()).toEqual(declaring.sort());
  });

  it('names each endpoint once, with a summary', () => {
    const all = contractEndpoints();
    expect(new Set(all.map((c) => c.name)).size).toBe(all.length);
    expect(new Set(all.map((c) => `${c.endpoint.method} ${c.endpoint.path}`)).size).toBe(all.length);
    expect(all.filter((c) => !c.endpoint.summary).map((c) => c.name)).toEqual([]);
  });

  it('has no response schema that lets anything through (any, unknown, a record or catch-all of them)', () => {
    const loose = contractEndpoints().flatMap(({ name, endpoint }) =>
      endpoint.response ? looseSpots(endpoint.response).map((p) => `${name}: data${p}`) : [],
    );
    expect(loose).toEqual([]);
  });

  it('finds an any or unknown wherever it hides (the check itself)', async () => {
    const { z } = await import('zod');
    expect(looseSpots(z.object({ a: z.array(z.object({ b: z.any() })) }))).toEqual(['.a[].b']);
    expect(looseSpots(z.object({}).catchall(z.unknown()))).toEqual(['.*']);
    expect(looseSpots(z.record(z.string(), z.unknown()).nullable())).toEqual(['{}']);
    expect(looseSpots(z.union([z.string(), z.unknown().optional()]))).toEqual(['|1']);
    expect(looseSpots(z.object({ a: z.string(), b: z.array(z.number()) }).strict())).toEqual([]);
  });
});
