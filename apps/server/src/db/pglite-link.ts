import { Worker } from 'node:worker_threads';
import { protocol } from '@electric-sql/pglite';
import type { StatementResult } from './pglite-results.ts';

/** What the store's main thread sends the database's thread (db/pglite-worker.ts). */
type Request =
  | { op: 'protocol'; message: Uint8Array }
  | { op: 'query'; sql: string; params: unknown[] }
  | { op: 'listen'; channel: string }
  | { op: 'close' };
export type WorkerRequest = Request & { id: number };

/** Its answer: the results of the statements sent, or the error (id 0: the database is open, or failed to open). */
export interface WorkerReply {
  id: number;
  /** A notice heard on a channel listened to (id 0): posted before the reply of the statement whose commit sent it. */
  notice?: string;
  results?: StatementResult[];
  error?: { name: string; message: string; stack?: string; [field: string]: unknown };
}

export interface WorkerStart {
  /** PGlite's folder; undefined keeps the database in memory. */
  dataDir?: string;
}

/**
 * The main thread's end of the embedded database: PGlite runs in a worker thread of the store's process
 * (db/pglite-worker.ts), and each call here is one message there and one back. The worker takes requests in
 * order; the dialect (db/pglite-dialect.ts) sends one at a time, as PGlite is one session.
 *
 * From source (tsx, vitest) the worker runs its TypeScript with tsx's loader; the built server (apps/server/dist)
 * has it as dist/pglite-worker.js beside server.js.
 */
export class PGliteLink {
  private readonly pending = new Map<number, { resolve(r: StatementResult[]): void; reject(e: Error): void }>();
  private nextId = 1;
  private failure: Error | undefined;
  private closing = false;
  private closed = false;
  /** Told of every notice on the channels listened to (lib/cache.ts). */
  onNotice: ((payload: string) => void) | undefined;

  private constructor(
    private readonly worker: Worker,
    onFatal: (err: Error) => void,
  ) {
    worker.on('message', (m: WorkerReply) => {
      if (m.notice !== undefined) return void this.onNotice?.(m.notice);
      const call = this.pending.get(m.id);
      if (!call) return;
      this.pending.delete(m.id);
      if (m.error) call.reject(databaseError(m.error));
      else call.resolve(m.results!);
    });
    const fail = (err: Error) => {
      if (this.closed) return;
      this.failure = err;
      for (const call of this.pending.values()) call.reject(err);
      this.pending.clear();
      if (!this.closing) onFatal(err);
    };
    worker.on('error', (err) => fail(new Error(`The embedded database's thread failed: ${err.message}`, { cause: err })));
    worker.on('exit', (code) => fail(new Error(`The embedded database's thread stopped (exit code ${code})`)));
  }

  /**
   * Starts the database's thread and waits until PGlite is open. `onFatal` is told if the thread dies later (the
   * store cannot go on without its database); every call waiting then fails with that error.
   */
  static async start(opts: WorkerStart & { onFatal?: (err: Error) => void }): Promise<PGliteLink> {
    const fromSource = import.meta.url.endsWith('.ts');
    const entry = new URL('./pglite-worker.js', import.meta.url);
    // From source, the thread registers tsx's loader and then imports the TypeScript module.
    const source = `import { register } from 'tsx/esm/api'; register(); await import(${JSON.stringify(new URL('./pglite-worker.ts', import.meta.url).href)});`;
    const worker = fromSource
      ? new Worker(source, { eval: true, workerData: { dataDir: opts.dataDir } satisfies WorkerStart, execArgv: [] })
      : new Worker(entry, { workerData: { dataDir: opts.dataDir } satisfies WorkerStart, execArgv: [] });
    // A failure while opening is start()'s own error; `onFatal` is for a thread that dies once the store runs.
    let opened = false;
    const link = new PGliteLink(worker, (err) => {
      if (opened) opts.onFatal?.(err);
    });
    const ready = new Promise<StatementResult[]>((resolve, reject) => link.pending.set(0, { resolve, reject }));
    try {
      await ready;
      opened = true;
    } catch (err) {
      link.closed = true;
      await worker.terminate();
      throw err;
    }
    return link;
  }

  /** Protocol messages (one or more statements, ending with a sync): the result of each statement. */
  protocol(message: Uint8Array): Promise<StatementResult[]> {
    return this.call({ op: 'protocol', message });
  }

  /** One statement with parameters whose types PGlite works out (arrays, objects), through PGlite's query(). */
  async query<R>(sql: string, params: unknown[]): Promise<StatementResult<R>> {
    const [result] = await this.call({ op: 'query', sql, params });
    return result as StatementResult<R>;
  }

  /**
   * LISTENs on a channel; its notices go to onNotice. PGlite tells its listeners while it reads a statement's answer,
   * so a notice reaches this thread before the answer of the statement (the commit) that sent it.
   */
  async listen(channel: string): Promise<void> {
    await this.call({ op: 'listen', channel });
  }

  /** Closes PGlite (its files are complete on disk) and ends the thread. */
  async close(): Promise<void> {
    if (this.closing || this.closed || this.failure) return;
    this.closing = true;
    await this.call({ op: 'close' });
    this.closed = true;
    await this.worker.terminate();
  }

  private call(request: Request): Promise<StatementResult[]> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.closed || (this.closing && request.op !== 'close')) return Promise.reject(new Error('The embedded database is closed'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id } as WorkerRequest);
    });
  }
}

/** The database's error again as PGlite's DatabaseError, with its fields (code, constraint, detail…). */
function databaseError(e: NonNullable<WorkerReply['error']>): Error {
  const { name, message, stack, ...fields } = e;
  const err: Error =
    name === 'error'
      ? new protocol.messages.DatabaseError(message, Number(fields.length ?? 0), 'error')
      : Object.assign(new Error(message), { name });
  Object.assign(err, fields);
  if (stack) err.stack = `${err.stack}\n    (in the embedded database's thread) ${stack.split('\n').slice(1, 4).join('\n')}`;
  return err;
}
