import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** What the store compresses to, in its order of preference (as @fastify/compress is registered in app.ts). */
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];
/** Under this many bytes a body goes out as it is (the same threshold as @fastify/compress's in app.ts). */
const THRESHOLD = 1024;

/**
 * The encoding chosen for an Accept-Encoding header (q-values and `*` honoured), or null for none. Browsers send the
 * same few headers over and over, so the answers are remembered (at most 64 distinct headers).
 */
const chosen = new Map<string, Encoding | null>();
export function chooseEncoding(header: string | string[] | undefined): Encoding | null {
  if (typeof header !== 'string' || header === '') return null;
  let enc = chosen.get(header);
  if (enc === undefined) {
    const picked = negotiate(header.toLowerCase().replace(/x-gzip/g, 'gzip'), [...ENCODINGS]);
    enc = picked === 'br' || picked === 'gzip' ? picked : null;
    if (chosen.size >= 64) chosen.clear();
    chosen.set(header, enc);
  }
  return enc;
}

/**
 * A JSON response body that is the same for every caller until what it was made from changes (a catalog answer):
 * kept as bytes, and compressed once per encoding on first demand (brotli at its best quality, gzip at level 9),
 * so that sending it costs no serializing and no compressing. Per-caller checks (ownership) stay in the route.
 */
export class ReadyJson {
  readonly text: string;
  private readonly plain: Buffer;
  private readonly packed: Partial<Record<Encoding, Buffer>> = {};
  /** write's header lists, per encoding, for the one list of fixed headers it is given. */
  private heads: { fixed: readonly string[]; byEncoding: Map<Encoding | null, string[]> } | undefined;

  constructor(text: string) {
    this.text = text;
    this.plain = Buffer.from(text, 'utf8');
  }

  /** The body in this encoding, compressed the first time it is asked for. */
  bytes(encoding: Encoding | null): Buffer {
    if (!encoding || this.plain.length < THRESHOLD) return this.plain;
    let b = this.packed[encoding];
    if (!b) {
      b =
        encoding === 'br'
          ? zlib.brotliCompressSync(this.plain, {
              params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.plain.length },
            })
          : zlib.gzipSync(this.plain, { level: 9 });
      this.packed[encoding] = b;
    }
    return b;
  }

  /** Sends the body in the encoding the request accepts (Vary: Accept-Encoding, as a cache in between needs). */
  send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    reply.type('application/json; charset=utf-8');
    if (this.plain.length < THRESHOLD) return reply.send(this.text);
    reply.header('vary', 'accept-encoding');
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    // A Content-Encoding already set tells @fastify/compress the body is compressed: it passes it through.
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(this.bytes(encoding));
  }

  /**
   * What send answers, written straight to a Node response (modules/catalog/fast-plans.ts): these fixed headers
   * first, as the store's onRequest hook sets them, then those send sets, in Fastify's order, then the body.
   */
  write(acceptEncoding: string | string[] | undefined, res: ServerResponse, fixed: readonly string[]): void {
    const encoding = this.plain.length < THRESHOLD ? null : chooseEncoding(acceptEncoding);
    if (this.heads?.fixed !== fixed) this.heads = { fixed, byEncoding: new Map() };
    let head = this.heads.byEncoding.get(encoding);
    if (!head) {
      head = [...fixed, 'content-type', 'application/json; charset=utf-8'];
      if (this.plain.length >= THRESHOLD) head.push('vary', 'accept-encoding');
      if (encoding) head.push('content-encoding', encoding);
      head.push('content-length', String(this.bytes(encoding).length));
      this.heads.byEncoding.set(encoding, head);
    }
    res.writeHead(200, head);
    res.end(this.bytes(encoding));
  }
}
