import { loadConfig } from './config/env.ts';
import { createStore } from './bootstrap.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from './db/unavailable.ts';
import { sanitizeHtmlPackage } from './lib/sanitize-html.ts';
import { warmPdfThreads } from './pdf/pool.ts';
import { zipcodes } from './lib/zip-directory.ts';

/**
 * Runs the store: web and API on one origin. SIGTERM (and SIGINT) stop taking connections, let the requests in flight
 * finish (up to SHUTDOWN_GRACE_MS), let the jobs and mail pass in progress end, flush the log, close the database and
 * exit 0 (docs/operations.md).
 */
async function main() {
  const config = loadConfig();
  const store = await createStore(config, {
    // Without its database the store cannot answer: stop, so that a supervisor starts it again.
    onDatabaseFailure: (err) => {
      console.error(`${err.message}: the store stops.`);
      process.exit(1);
    },
  });
  const { app } = store;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Fastify answers a request arriving on a kept-alive connection while it closes with 503 and Connection: close; it
    // gets Retry-After too, so that a client (or the load balancer) tries it again, on another process.
    app.server.prependListener('request', (_req, res) => res.setHeader('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)));
    const force = setTimeout(() => {
      console.error(`requests still in flight after SHUTDOWN_GRACE_MS (${config.SHUTDOWN_GRACE_MS} ms): the store stops.`);
      process.exit(1);
    }, config.SHUTDOWN_GRACE_MS);
    force.unref();
    try {
      await store.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info({ startupMs: Math.round(performance.now()) }, 'store ready');
  app.mailer.flushSoon();
  // What a shopper's first requests need but /healthz does not: loaded once the store answers.
  setImmediate(() => {
    zipcodes.warm();
    sanitizeHtmlPackage.warm();
    warmPdfThreads().catch((err: unknown) => app.log.warn({ err }, 'the PDF threads could not be warmed'));
  });
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
