import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { PdfArgs, PdfKind } from './renderers.ts';

/** What the store's main thread sends a PDF thread (pdf-worker.ts), and its answer. */
export interface PdfRequest {
  id: number;
  kind: string;
  args: unknown[];
}
export interface PdfReply {
  id: number;
  pdf?: Uint8Array;
  error?: { message: string; stack?: string };
}

interface Task {
  id: number;
  kind: string;
  args: unknown[];
  resolve(pdf: Uint8Array): void;
  reject(err: Error): void;
}

interface Thread {
  worker: Worker;
  task: Task | null;
}

/**
 * PDF threads: every PDF the store makes is rendered in a worker thread, never on the event loop that answers
 * requests (issue 40, docs/decisions/2840-pdfs-rendered-in-worker-threads.md). Rendering is CPU only, tens of ms on a
 * quiet machine and seconds on a loaded one; on the event loop it held every other request that long.
 *
 * A small pool: up to PDF_THREADS threads, started when the first PDF is asked for, each rendering one PDF at a time;
 * the PDFs asked for meanwhile wait in order. A thread that dies fails the PDF it held (the caller's error, as a
 * failed render always was) and the next PDF starts a new one. Idle threads do not keep the process alive.
 *
 * From source (tsx, vitest) a thread runs its TypeScript with tsx's loader, as the embedded database's thread does
 * (db/pglite-link.ts); the built server has it as dist/pdf-worker.js beside server.js (build.ts).
 */
export const PDF_THREADS = Math.max(1, Math.min(2, os.availableParallelism() - 1));

/**
 * A thread's heap, kept small: with V8's defaults a thread rendering without pause let its garbage grow to about
 * 100 MB before collecting it, and the process's memory swung by that much (the chaos soak's 10 % bound failed on it);
 * with these it stays within about 15 MB at the same pace. A 600-line list bill renders well within them.
 */
const THREAD_LIMITS = { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 128 };

const threads: Thread[] = [];
const queue: Task[] = [];
let nextId = 1;

/** The PDF `kind` of these values, rendered in a PDF thread. */
export function renderPdf<K extends PdfKind>(kind: K, ...args: PdfArgs<K>): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    queue.push({ id: nextId++, kind, args, resolve, reject });
    pump();
  });
}

/**
 * Every PDF thread started and warmed (pdf-lib and the fonts loaded, a small PDF laid out) before a shopper's first
 * completion needs it: the store calls this once it answers (server.ts). Without it a fresh process's first
 * completions, arriving together, waited on one thread's start and font parsing, seconds under load (issue 40).
 */
export async function warmPdfThreads(): Promise<number> {
  await Promise.all(Array.from({ length: PDF_THREADS }, () => renderPdf('warm-up')));
  return threads.length;
}

function pump(): void {
  while (queue.length) {
    let thread = threads.find((t) => !t.task);
    if (!thread && threads.length < PDF_THREADS) thread = startThread();
    if (!thread) return;
    const task = queue.shift()!;
    thread.task = task;
    thread.worker.ref();
    thread.worker.postMessage({ id: task.id, kind: task.kind, args: task.args } satisfies PdfRequest);
  }
}

function startThread(): Thread {
  const fromSource = import.meta.url.endsWith('.ts');
  const worker = fromSource
    ? new Worker(
        `import { register } from 'tsx/esm/api'; register(); await import(${JSON.stringify(new URL('./pdf-worker.ts', import.meta.url).href)});`,
        { eval: true, execArgv: [], resourceLimits: THREAD_LIMITS },
      )
    : new Worker(new URL('./pdf-worker.js', import.meta.url), { execArgv: [], resourceLimits: THREAD_LIMITS });
  const thread: Thread = { worker, task: null };
  threads.push(thread);
  worker.unref();
  worker.on('message', (m: PdfReply) => {
    const task = thread.task;
    if (!task || task.id !== m.id) return;
    thread.task = null;
    worker.unref();
    if (m.pdf) task.resolve(m.pdf);
    else task.reject(Object.assign(new Error(m.error?.message ?? 'The PDF was not rendered'), { stack: m.error?.stack }));
    pump();
  });
  const gone = (err: Error) => {
    const i = threads.indexOf(thread);
    if (i < 0) return;
    threads.splice(i, 1);
    thread.task?.reject(err);
    thread.task = null;
    pump();
  };
  worker.on('error', (err) => gone(new Error(`A PDF thread failed: ${err.message}`, { cause: err })));
  worker.on('exit', (code) => gone(new Error(`A PDF thread stopped (exit code ${code})`)));
  return thread;
}
