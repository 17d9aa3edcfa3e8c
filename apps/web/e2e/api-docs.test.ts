import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness.ts';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

describe('Swagger UI at /api/docs', () => {
  it('shows the API operations under the store Content-Security-Policy, with no violation', async () => {
    const page = await e2e.newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => console.log(`Refused to: ${e.violatedDirective} ${e.blockedURI}`));
    });
    const answer = await page.goto(e2e.url('/api/docs'));
    expect(answer?.status()).toBe(200);
    await page.getByRole('heading', { name: /Benefit Store API/ }).waitFor();
    await page.getByText('/api/v1/get-plan-cart').first().waitFor();
    expect(problems).toEqual([]);
  });
});
