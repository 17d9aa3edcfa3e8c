import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { Envelope } from '@store/domain/envelope';
import type { Endpoint, EndpointBody, EndpointData, EndpointParams, EndpointQuery } from '@store/domain/contract/endpoint';
import { operationIdOf } from '@store/domain/contract/all';
import { responses } from './http.ts';
import { securityOf } from './openapi.ts';

/** The request a handler of endpoint E receives: params, query and body already validated by E's schemas. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: EndpointParams<E>;
  Querystring: EndpointQuery<E>;
  Body: EndpointBody<E>;
}>;

/**
 * A JSON endpoint answers the envelope around its `data`; others (PDF, CSV, X12 text) send through the reply. A
 * handler that has already sent its answer (ready bytes, lib/ready-json.ts) returns nothing, without a promise.
 */
export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<E['response'] extends undefined ? unknown : Envelope<EndpointData<E>> | FastifyReply> | void;

/** Route options beside the schema: preHandler, config (rate limits), bodyLimit … */
export type RouteExtras = Omit<RouteShorthandOptions, 'schema'> & { hide?: boolean };

/**
 * Registers the route of a contract endpoint (packages/domain/src/contract): its method, path and schemas come from
 * the contract, so what the server validates and answers is what the web app is typed by. Every request goes
 * through Fastify's router and hooks; there is no other way in.
 */
export function route<E extends Endpoint>(app: FastifyInstance, e: E, handler: EndpointHandler<E>, extras: RouteExtras = {}) {
  const { hide, ...options } = extras;
  app.route({
    ...options,
    // The CSRF check (plugins/csrf.ts) leaves alone what answers anyone the same and changes nothing.
    ...(e.crossSite ? { config: { ...options.config, csrf: false } } : {}),
    method: e.method,
    url: e.path,
    schema: {
      tags: [...e.tags],
      ...(e.summary ? { summary: e.summary } : {}),
      ...operationId(e),
      security: securityOf(e),
      ...(hide ? { hide: true } : {}),
      ...(e.params ? { params: e.params } : {}),
      ...(e.query ? { querystring: e.query } : {}),
      ...(e.body ? { body: e.body } : {}),
      ...(e.response ? { response: responses(e.response) } : {}),
    },
    handler: handler as never,
  });
}

/** The endpoint's export name in the contract names its operation in the OpenAPI document. */
function operationId(e: Endpoint): { operationId?: string } {
  const id = operationIdOf(e);
  return id ? { operationId: id } : {};
}
