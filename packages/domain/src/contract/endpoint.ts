import type { z } from 'zod';

/**
 * One endpoint of the store's HTTP API, declared once: the server registers its route from it
 * (apps/server/src/lib/route.ts) and the web app's fetchers are typed by it (apps/web/src/lib/api-client.ts `call`).
 * `response` is the schema of the envelope's `data` on success (omit it for answers that are not the JSON envelope:
 * PDFs, CSV, X12 text). Paths use Fastify's `:name` parameters.
 */
export interface Endpoint {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly path: string;
  readonly tags: readonly string[];
  readonly summary?: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly response?: z.ZodType;
  /** A GET that changes data (the specification's remove-plan-from-cart): the client sends the CSRF token. */
  readonly changing?: boolean;
  /**
   * Answers anyone the same, whoever calls and from wherever, and changes nothing (verify-document): no CSRF token or
   * same-origin check, so a person or a program can call it without the store's page. Rate limits still apply.
   */
  readonly crossSite?: boolean;
}

/** Declares an endpoint; keeps its literal types for the server and the client. */
export const endpoint = <const E extends Endpoint>(e: E): E => e;

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;
type Input<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What the server's handler receives (after validation). */
export type EndpointParams<E extends Endpoint> = Infer<E['params']>;
export type EndpointQuery<E extends Endpoint> = Infer<E['query']>;
export type EndpointBody<E extends Endpoint> = Infer<E['body']>;
/** The envelope's `data` on success. */
export type EndpointData<E extends Endpoint> = Infer<E['response']>;

/** What a caller sends: only the parts the endpoint declares. */
export type EndpointInput<E extends Endpoint> = (E['params'] extends z.ZodType ? { params: Input<E['params']> } : { params?: undefined }) &
  (E['query'] extends z.ZodType ? { query: Input<E['query']> } : { query?: undefined }) &
  (E['body'] extends z.ZodType ? { body: Input<E['body']> } : { body?: undefined });

/** Fills `:name` parameters of a path. */
export function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z_]+)/g, (_m, name: string) => {
    const v = params?.[name];
    if (v === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(v));
  });
}
