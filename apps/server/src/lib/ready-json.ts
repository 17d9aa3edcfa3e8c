import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
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
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.plain.length,
              },
            })
          : zlib.gzipSync(this.plain, { level: 9 });
      this.packed[encoding] = b;
    }
    return b;
  }

  private tag: string | undefined;
  /**
   * A strong validator made from the text itself: the same in every store process for the same answer (a change
   * makes a new text, hence a new tag), so an ETag from one process is good in another.
   */
  get etag(): string {
    return (this.tag ??= `"${crypto.createHash('sha256').update(this.plain).digest('base64url').slice(0, 27)}"`);
  }

  /**
   * Sends the body in the encoding the request accepts (Vary: Accept-Encoding, as a cache in between needs), with its
   * ETag; a request whose If-None-Match names it gets 304 and no body.
   */
  send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    reply.header('etag', this.etag);
    const match = request.headers['if-none-match'];
    if (match !== undefined && match.split(',').some((t) => t.trim().replace(/^W\//, '') === this.etag)) return reply.code(304).send();
    reply.type('application/json; charset=utf-8');
    if (this.plain.length < THRESHOLD) return reply.send(this.text);
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    // A Content-Encoding already set tells @fastify/compress the body is compressed: it passes it through.
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(this.bytes(encoding));
  }
}
