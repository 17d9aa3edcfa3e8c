import { expect, it } from 'vitest';
import { describeEachDb } from '../helpers/store.ts';
import { dataUrl, PNG_1x1, signedInOperator } from './helpers.ts';

describeEachDb('operator console API: sites and uploads', (ctx) => {
  const operator = signedInOperator(ctx);

  it('edits a site: kind, flag, branding settings, image upload by content', async () => {
    const c = await operator();
    const list = await c.get('/api/admin/sites', { q: 'partner' });
    expect(list.body.data.total).toBe(1);
    const partner = list.body.data.items[0];
    expect(partner).toMatchObject({ host: 'partner.localhost', kind: 'partner', site_flag: 'false' });

    const upload = await c.post('/api/admin/uploads', { data_url: `data:image/png;base64,${PNG_1x1}` });
    expect(upload.status).toBe(200);
    expect(upload.body.data.content_type).toBe('image/png');
    // The type comes from the bytes, not the claim.
    const disguised = await c.post('/api/admin/uploads', { data_url: dataUrl('image/png', '<html><script>alert(1)</script></html>') });
    expect(disguised.status).toBe(422);
    expect(disguised.body.data).toEqual([{ target_element: 'file', error_message: 'Upload a PNG, JPEG, WebP or SVG image.' }]);
    const evil = await c.post('/api/admin/uploads', {
      data_url: dataUrl('image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    });
    expect(evil.body.data[0].error_message).toBe('This SVG contains scripts or external references and was refused.');
    const handler = await c.post('/api/admin/uploads', {
      data_url: dataUrl('image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"><rect onload="x()"/></svg>'),
    });
    expect(handler.status).toBe(422);
    const fine = await c.post('/api/admin/uploads', {
      data_url: dataUrl(
        'text/plain',
        '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4" fill="#f00"/></svg>',
      ),
    });
    expect(fine.body.data.content_type).toBe('image/svg+xml');
    const big = await c.post('/api/admin/uploads', {
      data_url: `data:image/png;base64,${Buffer.concat([Buffer.from(PNG_1x1, 'base64'), Buffer.alloc(1024 * 1024)]).toString('base64')}`,
    });
    expect(big.status).toBe(422);

    const detail = await c.get(`/api/admin/sites/${partner.id}`);
    const settings = detail.body.data.settings.filter((s: { key: string }) => s.key !== 'banner_image');
    const saved = await c.put(`/api/admin/sites/${partner.id}/settings`, {
      settings: [...settings, { key: 'banner_image', value: upload.body.data.url }],
    });
    expect(saved.status).toBe(200);
    const img = await c.get(upload.body.data.url);
    expect(img.headers.get('content-type')).toBe('image/png');

    const badKey = await c.put(`/api/admin/sites/${partner.id}/settings`, { settings: [{ key: 'Bad Key', value: 'x' }] });
    expect(badKey.status).toBe(422);
    expect(badKey.body.data[0].target_element).toBe('settings.0.key');

    // The footer's phone, e-mail and app-store links: checked by what their key says they are; nothing saved.
    const before = (await c.get(`/api/admin/sites/${partner.id}`)).body.data.settings;
    const badValues = await c.put(`/api/admin/sites/${partner.id}/settings`, {
      settings: [
        { key: 'support_phone', value: 'call us' },
        { key: 'support_email', value: 'help at partner' },
        { key: 'app_store_link', value: 'javascript:alert(1)' },
        { key: 'tagline', value: 'Any text: javascript: is only words here' },
      ],
    });
    expect(badValues.status).toBe(422);
    expect(badValues.body.data).toEqual([
      { target_element: 'settings.0.value', error_message: 'Enter a 10-digit phone number.' },
      { target_element: 'settings.1.value', error_message: 'Please enter a valid e-mail address.' },
      { target_element: 'settings.2.value', error_message: 'Enter a web address that starts with https:// or http://.' },
    ]);
    expect((await c.get(`/api/admin/sites/${partner.id}`)).body.data.settings).toEqual(before);
    const goodValues = await c.put(`/api/admin/sites/${partner.id}/settings`, {
      settings: [
        ...settings.filter((s: { key: string }) => s.key !== 'support_phone'),
        { key: 'banner_image', value: upload.body.data.url },
        { key: 'support_phone', value: '(800) 555-0123' },
      ],
    });
    expect(goodValues.status).toBe(200);
    expect((await ctx().client('partner.localhost').get('/api/v1/site')).body.data.settings.support_phone).toBe('8005550123');

    const edited = await c.put(`/api/admin/sites/${partner.id}`, {
      host: 'partner.localhost',
      kind: 'partner',
      name: 'Partner Benefits Co',
      site_flag: 'true',
      group_id: null,
      portal_id: null,
      active: true,
    });
    expect(edited.body.data).toMatchObject({ name: 'Partner Benefits Co', site_flag: 'true' });
    const site = await ctx().client('partner.localhost').get('/api/v1/site');
    expect(site.body.data).toMatchObject({ name: 'Partner Benefits Co', site_flag: 'true' });
    // Served under its content-hashed URL (the site's images are cached a year).
    expect(site.body.data.settings.banner_image).toMatch(
      new RegExp(`^/media/[0-9a-f]{16}/${String(upload.body.data.url).slice('/media/'.length)}$`),
    );
    const audit = await ctx().db.selectFrom('audit_log').select('action').where('target', '=', `site:${partner.id}`).execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['update-site-settings', 'update-site']));
  });
});
