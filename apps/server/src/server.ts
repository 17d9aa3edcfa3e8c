import { loadConfig } from './config/env.ts';
import { createStore } from './bootstrap.ts';
import { sanitizeHtmlPackage } from './lib/sanitize-html.ts';
import { zipcodes } from './lib/zip-directory.ts';

/** Runs the store: web and API on one origin. SIGTERM finishes requests in flight and closes the database. */
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
    const force = setTimeout(() => process.exit(1), 15_000);
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
  });
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
