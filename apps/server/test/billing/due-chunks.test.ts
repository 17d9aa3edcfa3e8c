import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dueChunk, dueChunkCount, MAX_DUE_CHUNKS } from '../../src/modules/billing/run-service.ts';

/** The due step's chunks (decision 2930): whatever their number, every enrollment id falls in exactly one. */
const inChunk = (id: string, c: { after: string; upTo: string | null }) => id > c.after && (c.upTo === null || id <= c.upTo);

describe("the due step's chunks", () => {
  it('are about a page of enrollments each, a power of two, at most MAX_DUE_CHUNKS', () => {
    expect([0, 1, 1000, 1001, 20_000, 100_000, 10_000_000].map((n) => dueChunkCount(n, 1000))).toEqual([
      1,
      1,
      1,
      2,
      32,
      128,
      MAX_DUE_CHUNKS,
    ]);
  });

  it('hold every id exactly once, and share random UUIDs about evenly', () => {
    const ids = [
      ...Array.from({ length: 2000 }, () => crypto.randomUUID()),
      '0000',
      '8000',
      'ffff',
      'ffff-zz',
      'demo-enrollment',
      'Z',
      '0',
    ];
    for (const n of [1, 2, 32, 128, MAX_DUE_CHUNKS]) {
      const chunks = Array.from({ length: n }, (_, i) => dueChunk(i, n));
      for (const id of ids) expect(chunks.filter((c) => inChunk(id, c))).toHaveLength(1);
    }
    const sizes = Array.from({ length: 32 }, (_, i) => ids.filter((id) => inChunk(id, dueChunk(i, 32))).length);
    expect(Math.max(...sizes)).toBeLessThan(2 * (2000 / 32));
  });
});
