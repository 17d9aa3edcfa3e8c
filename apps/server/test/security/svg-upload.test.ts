import { expect, it } from 'vitest';
import { ADMIN_TEXT } from '@store/domain/admin';
import { describeEachDb } from '../helpers/store.ts';
import { DEMO } from '../helpers/client.ts';

const dataUrl = (body: string) => `data:image/svg+xml;base64,${Buffer.from(body).toString('base64')}`;
const SVG = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"';

/** Issue 20: SVG uploads go through a maintained sanitizer (DOMPurify); what could run script is refused. */
const UNSAFE: [string, string][] = [
  [
    'namespaced script',
    `<svg ${SVG} xmlns:svg="http://www.w3.org/2000/svg"><svg:script>alert(1)</svg:script><rect width="1" height="1"/></svg>`,
  ],
  ['namespaced script, prefix undeclared', `<svg ${SVG}><svg:script>alert(1)</svg:script></svg>`],
  ['script', `<svg ${SVG}><script>alert(1)</script></svg>`],
  ['event handler', `<svg ${SVG}><rect width="1" height="1" onload="alert(1)"/></svg>`],
  ['event handler with odd spacing', `<svg ${SVG}><rect width="1" height="1"\nONMOUSEOVER\n=\n"alert(1)"/></svg>`],
  ['javascript: href', `<svg ${SVG}><a href="javascript:alert(1)"><rect width="1" height="1"/></a></svg>`],
  ['javascript: xlink:href', `<svg ${SVG}><a xlink:href=" javascript:alert(1)"><rect width="1" height="1"/></a></svg>`],
  ['entity-encoded javascript: href', `<svg ${SVG}><a href="&#106;avascript:alert(1)"><rect width="1" height="1"/></a></svg>`],
  ['foreignObject', `<svg ${SVG}><foreignObject><iframe src="javascript:alert(1)"></iframe></foreignObject></svg>`],
  ['animated href', `<svg ${SVG}><a><animate attributeName="href" values="javascript:alert(1)"/><rect width="1" height="1"/></a></svg>`],
];

describeEachDb('security: SVG uploads', (ctx) => {
  // One signed-in operator for the suite (sign-in is rate-limited per e-mail).
  let signedIn: ReturnType<ReturnType<typeof ctx>['client']> | null = null;
  async function operator() {
    if (!signedIn) {
      signedIn = ctx().client();
      await signedIn.signIn(DEMO.operator.email, DEMO.operator.password);
    }
    return signedIn;
  }

  it.each(UNSAFE)('refuses an SVG with a %s, and stores nothing', async (_name, svg) => {
    const c = await operator();
    const before = await ctx()
      .db.selectFrom('media')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const r = await c.post('/api/admin/uploads', { data_url: dataUrl(svg) });
    expect(r.status).toBe(422);
    expect(r.body.data).toEqual([{ target_element: 'file', error_message: ADMIN_TEXT.SVG_UNSAFE }]);
    const after = await ctx()
      .db.selectFrom('media')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('keeps a drawing: view box, gradients, title and fragment references', async () => {
    const c = await operator();
    const svg = `<?xml version="1.0" encoding="UTF-8"?>\n<svg ${SVG} viewBox="0 0 10 10"><title>Logo</title><defs><linearGradient id="g"><stop offset="0" stop-color="#123"/></linearGradient></defs><path d="M0 0h10v10z" fill="url(#g)"/><a href="#top"><circle cx="5" cy="5" r="2"/></a></svg>`;
    const r = await c.post('/api/admin/uploads', { data_url: dataUrl(svg) });
    expect(r.status).toBe(200);
    const served = await c.get(r.body.data.url);
    expect(served.headers.get('content-type')).toContain('image/svg+xml');
    const text = String(served.body);
    for (const part of ['viewBox="0 0 10 10"', '<title>Logo</title>', '<linearGradient id="g">', 'fill="url(#g)"', 'href="#top"'])
      expect(text).toContain(part);
  });
});
