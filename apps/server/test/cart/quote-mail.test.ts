import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { TEXT } from '@store/domain/texts';
import { PLAN_IDS } from '../../src/db/seed/demo-catalog.ts';
import { startTestStore, type TestStore } from '../helpers/store.ts';
import { DEMO } from '../helpers/client.ts';
import { newEnrollment, putInCart } from './helpers.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** Decodes the quoted-printable parts of a raw message well enough to read its HTML. */
function decodeQp(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

function htmlPart(raw: string): string {
  const decoded = decodeQp(raw);
  const start = decoded.indexOf('<div');
  const end = decoded.lastIndexOf('</div>');
  return Buffer.from(decoded.slice(start, end + 6), 'latin1').toString('utf8');
}

describe('personalised quote by e-mail (real SMTP server)', () => {
  const received: Received[] = [];
  let smtp: SMTPServer;
  let ts: TestStore & { close(): Promise<void> };

  beforeAll(async () => {
    smtp = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      authOptional: true,
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('latin1'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const address = smtp.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    ts = await startTestStore('pglite', { SMTP_URL: `smtp://127.0.0.1:${port}` });
  }, 60_000);

  afterAll(async () => {
    await ts?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  async function waitForMail(count: number) {
    for (let i = 0; i < 100 && received.length < count; i++) await new Promise((r) => setTimeout(r, 50));
    return received[count - 1];
  }

  it('mails exactly the previewed HTML, stored with the quote, and refuses visitors', async () => {
    const rep = ts.client();
    await rep.signIn(DEMO.rep.email, DEMO.rep.password);
    const id = await newEnrollment(rep, { eprocess: 'rep', group_id: 3001, is_smoker: '0' });
    await putInCart(ts, id, PLAN_IDS.dentalEssentials);
    await putInCart(ts, id, PLAN_IDS.termLife100k);
    const form = { name: 'Sam Rivera', email: 'sam.rivera@example.com', message: 'Hello Sam, <here> are "your" plans & prices.' };

    const preview = await rep.get('/api/v1/get-quote-preview-content', { enrollment_id: id, ...form, tab: 'cart_info', type: 'preview' });
    expect(preview.status).toBe(200);
    const previewHtml: string = preview.body.data.content;
    expect(previewHtml).toContain('Hello Sam, &lt;here&gt; are &quot;your&quot; plans &amp; prices.');
    expect(previewHtml).toContain(TEXT.PRUDENTIAL_FEE);

    const sent = await rep.post('/api/v1/save-enrollment', { enrollment_id: id, ...form, tab: 'cart_info', data: {} });
    expect(sent.status).toBe(200);
    expect(sent.body.status).toBe('success');
    expect(sent.body.data.message).toBe('Your quote has been sent.');

    const mail = await waitForMail(1);
    expect(mail).toBeDefined();
    expect(mail.to).toEqual(['sam.rivera@example.com']);
    expect(mail.raw).toMatch(/^Subject: Your personalized quote from /m);
    expect(htmlPart(mail.raw)).toBe(previewHtml);

    const quote = await ts.db.selectFrom('quotes').selectAll().where('enrollment_id', '=', id).executeTakeFirstOrThrow();
    expect(quote).toMatchObject({ to_email: 'sam.rivera@example.com', to_name: 'Sam Rivera', html: previewHtml });
    const outbox = await ts.db.selectFrom('outbox').selectAll().where('id', '=', quote.outbox_id!).executeTakeFirstOrThrow();
    for (let i = 0; i < 40 && outbox.status !== 'sent'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      Object.assign(outbox, await ts.db.selectFrom('outbox').selectAll().where('id', '=', quote.outbox_id!).executeTakeFirstOrThrow());
    }
    expect(outbox.status).toBe('sent');

    const visitor = ts.client();
    const vid = await newEnrollment(visitor);
    await putInCart(ts, vid, PLAN_IDS.dentalEssentials);
    const refused = await visitor.post('/api/v1/save-enrollment', { enrollment_id: vid, ...form, tab: 'cart_info' });
    expect(refused.status).toBe(403);
    expect(received).toHaveLength(1);
  });

  it('answers the validation messages of the specification and limits sending per recipient', async () => {
    const rep = ts.client();
    await rep.signIn(DEMO.rep.email, DEMO.rep.password);
    const id = await newEnrollment(rep, { eprocess: 'rep', group_id: 3001 });
    await putInCart(ts, id, PLAN_IDS.visionClear);
    const noName = await rep.post('/api/v1/save-enrollment', { enrollment_id: id, name: '', email: 'pat@example.com', tab: 'cart_info' });
    expect(noName.status).toBe(422);
    expect(noName.body.data).toEqual([{ target_element: 'name', error_message: TEXT.FIELD_REQUIRED }]);
    const badName = await rep.post('/api/v1/save-enrollment', {
      enrollment_id: id,
      name: 'Pat 99',
      email: 'pat@example.com',
      tab: 'cart_info',
    });
    expect(badName.body.data).toEqual([{ target_element: 'name', error_message: TEXT.PLEASE_ENTER_VALID_NAME }]);

    const before = received.length;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await rep.post('/api/v1/save-enrollment', { enrollment_id: id, name: 'Pat Lee', email: 'pat.lee@example.com', tab: 'cart_info' }))
          .status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    await waitForMail(before + 5);
    expect(received.filter((m) => m.to.includes('pat.lee@example.com'))).toHaveLength(5);
  });
});
