import { expect, it } from 'vitest';
import { describeEachDb } from '../helpers/store.ts';

/**
 * The site's brand images (its logo, banner and image settings) as every page shows them: under content-hashed URLs
 * cached a year (a new image is a new URL at once); the plain /media/<id> URLs still work and are revalidated (ETag).
 */
describeEachDb("the site's brand images", (ctx) => {
  const svg = (n: number) => `<svg xmlns="http://www.w3.org/2000/svg" width="${n}" height="${n}"><rect width="${n}" height="${n}"/></svg>`;

  it('gives the logo under its content-hashed URL, cached a year as immutable, and a new URL when its bytes change', async () => {
    const c = ctx().client();
    const logo = async () => (await c.get('/api/v1/site')).body.data.settings.logo as string;
    const before = await logo();
    expect(before).toMatch(/^\/media\/[0-9a-f]{16}\/[\w.-]+$/);
    const r = await c.get(before);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^image\//);
    expect(r.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    const id = before.split('/').pop()!;
    await ctx()
      .db.updateTable('media')
      .set({ data: Buffer.from(svg(4)) })
      .where('id', '=', id)
      .execute();
    const after = await logo();
    expect(after).not.toBe(before);
    expect(after.endsWith(`/${id}`)).toBe(true);
    expect((await c.get(after)).body).toBe(svg(4));
    // The old URL is sent on to the new one.
    const old = await fetch(`${ctx().baseUrl}${before}`, { redirect: 'manual' });
    expect(old.status).toBe(302);
    expect(old.headers.get('location')).toBe(after);
  });

  it('gives every setting that names a media file (logo, banner, cart logo) its hashed URL, and leaves the rest as stored', async () => {
    const served: Record<string, string> = (await ctx().client('goenroll.localhost').get('/api/v1/site')).body.data.settings;
    const site = await ctx().db.selectFrom('sites').select('id').where('host', '=', 'goenroll.localhost').executeTakeFirstOrThrow();
    const stored = await ctx().db.selectFrom('site_settings').select(['key', 'value']).where('site_id', '=', site.id).execute();
    const images = stored.filter((s) => /^\/media\/[\w.-]+$/.test(s.value));
    expect(images.map((s) => s.key)).toEqual(expect.arrayContaining(['logo', 'banner_image']));
    for (const s of stored) {
      if (images.includes(s))
        expect(served[s.key], s.key).toMatch(new RegExp(`^/media/[0-9a-f]{16}/${s.value.slice(7).replace(/\./g, '\\.')}$`));
      else expect(served[s.key], s.key).toBe(s.value);
    }
  });

  it('revalidates the plain URL: no-cache with an ETag, 304 while the bytes are the same, the new bytes after', async () => {
    const logo: string = (await ctx().client().get('/api/v1/site')).body.data.settings.logo;
    const plain = `${ctx().baseUrl}/media/${logo.split('/').pop()}`;
    const first = await fetch(plain);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const again = await fetch(plain, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);

    await ctx()
      .db.updateTable('media')
      .set({ data: Buffer.from(svg(5)) })
      .where('id', '=', logo.split('/').pop()!)
      .execute();
    const changed = await fetch(plain, { headers: { 'if-none-match': etag! } });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toBe(svg(5));
    expect(changed.headers.get('etag')).not.toBe(etag);
  });
});
