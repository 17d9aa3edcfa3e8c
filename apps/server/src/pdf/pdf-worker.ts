import { parentPort } from 'node:worker_threads';
import { PDF_RENDERERS, type PdfKind } from './renderers.ts';
import type { PdfReply, PdfRequest } from './pool.ts';

/**
 * A PDF thread of the store (pool.ts): renders one PDF at a time, as asked, and answers with its bytes (moved, not
 * copied) or the error. The built server has it as dist/pdf-worker.js beside server.js (build.ts).
 */
const port = parentPort!;
port.on('message', async (m: PdfRequest) => {
  try {
    const render = PDF_RENDERERS[m.kind as PdfKind] as (...args: unknown[]) => Promise<Uint8Array>;
    if (!render) throw new Error(`No PDF named ${m.kind}`);
    const pdf = await render(...m.args);
    // Moved when the bytes are their own buffer (pdf-lib's save makes one), else copied.
    const own = pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength && pdf.buffer instanceof ArrayBuffer;
    port.postMessage({ id: m.id, pdf } satisfies PdfReply, own ? [pdf.buffer] : []);
  } catch (err) {
    const e = err as Error;
    port.postMessage({ id: m.id, error: { message: String(e?.message ?? err), stack: e?.stack } } satisfies PdfReply);
  }
});
