import crypto from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { expect, it } from 'vitest';
import { describeEachDb, type TestStore } from '../helpers/store.ts';
import { newEnrollment } from '../enrollment/helpers.ts';
import { MAX_PDF_BYTES } from '../../src/modules/enrollment/documents/documents-routes.ts';

/**
 * One request never freezes the store (issue 34, finding 2). The store runs in this process: while a large body is
 * received, checked and answered, the event loop is watched (perf_hooks) and must never stall for half a second, and
 * a small request sent meanwhile is answered. Before the fix the PDF stalled it past 60 s and the JSON array 1.5 s on
 * an idle machine; parsing a 2 MB JSON text is itself some tens of ms, so the bound leaves room for a loaded CI
 * machine (one run at 518 ms with four other test runs beside it) without letting the old walk through.
 */
const STALL_MS = 1000;

/** Runs `work` and returns its result with the longest stall of the event loop meanwhile, in ms. */
async function longestStall<T>(work: () => Promise<T>): Promise<{ result: T; stallMs: number }> {
  const h = monitorEventLoopDelay({ resolution: 10 });
  h.enable();
  try {
    const result = await work();
    return { result, stallMs: h.max / 1e6 };
  } finally {
    h.disable();
  }
}

/** The fastest of three JSON.parse runs of `text`, in ms. */
function parseMs(text: string): number {
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    JSON.parse(text);
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}

/** A PDF-typed POST of raw bytes, as anyone verifies a copy (no cookie, no CSRF token). */
async function verify(ts: TestStore, bytes: Buffer): Promise<number> {
  const r = await fetch(`${ts.baseUrl}/api/v1/verify-document`, {
    method: 'POST',
    headers: { 'content-type': 'application/pdf' },
    body: new Uint8Array(bytes),
  }).catch(() => null);
  // The store may close the connection once it has answered 413 without reading the rest.
  if (!r) return 413;
  await r.arrayBuffer();
  return r.status;
}

describeEachDb('security: large bodies do not freeze the store', (ctx) => {
  it('verify-document takes a PDF of what the store makes without reading its bytes as text; 9 MB are refused', async () => {
    const ts = ctx();
    const { result, stallMs } = await longestStall(() =>
      Promise.all([
        verify(ts, crypto.randomBytes(MAX_PDF_BYTES - 1024)),
        verify(ts, crypto.randomBytes(9 * 1024 * 1024)),
        (async () => {
          await new Promise((r) => setTimeout(r, 50));
          const t0 = performance.now();
          const r = await fetch(`${ts.baseUrl}/healthz`);
          return { status: r.status, ms: performance.now() - t0 };
        })(),
      ]),
    );
    const [underLimit, nineMb, small] = result;
    expect(underLimit).toBe(200);
    expect(nineMb).toBe(413);
    expect(small.status).toBe(200);
    expect(stallMs).toBeLessThan(STALL_MS);
    // A signed application is a few hundred kB; its signature image is at most about 1 MB.
    expect(MAX_PDF_BYTES).toBeLessThanOrEqual(4 * 1024 * 1024);
  }, 60_000);

  it('a JSON array of almost 2 MB gets its 422 without a stall, and a NUL deep inside it is still found', async () => {
    const ts = ctx();
    const c = ts.client();
    const id = await newEnrollment(ts, c);
    const zeros = `[${'0,'.repeat(950_000)}0]`;
    // The old walk cost about ten times the parse (0.4-0.6 s a request on an idle machine): the bound follows how
    // fast this machine parses the same text now, so it holds on a loaded machine and still catches the walk. The
    // best of three tries is taken: the walk stalls every try, a busy machine's pause (a full run at load 15 once
    // stalled one try past the bound) does not come back each time.
    const stalls: number[] = [];
    for (let attempt = 0; attempt < 3 && !(stalls.length && Math.min(...stalls) < 100 + 5 * parseMs(zeros)); attempt++) {
      const { result, stallMs } = await longestStall(() =>
        Promise.all([
          c.request('POST', '/api/v1/save-personal-info', { raw: zeros }),
          c.request('POST', '/api/v1/save-personal-info', { raw: `{"enrollment_id":"${id}","x":${zeros}}` }),
        ]),
      );
      expect(result.map((r) => r.status)).toEqual([422, 422]);
      stalls.push(stallMs);
    }
    expect(Math.min(...stalls)).toBeLessThan(100 + 5 * parseMs(zeros));

    // Bounded, yet a NUL is refused wherever it is: in a value, in a key, deep in a list.
    const deep = await c.request('POST', '/api/v1/save-personal-info', {
      raw: `{"enrollment_id":"${id}","x":[${'0,'.repeat(100_000)}{"y":["a","b\\u0000"]}]}`,
    });
    expect(deep.status).toBe(422);
    expect(deep.body.data).toEqual([{ target_element: 'x.100000.y.1', error_message: 'Invalid characters' }]);
    const key = await c.request('POST', '/api/v1/save-personal-info', { raw: `{"enrollment_id":"${id}","a\\u0000b":1}` });
    expect(key.body.data).toEqual([{ target_element: 'a\u0000b', error_message: 'Invalid characters' }]);
  }, 60_000);
});
