import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../../src/config/env.ts';
import { createStore } from '../../src/bootstrap.ts';
import { startTestStore } from '../helpers/store.ts';
import { DEMO } from '../helpers/client.ts';
import { buildRequest, ENROLLMENT_PARAM, loadOperations, type JsonSchema } from './openapi.ts';
import { makeEnrollment } from './fixtures.ts';
import { redactUrl } from '../../src/lib/redact.ts';

/**
 * Logs never carry SSNs, card, account or routing numbers or passwords: a store logging at trace level into a
 * stream the test reads receives them in every body field and query value of every route (and in sign-in),
 * and none of them appears in any log line.
 */
const SECRETS = {
  ssn: '219-09-9999',
  ssnDigits: '219099999',
  card: '4242424242424242',
  cardSpaced: '4242 4242 4242 4242',
  account: '000123456789',
  routing: '011000015',
  password: 'Sup3r-Secret-Pa55word',
};
const VALUES = Object.values(SECRETS);
const SENSITIVE_FIELDS = {
  ssn: SECRETS.ssn,
  card_number: SECRETS.card,
  security_code: '919',
  account_number: SECRETS.account,
  routing_number: SECRETS.routing,
  password: SECRETS.password,
};

/** A value of the right shape carrying a secret, for any schema. */
function secretFor(schema: JsonSchema | undefined, i: number): unknown {
  const type = Array.isArray(schema?.type) ? schema!.type.find((t) => t !== 'null') : schema?.type;
  if (type === 'array') return [secretFor(schema!.items, i)];
  if (type === 'object') return { ...SENSITIVE_FIELDS };
  if (type === 'integer' || type === 'number' || type === 'boolean' || schema?.enum) return undefined;
  return VALUES[i % VALUES.length];
}

describe('security: log redaction', () => {
  const lines: string[] = [];
  let ts: Awaited<ReturnType<typeof startTestStore>>;
  beforeAll(async () => {
    ts = await startTestStore('pglite', { LOG_LEVEL: 'trace' }, { logStream: { write: (l: string) => void lines.push(l) } });
  }, 60_000);
  afterAll(async () => {
    await ts?.close();
  });

  it('keeps SSNs, card and bank numbers and passwords out of every log line', async () => {
    const c = ts.client();
    await c.post('/api/auth/sign-in', { email: DEMO.rep.email, password: SECRETS.password });
    await c.post('/api/auth/sign-in', { email: SECRETS.ssn, password: SECRETS.password });
    await c.signIn(DEMO.member.email, DEMO.member.password);
    const id = await makeEnrollment(ts, c);
    let i = 0;
    for (const op of await loadOperations(c)) {
      if (!op.path.startsWith('/api/')) continue;
      // Once with the enrollment (to reach the handlers), once with secrets everywhere (validation errors).
      for (const withId of [true, false]) {
        const inPath = new Set(op.params.filter((p) => p.in === 'path').map((p) => p.name));
        const req = buildRequest(op, (name, schema) =>
          withId && ENROLLMENT_PARAM.test(name) ? id : inPath.has(name) ? undefined : secretFor(schema, i++),
        );
        const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? { ...SENSITIVE_FIELDS, ...req.body } : req.body;
        await c.request(req.method, req.path, { query: { ...req.query, ...(op.method === 'GET' ? { ssn: SECRETS.ssn } : {}) }, body });
      }
    }
    // An unreadable body and a body with a secret that fails JSON parsing.
    await c.request('POST', '/api/v1/add-filter-for-new-user', { raw: `{"ssn":"${SECRETS.ssn}", "card_number": ${SECRETS.card}` });
    await c.request('POST', '/api/auth/sign-in', {
      raw: `password=${SECRETS.password}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });

    await new Promise((r) => setTimeout(r, 100));
    const text = lines.join('');
    expect(lines.length).toBeGreaterThan(50);
    const leaks = VALUES.filter((v) => text.includes(v));
    const leakLines = lines.filter((l) => VALUES.some((v) => l.includes(v))).slice(0, 5);
    expect(leaks, leakLines.join('\n')).toEqual([]);
    expect(text).toContain('[redacted]');
  });

  it('hides query values and resume tokens in logged URLs, keeping harmless ids', () => {
    expect(redactUrl('/api/v1/routing-number-bank-lookup?routing_number=011000015')).toBe(
      '/api/v1/routing-number-bank-lookup?routing_number=[redacted]',
    );
    expect(redactUrl('/api/v1/get-plan-detail?pid=101&enrollment_id=abc')).toBe('/api/v1/get-plan-detail?pid=101&enrollment_id=[redacted]');
    expect(redactUrl('/api/v1/direct-continue/c2VjcmV0LXRva2Vu')).toBe('/api/v1/direct-continue/[redacted]');
    expect(redactUrl('/direct-continue/c2VjcmV0/cHJpbWFyeQ')).toBe('/direct-continue/[redacted]/cHJpbWFyeQ');
    expect(redactUrl('/api/v1/reminders/unsubscribe/dG9rZW4?lang=es')).toBe('/api/v1/reminders/unsubscribe/[redacted]?lang=[redacted]');
    expect(redactUrl('/api/v1/x?agent_id=219099999')).toBe('/api/v1/x?agent_id=[redacted]');
  });

  it('logs the URL of an answer that did not match its schema redacted (issue 34)', async () => {
    const out: string[] = [];
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATA_KEY: crypto.randomBytes(32).toString('base64'),
      REQUESTS_PER_MINUTE: '0',
    } as NodeJS.ProcessEnv);
    const store = await createStore(config, { db: {}, logStream: { write: (l: string) => void out.push(l) } });
    try {
      // A route whose answer breaks its own schema: the error handler's line names the request.
      store.app.get('/api/test-broken-answer', { schema: { response: { 200: z.object({ ok: z.boolean() }) } } }, async () => ({
        ok: 'not a boolean' as unknown as boolean,
      }));
      const res = await store.app.inject({
        method: 'GET',
        url: `/api/test-broken-answer?routing_number=${SECRETS.routing}&ssn=${SECRETS.ssnDigits}`,
      });
      expect(res.statusCode).toBe(500);
      await new Promise((r) => setTimeout(r, 50));
      const line = out.find((l) => l.includes('response did not match its schema'));
      expect(line).toBeDefined();
      expect(line).toContain('/api/test-broken-answer?routing_number=[redacted]');
      expect(line).not.toContain(SECRETS.routing);
      expect(line).not.toContain(SECRETS.ssnDigits);
    } finally {
      await store.close();
    }
  });
});
