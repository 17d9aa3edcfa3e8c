import type { FastifyPluginAsync } from 'fastify';
import type { FeatureOptions } from '../../lib/deps.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import { ok } from '../../lib/http.ts';
import { applyProviderEvent } from './webhook-service.ts';

/** Stripe's events are small (a few kB); a body larger than this is not one. */
export const WEBHOOK_BODY_LIMIT = 256 * 1024;
export const WEBHOOK_PATH = '/api/webhooks/stripe';
export const BAD_SIGNATURE = 'The webhook signature does not match.';

/**
 * Stripe's webhooks (decision 2670): `POST /api/webhooks/stripe`, a route of the one Fastify pipeline (its hooks, the
 * per-address request limit every anonymous caller has, the request log), without the CSRF check (Stripe has no
 * token; the signature is the check). The body is kept as its raw bytes, for this route only (this plugin's own
 * JSON parser, encapsulated): the signature is made over them. A bad or missing signature is 400 and changes
 * nothing; an event already applied is answered 200 again (Stripe stops sending it) and changes nothing.
 * Not in the contract: the web app never calls it, and its body is Stripe's.
 */
const webhookRoutes: FastifyPluginAsync<FeatureOptions> = async (app, { deps }) => {
  // Inherited from the app; replaced here (an encapsulated plugin: only this route reads raw JSON).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) =>
    done(null, body),
  );
  app.route({
    method: 'POST',
    url: WEBHOOK_PATH,
    config: { csrf: false },
    schema: { hide: true },
    handler: async (request) => {
      const read = deps.payments.readEvent?.bind(deps.payments);
      // The offline provider, or Stripe without STRIPE_WEBHOOK_SECRET: no webhooks are read.
      if (!read) throw notFound();
      const signature = request.headers['stripe-signature'];
      const body = request.body;
      if (!Buffer.isBuffer(body)) throw new HttpError(400, BAD_SIGNATURE);
      const event = read(body, typeof signature === 'string' ? signature : undefined);
      if (!event) throw new HttpError(400, BAD_SIGNATURE);
      const outcome = await applyProviderEvent(deps.db, deps.payments.name, event);
      request.log.info({ event: event.id, type: event.type, outcome }, 'payment webhook');
      return ok({ received: true, outcome });
    },
  });
};
export default webhookRoutes;
