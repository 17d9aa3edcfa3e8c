import type { AddressInfo } from 'node:net';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { activeSiteHosts } from './origins-repository.ts';

/**
 * The store's configured origins: PUBLIC_URL, else the hosts of the active sites in the database (https, or
 * http with the port the store listens on for a local host such as localhost, dental.localhost or 127.0.0.1).
 * Mailed links and the CSRF Origin check use these only, never a request's Host header: a request for a host
 * that is not configured gets the default origin (PUBLIC_URL, or the main site's).
 */
export interface Origins {
  /** The origin of links mailed in answer to a request for this host (its Host header): its site's when configured, else the default. */
  linkOriginFor(host: string | undefined): Promise<string>;
  /** The given origin when it is a configured one (a stored job's), else the default (db: the caller's transaction). */
  checked(origin: string | null | undefined, db?: Kysely<Database>): Promise<string>;
  /** Whether an Origin header names one of the configured origins (the CSRF check). */
  allows(origin: string): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    origins: Origins;
  }
}

/** How long the sites' origins are kept in memory before they are read again (a site added shows within this). */
const SITES_TTL_MS = 10_000;

interface Known {
  /** Every configured origin, by its host (host[:port] as in a Host header and in new URL(origin).host). */
  byHost: Map<string, string>;
  fallback: string;
}

const LOCAL_HOST = /^(localhost|[a-z0-9.-]+\.localhost|127\.0\.0\.1|\[::1\])$/i;

export default fp(
  async (app) => {
    const configured = app.config.PUBLIC_URL ? new URL(app.config.PUBLIC_URL).origin : null;
    let cached: { at: number; known: Promise<Known> } | null = null;

    const port = () => {
      const address = app.server.address() as AddressInfo | string | null;
      return typeof address === 'object' && address ? address.port : app.config.PORT;
    };
    const originOf = (host: string) => {
      const h = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
      return new URL(LOCAL_HOST.test(h) ? `http://${h}:${port()}` : `https://${h}`);
    };

    async function readSites(db: Kysely<Database>): Promise<Known> {
      const rows = await activeSiteHosts(db);
      const byHost = new Map<string, string>();
      for (const r of rows) {
        const url = originOf(r.host.toLowerCase());
        byHost.set(url.host, url.origin);
      }
      if (configured) byHost.set(new URL(configured).host, configured);
      const main = rows.find((r) => r.kind === 'main');
      const fallback = configured ?? originOf(main ? main.host.toLowerCase() : 'localhost').origin;
      return { byHost, fallback };
    }

    function known(db: Kysely<Database> = app.db): Promise<Known> {
      const now = Date.now();
      if (!cached || now - cached.at > SITES_TTL_MS) {
        const next = { at: now, known: readSites(db) };
        next.known.catch(() => {
          if (cached === next) cached = null;
        });
        cached = next;
      }
      return cached.known;
    }

    const origins: Origins = {
      async linkOriginFor(host) {
        if (configured) return configured;
        const k = await known();
        return k.byHost.get(String(host ?? '').toLowerCase()) ?? k.fallback;
      },
      async checked(origin, db) {
        if (configured) return configured;
        const k = await known(db);
        const host = hostOf(origin ?? '');
        return host && k.byHost.get(host) === origin ? origin! : k.fallback;
      },
      async allows(origin) {
        const host = hostOf(origin);
        if (!host) return false;
        return (await known()).byHost.get(host) === new URL(origin).origin;
      },
    };
    app.decorate('origins', origins);
  },
  { name: 'origins', dependencies: ['db'] },
);

/** The host[:port] of an origin; null for an opaque ('null') or unreadable one. */
function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host || null;
  } catch {
    return null;
  }
}
