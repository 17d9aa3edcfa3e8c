import { expect, it } from 'vitest';
import { describeEachDb } from '../helpers/store.ts';
import { newQuote } from './helpers.ts';

/** Plan logos go out under content-hashed URLs cached for a year; the plain URLs keep working. */
describeEachDb('media under content-hashed URLs', (ctx) => {
  it("serves a plan card's logo as immutable, the plain URL revalidated, and sends a stale hash on to the current one", async () => {
    const c = ctx().client();
    const id = await newQuote(c);
    const card = (await c.get('/api/v1/get-filtered-plans', { enrollment_id: id })).body.data.result.find(
      (p: { pid: number }) => p.pid === 101,
    );
    expect(card.plan_logo).toMatch(/^\/media\/[0-9a-f]{16}\/plan-logo-101\.svg$/);

    const hashed = await c.get(card.plan_logo);
    expect(hashed.status).toBe(200);
    expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(hashed.headers.get('content-type')).toMatch(/^image\/svg\+xml/);

    const plain = await c.get('/media/plan-logo-101.svg');
    expect(plain.status).toBe(200);
    expect(plain.headers.get('cache-control')).toBe('no-cache');
    expect(plain.headers.get('etag')).toMatch(/^"[0-9a-f]{64}"$/);
    expect(plain.body).toBe(hashed.body);

    const stale = await fetch(`${ctx().baseUrl}/media/0000000000000000/plan-logo-101.svg`, { redirect: 'manual' });
    expect(stale.status).toBe(302);
    expect(stale.headers.get('location')).toBe(card.plan_logo);
    expect((await c.get('/media/0000000000000000/no-such-file.svg')).status).toBe(404);
  });

  it("gives the home page's featured plans the plan cards' content-hashed logo URLs", async () => {
    const c = ctx().client();
    const id = await newQuote(c);
    const cards: { plan_id: number; plan_logo: string | null }[] = (await c.get('/api/v1/get-filtered-plans', { enrollment_id: id })).body
      .data.result;
    const featured: { plan_id: number; plan_logo: string | null }[] = (await c.get('/api/v1/get-featured-plans')).body.data;
    const withLogo = featured.filter((f) => f.plan_logo);
    expect(withLogo.length).toBeGreaterThan(0);
    for (const f of withLogo) {
      expect(f.plan_logo).toMatch(/^\/media\/[0-9a-f]{16}\/[^/]+$/);
      const card = cards.find((x) => x.plan_id === f.plan_id);
      if (card) expect(f.plan_logo).toBe(card.plan_logo);
      const logo = await c.get(f.plan_logo!);
      expect(logo.status).toBe(200);
      expect(logo.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
  });

  it('gives a logo whose bytes change a new URL in the plan list at once', async () => {
    const c = ctx().client();
    const id = await newQuote(c);
    const logo = async () =>
      (await c.get('/api/v1/get-filtered-plans', { enrollment_id: id })).body.data.result.find((p: { pid: number }) => p.pid === 101)
        .plan_logo;
    const before = await logo();
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>';
    await ctx()
      .db.updateTable('media')
      .set({ data: Buffer.from(svg) })
      .where('id', '=', 'plan-logo-101.svg')
      .execute();
    await expect.poll(logo).not.toBe(before);
    const after = await c.get(await logo());
    expect(after.status).toBe(200);
    expect(after.body).toBe(svg);
  });
});
