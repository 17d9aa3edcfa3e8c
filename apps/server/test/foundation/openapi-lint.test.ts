import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractEndpoints } from '@store/domain/contract/all';
import { startTestStore, type TestStore } from '../helpers/store.ts';

/**
 * The OpenAPI document the store serves (GET /api/openapi.json) is one a partner can use: Redocly's `recommended`
 * rules find no error in it, every operation has a summary and a unique operationId, and the credentials it takes
 * (the session cookie, the CSRF cookie and header) are declared. The document does not depend on the database:
 * PGlite only.
 */
describe('the published OpenAPI document', () => {
  let ts: (TestStore & { close(): Promise<void> }) | undefined;
  let text = '';
  let doc: {
    servers?: { url: string }[];
    components?: { securitySchemes?: Record<string, { type: string; in: string; name: string }> };
    paths: Record<string, Record<string, { operationId?: string; summary?: string; security?: Record<string, string[]>[] }>>;
  };
  beforeAll(async () => {
    ts = await startTestStore('pglite');
    const r = await fetch(`${ts.baseUrl}/api/openapi.json`);
    expect(r.status).toBe(200);
    text = await r.text();
    doc = JSON.parse(text);
  }, 60_000);
  afterAll(async () => {
    await ts?.close();
  });

  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })));

  it("passes Redocly's recommended rules with no error", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: text, absoluteRef: 'openapi.json', config });
    const errors = problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);
    expect(errors).toEqual([]);
  });

  it('names every operation by its endpoint in the contract, with a summary', () => {
    const ids = operations().map(({ op }) => op.operationId);
    expect(ids.every((id) => typeof id === 'string')).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const names = new Set(contractEndpoints().map((c) => c.name));
    for (const { path, method, op } of operations()) {
      expect(names.has(op.operationId!), `${method} ${path}`).toBe(true);
      expect(op.summary, `${method} ${path}`).toMatch(/^[A-Z].{5,80}$/);
    }
  });

  it('declares the session cookie and the CSRF token, and asks for the token on changes only', () => {
    expect(doc.components?.securitySchemes).toMatchObject({
      session: { type: 'apiKey', in: 'cookie', name: 'sid' },
      csrfCookie: { type: 'apiKey', in: 'cookie', name: 'csrf' },
      csrfHeader: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token' },
    });
    const byId = new Map(operations().map((o) => [o.op.operationId, o.op.security]));
    // A change: the token in every alternative; the session optional for an anonymous shopper.
    expect(byId.get('addPlanToCart')).toEqual([
      { session: [], csrfCookie: [], csrfHeader: [] },
      { csrfCookie: [], csrfHeader: [] },
    ]);
    // The one GET that changes data.
    expect(byId.get('removePlanFromCart')).toEqual([
      { session: [], csrfCookie: [], csrfHeader: [] },
      { csrfCookie: [], csrfHeader: [] },
    ]);
    // A read: no token.
    expect(byId.get('getSiteInfo')).toEqual([{ session: [] }, {}]);
    // The operator console needs the session.
    expect(byId.get('listSites')).toEqual([{ session: [] }]);
    // Anyone may verify a document, from anywhere.
    expect(byId.get('verifyDocument')).toEqual([]);
  });

  it("names the store's origin as its server", () => {
    expect(doc.servers).toEqual([{ url: ts!.baseUrl, description: 'This store' }]);
  });
});
