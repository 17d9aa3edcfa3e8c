/**
 * The embedded database's thread: PGlite (PostgreSQL compiled to WebAssembly) runs here, beside the store's
 * main thread, so a statement's work in the database no longer stops the main thread from reading, checking
 * and answering other requests (docs/decisions/0960-pglite-worker.md). It takes one request at a time, in order:
 * protocol messages (statements the dialect built) or a query with typed parameters, and answers with the rows,
 * parsed here, or the database's error.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type ParserOptions } from '@electric-sql/pglite';
import { resultsOf, STORE_PARSERS, type Parsers } from './pglite-results.ts';
import type { WorkerReply, WorkerRequest, WorkerStart } from './pglite-link.ts';

const port = parentPort!;
const { dataDir } = workerData as WorkerStart;

const pglite = new PGlite({ dataDir, parsers: STORE_PARSERS as ParserOptions });
let parsers: Parsers = {};

const ready = (async () => {
  await pglite.waitReady;
  // PGlite runs with debug notices on: one came back (and was parsed) with every statement. Warnings still come.
  await pglite.exec('set client_min_messages = warning');
  // Every type's parser: PGlite's defaults, the array types it found at start and the store's own.
  parsers = (pglite as unknown as { parsers: Parsers }).parsers;
})();

const reply = (message: WorkerReply) => port.postMessage(message);

/** An error as plain data: a database error's fields (code, constraint, detail…) do not survive a structured copy. */
function plain(err: unknown): NonNullable<WorkerReply['error']> {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err) };
  return { ...(err as unknown as Record<string, unknown>), name: err.name, message: err.message, stack: err.stack };
}

async function handle(request: WorkerRequest): Promise<void> {
  try {
    if (request.op === 'protocol') {
      const { messages } = await pglite.execProtocol(request.message);
      reply({ id: request.id, results: resultsOf(messages, parsers) });
    } else if (request.op === 'listen') {
      await pglite.listen(request.channel, (payload) => reply({ id: 0, notice: payload }));
      reply({ id: request.id, results: [] });
    } else if (request.op === 'query') {
      const r = await pglite.query(request.sql, request.params);
      reply({ id: request.id, results: [{ rows: r.rows, affectedRows: r.affectedRows ?? 0 }] });
    } else {
      await pglite.close();
      reply({ id: request.id, results: [] });
      port.close();
    }
  } catch (err) {
    reply({ id: request.id, error: plain(err) });
  }
}

ready.then(
  () => reply({ id: 0, results: [] }),
  (err) => reply({ id: 0, error: plain(err) }),
);

// One request at a time, in the order they came (the dialect sends one at a time anyway: PGlite is one session).
let queue: Promise<void> = ready.catch(() => undefined);
port.on('message', (request: WorkerRequest) => {
  queue = queue.then(() => handle(request));
});
