import { expect, it } from 'vitest';
import { ESIGN_DISCLOSURE } from '@store/domain/consent';
import { describeEachDb, type TestStore } from '../helpers/store.ts';
import { EFT, enrollmentAtStepFive, finish, PERSONAL, enrollWith } from '../enrollment/finish/helpers.ts';
import { pdfUnicodeText } from '../helpers/pdf-unicode-text.ts';
import { sha256 } from '../../src/modules/trail/service.ts';
import { openPrivateMedia } from '../../src/lib/private-media.ts';

type Client = ReturnType<TestStore['client']>;

/** A POST of raw PDF bytes, as anyone would send it (a CSRF cookie and header like any browser of the store). */
/** As anyone verifies a copy: the PDF's bytes alone, no cookie, no CSRF token, from another site (curl, a carrier's system). */
async function verify(ts: TestStore, bytes: Uint8Array) {
  const r = await ts.app.inject({
    method: 'POST',
    url: '/api/v1/verify-document',
    payload: Buffer.from(bytes),
    headers: { 'content-type': 'application/pdf', origin: 'https://carrier.example' },
  });
  return { status: r.statusCode, body: r.json() };
}

async function download(ts: TestStore, c: Client, id: string) {
  const r = await ts.app.inject({
    method: 'GET',
    url: `/api/v1/get-signed-application?enrollment_id=${id}`,
    headers: { cookie: (c as any).cookieHeader() },
  });
  return { status: r.statusCode, bytes: r.rawPayload, type: r.headers['content-type'] };
}

describeEachDb('signed application (issue 22)', (ctx) => {
  it('is mailed with the receipt, verifies unchanged, and a copy with one changed byte does not', async () => {
    const ts = ctx();
    const c = ts.client();
    const id = await enrollmentAtStepFive(ts, c);
    await finish(c, id, () => enrollWith(c, id, EFT));
    const e = await ts.db.selectFrom('enrollments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const mail = await ts.db
      .selectFrom('outbox')
      .selectAll()
      .where('enrollment_id', '=', id)
      .where('kind', '=', 'enrollment-receipt')
      .executeTakeFirstOrThrow();
    expect(mail.attachments.map((a) => a.filename)).toEqual([
      `enrollment-receipt-${e.confirmation_number}.pdf`,
      `signed-application-${e.confirmation_number}.pdf`,
    ]);
    const media = await ts.db.selectFrom('media').select('data').where('id', '=', mail.attachments[1].mediaId).executeTakeFirstOrThrow();
    // Kept sealed (issue 34): opened as the mail sender opens it.
    const pdf = new Uint8Array(openPrivateMedia(ts.app.sealer, mail.attachments[1].mediaId, media.data));

    const ok = await verify(ts, pdf);
    expect(ok).toEqual({
      status: 200,
      body: {
        status: 'success',
        data: { valid: true, confirmation_number: e.confirmation_number, signed_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) },
      },
    });
    const tampered = Uint8Array.from(pdf);
    tampered[Math.floor(tampered.length / 2)] ^= 1;
    expect(await verify(ts, tampered)).toEqual({ status: 200, body: { status: 'success', data: { valid: false } } });
    expect((await verify(ts, new TextEncoder().encode('%PDF-1.7 not ours'))).body.data).toEqual({ valid: false });

    // The same bytes from the receipt page; none for another browser.
    const got = await download(ts, c, id);
    expect(got.status).toBe(200);
    expect(got.type).toContain('application/pdf');
    expect(sha256(got.bytes)).toBe(sha256(pdf));
    expect((await download(ts, ts.client(), id)).status).toBe(404);

    const text = await pdfUnicodeText(pdf);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain(ESIGN_DISCLOSURE.en.title);
    expect(flat).toContain(ESIGN_DISCLOSURE.en.paragraphs[1]);
    expect(flat).toContain('Signer: Dana Whitfield');
    expect(flat).toMatch(/Signed by Dana Whitfield \(drawn\) at \d{4}-\d{2}-\d{2}T[\d:.]+Z from IP [:.\w]*127\.0\.0\.1/);
    expect(flat).toContain('Debit authorization (ACH, WEB). I, Dana Whitfield, authorize Benefit Store to debit my account');
    const issued = await ts.db.selectFrom('issued_documents').selectAll().where('enrollment_id', '=', id).executeTakeFirstOrThrow();
    expect(flat).toContain(`SHA-256 of the signed content: ${issued.content_sha256}`);
    expect(flat).toContain('Certificate of completion');
    // Masked: not the account, the routing or the social security number.
    for (const secret of [EFT.account_number, EFT.routing_number, PERSONAL.ssn]) expect(text).not.toContain(secret);
    expect(text).not.toContain('?');
  });
});
