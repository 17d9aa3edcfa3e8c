import type { FastifyInstance } from 'fastify';

/**
 * What the services use of the process (decision 2350): the database, the sealer, the configuration, the payment
 * provider (decision 2510), the caches that
 * every store process keeps correct, mail, jobs, the limits and the sites' origins. Made once in app.ts from the
 * plugins that own them and handed to every feature's routes as the plugin's options; a service takes the parts it
 * needs (`Pick<Deps, 'db' | 'sealer'>`) and never reads the app.
 */
export interface Deps {
  db: FastifyInstance['db'];
  dbKind: FastifyInstance['dbKind'];
  sealer: FastifyInstance['sealer'];
  zips: FastifyInstance['zips'];
  config: FastifyInstance['config'];
  payments: FastifyInstance['payments'];
  changes: FastifyInstance['changes'];
  catalogCache: FastifyInstance['catalogCache'];
  sessionCache: FastifyInstance['sessionCache'];
  ownerCache: FastifyInstance['ownerCache'];
  mailer: FastifyInstance['mailer'];
  jobs: FastifyInstance['jobs'];
  rateLimiter: FastifyInstance['rateLimiter'];
  origins: FastifyInstance['origins'];
  log: FastifyInstance['log'];
}

/** The options every feature's route plugin (modules/<feature>/routes.ts) is registered with. */
export interface FeatureOptions {
  deps: Deps;
}

/** The one place the services' dependencies are taken from the plugins that made them (app.ts). */
export function depsOf(app: FastifyInstance): Deps {
  return {
    db: app.db,
    dbKind: app.dbKind,
    sealer: app.sealer,
    zips: app.zips,
    config: app.config,
    payments: app.payments,
    changes: app.changes,
    catalogCache: app.catalogCache,
    sessionCache: app.sessionCache,
    ownerCache: app.ownerCache,
    mailer: app.mailer,
    jobs: app.jobs,
    rateLimiter: app.rateLimiter,
    origins: app.origins,
    log: app.log,
  };
}
