import http from 'node:http';
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';

/** A Stripe event of `type` about `object`, as Stripe's API reference shows events (https://docs.stripe.com/api/events). */
export const eventOf = (type: string, object: unknown, id = `evt_${crypto.randomBytes(8).toString('hex')}`) =>
  JSON.stringify({
    id,
    object: 'event',
    api_version: '2025-01-27',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type,
    data: { object },
  });

/**
 * A local server that answers as Stripe's API reference documents (https://docs.stripe.com/api): form-encoded POSTs,
 * JSON objects with `id` and `object`, errors as `{ error: { type, code, decline_code, message, payment_intent } }`
 * with HTTP 402 for a card error and 429 for too many requests, and idempotency as documented
 * (https://docs.stripe.com/api/idempotent_requests): the first answer to an Idempotency-Key is saved, status and body,
 * and a request sent again with the key gets it back (header `Idempotent-Replayed: true`), success or error; the key
 * with other parameters is an `idempotency_error` (400).
 *
 * The test PaymentMethods are named after Stripe's test cards: pm_card_visa pays; pm_card_chargeDeclined is declined
 * (generic_decline); pm_card_chargeDeclinedInsufficientFunds for insufficient funds; pm_card_authenticationRequired
 * needs the cardholder (authentication_required); pm_slow is charged but answered only after `slowMs` (a timeout);
 * pm_rate_limited gets 429. GET /v1/payment_intents/:id answers a PaymentIntent as it is now, with its client_secret;
 * `authenticate(id)` stands for the cardholder completing 3-D Secure in the browser.
 */
export interface SeenRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  params: URLSearchParams;
}

export async function startFakeStripe(opts: { slowMs?: number } = {}) {
  const requests: SeenRequest[] = [];
  const saved = new Map<string, { params: string; status: number; body: unknown }>();
  const intents = new Map<string, Record<string, unknown>>();
  const charges: { intent: string; amount: number }[] = [];
  const id = (prefix: string) => `${prefix}_${crypto.randomBytes(8).toString('hex')}`;

  const intent = (p: URLSearchParams, status: string, error?: Record<string, unknown>) => {
    const pi = {
      id: id('pi'),
      object: 'payment_intent',
      amount: Number(p.get('amount')),
      currency: p.get('currency'),
      customer: p.get('customer'),
      payment_method: p.get('payment_method'),
      status,
      confirmation_method: 'automatic',
      capture_method: 'automatic',
      livemode: false,
      metadata: { store_key: p.get('metadata[store_key]') },
      latest_charge: status === 'succeeded' ? id('ch') : null,
      // The secret the browser's Stripe.js completes a PaymentIntent with (confirmCardPayment, handleNextAction).
      client_secret: '',
      last_payment_error: error ? { ...error, payment_method: { id: p.get('payment_method'), object: 'payment_method' } } : null,
    };
    pi.client_secret = `${pi.id}_secret_${crypto.randomBytes(6).toString('hex')}`;
    intents.set(pi.id, pi);
    if (status === 'succeeded') charges.push({ intent: pi.id, amount: pi.amount });
    return pi;
  };
  const cardError = (p: URLSearchParams, code: string, decline_code: string | undefined, message: string) => {
    const error = {
      type: 'card_error',
      code,
      ...(decline_code ? { decline_code } : {}),
      message,
      doc_url: `https://docs.stripe.com/error-codes/${code}`,
    };
    return { status: 402, body: { error: { ...error, payment_intent: intent(p, 'requires_payment_method', error) } } };
  };

  function answer(method: string, path: string, p: URLSearchParams): { status: number; body: unknown; delayMs?: number } {
    if (method === 'POST' && path === '/v1/payment_intents') {
      const pm = p.get('payment_method');
      if (p.get('confirm') !== 'true' || p.get('off_session') !== 'true')
        return { status: 400, body: { error: { type: 'invalid_request_error', message: 'expected confirm and off_session' } } };
      if (pm === 'pm_card_chargeDeclined') return cardError(p, 'card_declined', 'generic_decline', 'Your card was declined.');
      if (pm === 'pm_card_chargeDeclinedInsufficientFunds')
        return cardError(p, 'card_declined', 'insufficient_funds', 'Your card has insufficient funds.');
      if (pm === 'pm_card_authenticationRequired')
        return cardError(
          p,
          'authentication_required',
          'authentication_required',
          'Your card was declined. This transaction requires authentication.',
        );
      if (pm === 'pm_rate_limited')
        return {
          status: 429,
          body: { error: { type: 'invalid_request_error', code: 'rate_limit', message: 'Too many requests hit the API too quickly.' } },
        };
      if (pm === 'pm_slow') return { status: 200, body: intent(p, 'succeeded'), delayMs: opts.slowMs ?? 2_000 };
      return { status: 200, body: intent(p, 'succeeded') };
    }
    const piMatch = /^\/v1\/payment_intents\/(pi_\w+)$/.exec(path);
    if (method === 'GET' && piMatch) {
      const pi = intents.get(piMatch[1]);
      if (!pi)
        return {
          status: 404,
          body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } },
        };
      return { status: 200, body: pi };
    }
    if (method === 'GET' && path === '/v1/payment_intents/search') {
      const key = /metadata\['store_key'\]:'([^']*)'/.exec(p.get('query') ?? '')?.[1];
      const data = [...intents.values()].filter((pi) => (pi.metadata as { store_key: string }).store_key === key);
      return { status: 200, body: { object: 'search_result', url: '/v1/payment_intents/search', has_more: false, next_page: null, data } };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const pi = intents.get(p.get('payment_intent') ?? '');
      if (!pi)
        return {
          status: 404,
          body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } },
        };
      return {
        status: 200,
        body: {
          id: id('re'),
          object: 'refund',
          amount: Number(p.get('amount')),
          payment_intent: pi.id,
          currency: 'usd',
          status: 'succeeded',
        },
      };
    }
    const pmMatch = /^\/v1\/payment_methods\/(pm_\w+)$/.exec(path);
    if (method === 'GET' && pmMatch)
      return {
        status: 200,
        body: {
          id: pmMatch[1],
          object: 'payment_method',
          type: 'card',
          card: { brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2031 },
        },
      };
    if (method === 'POST' && path === '/v1/customers')
      return { status: 200, body: { id: id('cus'), object: 'customer', name: p.get('name') } };
    if (method === 'POST' && path === '/v1/setup_intents')
      return {
        status: 200,
        body: {
          id: id('seti'),
          object: 'setup_intent',
          customer: p.get('customer'),
          payment_method: p.get('payment_method'),
          usage: 'off_session',
          status: 'succeeded',
        },
      };
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } } };
  }

  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stripe.test');
      const params = req.method === 'GET' ? url.searchParams : new URLSearchParams(text);
      requests.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, params });
      const send = (status: number, body: unknown, replayed = false) => {
        res.writeHead(status, {
          'content-type': 'application/json',
          'request-id': id('req'),
          ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
        });
        res.end(JSON.stringify(body));
      };
      const key = req.headers['idempotency-key'];
      const mine = typeof key === 'string' ? `${req.method} ${url.pathname} ${key}` : null;
      const first = mine ? saved.get(mine) : undefined;
      if (first) {
        if (first.params !== text)
          return send(400, {
            error: {
              type: 'idempotency_error',
              message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.',
            },
          });
        return send(first.status, first.body, true);
      }
      const a = answer(req.method ?? '', url.pathname, params);
      // Saved when the endpoint ran (the documented rule): a response lost on the way is answered again by the key.
      if (mine && a.status !== 429) saved.set(mine, { params: text, status: a.status, body: a.body });
      if (a.delayMs) setTimeout(() => !res.destroyed && send(a.status, a.body), a.delayMs).unref();
      else send(a.status, a.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiBase: `http://127.0.0.1:${port}`,
    requests,
    /** Money that moved: one entry per PaymentIntent that succeeded. */
    charges,
    /** A PaymentIntent as Stripe holds it now (what a webhook event's data.object carries). */
    intent: (piId: string) => intents.get(piId),
    /**
     * The cardholder confirmed a PaymentIntent that waited for them (in the browser, Stripe.js confirmCardPayment with
     * its client secret: 3-D Secure passed): it succeeds, and the money moves.
     */
    authenticate(piId: string) {
      const pi = intents.get(piId)!;
      Object.assign(pi, { status: 'succeeded', last_payment_error: null, latest_charge: id('ch') });
      charges.push({ intent: piId, amount: pi.amount as number });
      return pi;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
