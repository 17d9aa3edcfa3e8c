import os from 'node:os';
import { redactUrl } from './redact.ts';

/**
 * The store's one line per answered request ("request completed"), byte for byte the line pino wrote for it before
 * (pino's level, time, pid and hostname, then the fields, then msg), made cheaper (docs/decisions/2200-request-line.md):
 *
 * - The answer only notes the request's fields. The lines are made at the end of the event loop's turn, all of that
 *   turn's requests together (the formatting code runs in a tight loop while it is warm), and leave in chunks of up
 *   to 16 kB, at most 100 ms after they were made (docs/decisions/2240-request-lines-in-chunks.md).
 * - The line has a fixed shape, so it is written by a template rather than by pino's general walk over an object
 *   (three times the cost per line, measured in the store). `request-log.test.ts` checks with generated fields that
 *   every line equals pino's.
 *
 * The URL is redacted (lib/redact.ts) and the line holds no header and no body, so no redaction rule applies to it.
 */
export interface RequestFields {
  reqId: string;
  method: string;
  /** the request's URL as received: redacted when the line is made */
  url: string;
  host: string | undefined;
  remoteAddress: string | undefined;
  remotePort: number | undefined;
  statusCode: number;
  /** ms */
  responseTime: number;
}

/** pino's bindings of a logger without options: the process id and the host's name. */
export interface LineBase {
  pid: number;
  hostname: string;
}

export interface RequestLog {
  /** Notes an answered request; its line is made at the end of this turn of the event loop. */
  record(fields: RequestFields): void;
  /** Writes the lines noted and not yet written, now (when the store closes or the process exits). */
  flush(): void;
}

/** How the lines leave: once this many characters are waiting, or this long after the first of them. */
export interface Batching {
  maxChars: number;
  maxDelayMs: number;
}
const BATCHING: Batching = { maxChars: 16_384, maxDelayMs: 100 };

/**
 * A request log writing its lines to `write`, several lines (each ending in a newline) at a time: the lines of a
 * turn of the event loop are made together at its end, and leave when 16 kB are waiting or 100 ms after the first
 * (a store answering few requests per turn, as each of several processes does, made a write per request or two).
 * `flush` writes what is waiting at once: before any other line of the log (so the file keeps its order), when the
 * store closes and when the process exits.
 */
export function requestLog(
  write: (chunk: string) => void,
  base: LineBase = { pid: process.pid, hostname: os.hostname() },
  batching: Batching = BATCHING,
): RequestLog {
  const bindings = `,"pid":${base.pid},"hostname":${JSON.stringify(base.hostname)}`;
  let pending: RequestFields[] = [];
  let scheduled = false;
  let waiting = '';
  let timer: NodeJS.Timeout | undefined;
  /** The lines of the turn, made in one loop while the code is warm. */
  function make() {
    scheduled = false;
    if (pending.length === 0) return;
    const lines = pending;
    pending = [];
    const head = `{"level":30,"time":${Date.now()}${bindings}`;
    for (const fields of lines) waiting += head + requestLineBody(fields);
    if (waiting.length >= batching.maxChars) out();
    else if (!timer) {
      timer = setTimeout(out, batching.maxDelayMs);
      timer.unref();
    }
  }
  function out() {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (!waiting) return;
    const chunk = waiting;
    waiting = '';
    write(chunk);
  }
  return {
    record(fields) {
      pending.push(fields);
      if (!scheduled) {
        scheduled = true;
        setImmediate(make);
      }
    },
    flush() {
      make();
      out();
    },
  };
}

/** A stream that takes one line per write (a test's log), fed by a writer of several lines at a time. */
export function lineByLine(stream: { write(line: string): void }): { write(chunk: string): void } {
  return {
    write(chunk) {
      for (let at = 0; at < chunk.length;) {
        const end = chunk.indexOf('\n', at) + 1 || chunk.length;
        stream.write(chunk.slice(at, end));
        at = end;
      }
    },
  };
}

/** The line after pino's level, time and bindings: `,"reqId":…,"msg":"request completed"}` and the newline. */
export function requestLineBody(f: RequestFields): string {
  return (
    `,"reqId":${JSON.stringify(f.reqId)},"req":{"method":${JSON.stringify(f.method)},"url":${JSON.stringify(redactUrl(f.url))}` +
    `${optional('host', f.host)}${optional('remoteAddress', f.remoteAddress)}${optional('remotePort', f.remotePort)}},` +
    `"res":{"statusCode":${number(f.statusCode)}},"responseTime":${number(f.responseTime)},"msg":"request completed"}\n`
  );
}

/** A key of the nested `req` object: left out when it has no value, as JSON.stringify leaves out undefined. */
function optional(key: string, value: string | number | undefined): string {
  return value === undefined ? '' : `,"${key}":${typeof value === 'number' ? number(value) : JSON.stringify(value)}`;
}

/** As pino and JSON.stringify write a number: null when it is not finite. */
function number(value: number): string {
  return Number.isFinite(value) ? String(value) : 'null';
}
