import fc from 'fast-check';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStore } from '../helpers/store.ts';
import { queryPairs, redactUrl } from '../../src/lib/redact.ts';
import { requestLineBody, requestLog, type RequestFields } from '../../src/lib/request-log.ts';

/**
 * The line per request (lib/request-log.ts) is the line pino wrote for it before, byte for byte; the lines of a turn
 * of the event loop are made after it, and leave in chunks (by size, or after a short delay).
 */
const BASE = { pid: 4242, hostname: 'store-1' };
const TIME = 1795590000000;

/** The line as pino 9 writes it: the logger the store used for it, with the clock stopped. */
function pinoLine(f: RequestFields): string {
  let line = '';
  const log = pino({ level: 'info', base: BASE, timestamp: () => `,"time":${TIME}` }, { write: (l: string) => void (line = l) });
  log.info(
    {
      reqId: f.reqId,
      req: { method: f.method, url: redactUrl(f.url), host: f.host, remoteAddress: f.remoteAddress, remotePort: f.remotePort },
      res: { statusCode: f.statusCode },
      responseTime: f.responseTime,
    },
    'request completed',
  );
  return line;
}

const ours = (f: RequestFields) => `{"level":30,"time":${TIME},"pid":${BASE.pid},"hostname":"${BASE.hostname}"${requestLineBody(f)}`;

/** Strings with what JSON must escape: quotes, backslashes, control characters, and letters beyond ASCII. */
const text = fc.string({
  unit: fc.constantFrom('a', 'Z', '0', '"', '\\', '\n', '\u0001', '\u007f', 'é', '漢', '🎉', '/', '?', '&', '=', '%', '+', ' '),
});

const fields: fc.Arbitrary<RequestFields> = fc.record({
  reqId: text,
  method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'),
  url: fc.tuple(text, text).map(([path, query]) => `/${path}?${query}`),
  host: fc.option(text, { nil: undefined }),
  remoteAddress: fc.option(fc.constantFrom('127.0.0.1', '::1', '203.0.113.7', '::ffff:10.0.0.2'), { nil: undefined }),
  remotePort: fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }),
  statusCode: fc.constantFrom(200, 204, 304, 400, 401, 403, 404, 422, 429, 500, 503),
  responseTime: fc.oneof(fc.double({ min: 0, max: 1e6, noNaN: true }), fc.constant(Number.NaN)),
});

describe('the request line', () => {
  it('is the line pino writes, for any fields', () => {
    fc.assert(
      fc.property(fields, (f) => {
        expect(ours(f)).toBe(pinoLine(f));
      }),
      { numRuns: 2000 },
    );
  });

  it('is one JSON object a line, with the URL redacted', () => {
    const line = ours({
      reqId: 'req-1',
      method: 'GET',
      url: '/api/v1/routing-number-bank-lookup?routing_number=011000015&pid=101',
      host: 'store.example',
      remoteAddress: '203.0.113.7',
      remotePort: 50123,
      statusCode: 200,
      responseTime: 1.25,
    });
    expect(line.endsWith('}\n')).toBe(true);
    expect(JSON.parse(line)).toEqual({
      level: 30,
      time: TIME,
      pid: 4242,
      hostname: 'store-1',
      reqId: 'req-1',
      req: {
        method: 'GET',
        url: '/api/v1/routing-number-bank-lookup?routing_number=[redacted]&pid=101',
        host: 'store.example',
        remoteAddress: '203.0.113.7',
        remotePort: 50123,
      },
      res: { statusCode: 200 },
      responseTime: 1.25,
      msg: 'request completed',
    });
    expect(line).not.toContain('011000015');
  });
});

describe('the request log', () => {
  const one = (n: number): RequestFields => ({
    reqId: `req-${n}`,
    method: 'GET',
    url: `/api/v1/site?page=${n}`,
    host: 'localhost',
    remoteAddress: '127.0.0.1',
    remotePort: 40000 + n,
    statusCode: 200,
    responseTime: 0.5,
  });

  const BATCH = { maxChars: 1000, maxDelayMs: 40 };
  const turn = () => new Promise((r) => setImmediate(r));
  const urls = (chunk: string) =>
    chunk
      .split('\n')
      .filter(Boolean)
      .map((l) => (JSON.parse(l) as { req: { url: string } }).req.url);

  it('makes the lines of a turn of the event loop after it, and writes them together once the delay is over', async () => {
    const chunks: string[] = [];
    const log = requestLog((c) => chunks.push(c), BASE, BATCH);
    log.record(one(1));
    log.record(one(2));
    await turn();
    log.record(one(3));
    await turn();
    expect(chunks).toEqual([]);
    await new Promise((r) => setTimeout(r, BATCH.maxDelayMs + 20));
    expect(chunks).toHaveLength(1);
    expect(chunks[0].endsWith('\n')).toBe(true);
    expect(urls(chunks[0])).toEqual(['/api/v1/site?page=1', '/api/v1/site?page=2', '/api/v1/site?page=3']);
    expect(JSON.parse(chunks[0].split('\n')[2])).toMatchObject({
      reqId: 'req-3',
      pid: 4242,
      hostname: 'store-1',
      msg: 'request completed',
    });
  });

  it('writes at the end of the turn once the lines waiting reach the size, without waiting for the delay', async () => {
    const chunks: string[] = [];
    const log = requestLog((c) => chunks.push(c), BASE, BATCH);
    const lineLength = ours(one(1)).length;
    const enough = Math.ceil(BATCH.maxChars / lineLength);
    for (let i = 1; i <= enough; i++) log.record(one(i));
    expect(chunks).toEqual([]);
    await turn();
    expect(chunks).toHaveLength(1);
    expect(urls(chunks[0])).toHaveLength(enough);
    // Nothing left behind, nothing written twice once the delay is over.
    await new Promise((r) => setTimeout(r, BATCH.maxDelayMs + 20));
    expect(chunks).toHaveLength(1);
  });

  it('writes what is noted at once when flushed (the store closing), and nothing twice', async () => {
    const chunks: string[] = [];
    const log = requestLog((c) => chunks.push(c), BASE);
    log.flush();
    expect(chunks).toEqual([]);
    log.record(one(1));
    log.flush();
    expect(chunks).toHaveLength(1);
    await new Promise((r) => setImmediate(r));
    expect(chunks).toHaveLength(1);
  });
});

describe("the store's log", () => {
  let ts: Awaited<ReturnType<typeof startTestStore>>;
  const lines: { msg?: string; req?: { url?: string } }[] = [];
  beforeAll(async () => {
    ts = await startTestStore('pglite', { LOG_LEVEL: 'info' }, { logStream: { write: (l: string) => void lines.push(JSON.parse(l)) } });
  }, 60_000);
  afterAll(async () => ts?.close());

  it('keeps its order: another line lets the request lines waiting out first', async () => {
    expect((await ts.client().get('/api/v1/get-common-menu')).status).toBe(200);
    await new Promise((r) => setImmediate(r));
    const before = lines.length;
    ts.app.log.warn('a line after the request');
    expect(lines.slice(before).map((l) => l.msg ?? '')).toEqual(['request completed', 'a line after the request']);
    expect(lines[before].req?.url).toBe('/api/v1/get-common-menu');
  });
});

describe('the query of a logged URL', () => {
  /** What redactUrl read a query with before: URLSearchParams, always. */
  const reference = (query: string) => [...new URLSearchParams(query)];

  it('is read as URLSearchParams reads it', () => {
    const query = fc.string({ unit: fc.constantFrom('a', 'b', '1', '=', '&', '?', '%', '2', '0', '+', 'é', ' ', '#', ';') });
    fc.assert(
      fc.property(query, (q) => {
        expect([...queryPairs(q)]).toEqual(reference(q));
      }),
      { numRuns: 5000 },
    );
  });
});
