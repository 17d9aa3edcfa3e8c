import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { PRIMARY_HEALTH_QUESTIONS } from '@store/domain/health';
import { describeEachDb, type TestStore } from '../helpers/store.ts';
import { DEMO, type TestClient } from '../helpers/client.ts';
import { agree, dependent, EFT, enrollmentAtStepFive, PLAN_IDS, SIGNATURE, enrollWith } from '../enrollment/finish/helpers.ts';
import { pdfUnicodeText } from '../helpers/pdf-unicode-text.ts';
import { inEnrollmentTabs, privateMediaContext } from '../../src/db/sealed-columns.ts';
import { parseKeyring, Sealer } from '../../src/lib/crypto.ts';
import { rotateSealedValues } from '../../src/cli/rotate-keys.ts';
import { sha256 } from '../../src/modules/trail/service.ts';
import { healthAnswers, HYPERTENSION } from '../helpers/health.ts';

/**
 * Documents at rest (issue 34, finding 7): the signed application (health answers word for word, the signer's
 * address, date of birth and IP), the signature image and the receipt are kept sealed in `media`, bound to their id;
 * every reader opens them (the download, the member's and the operator's copies, the receipt mail's attachments), and
 * verify-document still compares the SHA-256 of the PDF's plain bytes. `npm run rotate-keys` seals rows stored before.
 */
const CONDITION = 'Zyxomatosis of the documents';
const QUESTION_141 = PRIMARY_HEALTH_QUESTIONS.find((q) => q.question_id === 141)!.question_text;
const NOTES = 'Hiked the documents trail in 2019';
const PDF_HEAD = Buffer.from('%PDF');
const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const SIGNATURE_PNG = Buffer.from(SIGNATURE.slice('data:image/png;base64,'.length), 'base64');
const DATA_KEY = crypto.randomBytes(32).toString('base64');

// The receipt mail goes to this mail server: its attachments are read back as a mail client would.
const received: string[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (d: Buffer) => chunks.push(d));
    stream.on('end', () => {
      received.push(Buffer.concat(chunks).toString('latin1'));
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = (smtp.server.address() as AddressInfo).port;
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

/** The attachment named `filename` of a received mail, decoded (base64 MIME part). */
function attachment(raw: string, filename: string): Buffer | undefined {
  const at = raw.indexOf(`filename=${filename}`) >= 0 ? raw.indexOf(`filename=${filename}`) : raw.indexOf(`filename="${filename}"`);
  if (at < 0) return undefined;
  const start = raw.indexOf('\r\n\r\n', at) + 4;
  const end = raw.indexOf('\r\n--', start);
  return Buffer.from(raw.slice(start, end).replace(/\s+/g, ''), 'base64');
}

async function completedWithHealthAnswers(ts: TestStore, c: TestClient): Promise<string> {
  const id = await enrollmentAtStepFive(ts, c, { plans: [PLAN_IDS.criticalIllnessGuard], tier: 'IS' });
  const tabs: string[] = (await c.get('/get-dynamic-tabs', { enrollment_id: id })).body.data
    .filter((t: any) => t.required)
    .map((t: any) => t.tab_name);
  for (const tab of tabs.slice(tabs.indexOf('contact_info') + 1)) {
    let r: { status: number; body: any } | undefined;
    if (tab === 'primary_health_info')
      r = await c.post('/api/v1/save-primary-health-info', {
        enrollment_id: id,
        ...healthAnswers({ 141: { ...HYPERTENSION, health_condition: CONDITION } }, { notes: NOTES }),
      });
    if (tab === 'dependent_info')
      r = await c.post('/api/v1/save-dependent-info', {
        enrollment_id: id,
        dependents: [dependent('Sam', { gender: '0', birthdate: '02/02/1984' })],
      });
    if (tab === 'billing_info') r = await enrollWith(c, id, EFT);
    if (tab === 'agreement_info') r = await agree(c, id);
    if (tab === 'review_info') r = await c.post('/api/v1/save-review-info', { enrollment_id: id, additional_notes: '' });
    expect(r?.status, `${tab}: ${JSON.stringify(r?.body)}`).toBe(200);
  }
  return id;
}

async function getBytes(ts: TestStore, c: TestClient, url: string) {
  const r = await ts.app.inject({ method: 'GET', url, headers: { cookie: (c as any).cookieHeader() } });
  return { status: r.statusCode, bytes: r.rawPayload };
}

describeEachDb(
  'security: documents sealed at rest',
  (ctx) => {
    it('keeps the signed application, the signature and the receipt sealed, and every reader opens them', async () => {
      const ts = ctx();
      const c = ts.client();
      const id = await completedWithHealthAnswers(ts, c);
      const e = await ts.db.selectFrom('enrollments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const doc = await ts.db
        .selectFrom('issued_documents')
        .selectAll()
        .where('enrollment_id', '=', id)
        .where('kind', '=', 'signed-application')
        .executeTakeFirstOrThrow();
      const tabs = e.tabs as Record<string, any>;
      const signatureId = ts.app.sealer.openJson<{ signature_media_id: string }>(
        tabs.aggrement_info._sealed,
        inEnrollmentTabs(id),
      ).signature_media_id;
      const receiptId = tabs.receipt.media_id as string;
      const ids = [doc.media_id!, signatureId, receiptId];
      const rows = await ts.db.selectFrom('media').select(['id', 'data', 'private']).where('id', 'in', ids).execute();
      expect(rows.length).toBe(3);
      for (const row of rows) {
        const stored = Buffer.from(row.data);
        expect(row.private, row.id).toBe(true);
        expect(stored.subarray(0, 3).toString('latin1'), row.id).toBe('b2.');
        for (const clear of [PDF_HEAD, PNG_HEAD, Buffer.from(CONDITION), Buffer.from(NOTES), SIGNATURE_PNG])
          expect(stored.includes(clear), `${row.id} holds ${clear.toString('latin1')}`).toBe(false);
        // Bound to its row: under another media id it does not open.
        expect(() => ts.app.sealer.openBytes(stored, privateMediaContext(`${row.id}x`))).toThrow();
      }

      // The download: the PDF's plain bytes, whose text holds the answers, and whose SHA-256 verify-document knows.
      const pdf = await getBytes(ts, c, `/api/v1/get-signed-application?enrollment_id=${id}`);
      expect(pdf.status).toBe(200);
      expect(pdf.bytes.subarray(0, 4).equals(PDF_HEAD)).toBe(true);
      expect(sha256(pdf.bytes)).toBe(doc.sha256);
      const text = (await pdfUnicodeText(pdf.bytes)).replace(/\s+/g, ' ');
      expect(text).toContain(`${QUESTION_141}: Yes`);
      expect(text).toContain(`Additional Notes: ${NOTES}`);
      const verified = await ts.app.inject({
        method: 'POST',
        url: '/api/v1/verify-document',
        payload: pdf.bytes,
        headers: { 'content-type': 'application/pdf' },
      });
      expect(verified.json().data).toMatchObject({ valid: true, confirmation_number: e.confirmation_number });
      const receipt = await getBytes(ts, c, `/api/v1/get-receipt-pdf?enrollment_id=${id}`);
      expect(receipt.status).toBe(200);
      expect(receipt.bytes.subarray(0, 4).equals(PDF_HEAD)).toBe(true);

      // The operator console's copies.
      const op = ts.client();
      await op.signIn(DEMO.operator.email, DEMO.operator.password);
      const consolePdf = await getBytes(ts, op, `/api/admin/enrollments/${id}/signed-application`);
      expect(consolePdf.status).toBe(200);
      expect(sha256(consolePdf.bytes)).toBe(doc.sha256);
      const consoleImage = await getBytes(ts, op, `/api/admin/media/${signatureId}`);
      expect(consoleImage.status).toBe(200);
      expect(consoleImage.bytes.equals(SIGNATURE_PNG)).toBe(true);
      expect(sha256((await getBytes(ts, op, `/api/admin/media/${doc.media_id}`)).bytes)).toBe(doc.sha256);

      // The receipt mail's attachments, as the mail server received them.
      await ts.app.mailer.flush();
      const mail = received.find((m) => m.includes(`signed-application-${e.confirmation_number}.pdf`));
      expect(mail, 'receipt mail received').toBeDefined();
      const attached = attachment(mail!, `signed-application-${e.confirmation_number}.pdf`);
      expect(attached && sha256(attached)).toBe(doc.sha256);
      const attachedReceipt = attachment(mail!, `enrollment-receipt-${e.confirmation_number}.pdf`);
      expect(attachedReceipt?.subarray(0, 4).equals(PDF_HEAD)).toBe(true);
    }, 120_000);

    it('npm run rotate-keys seals private files stored in clear before, and leaves public media as they are', async () => {
      const ts = ctx();
      const plainPdf = Buffer.from('%PDF-1.7 stored before sealing');
      const suffix = crypto.randomUUID();
      await ts.db
        .insertInto('media')
        .values([
          { id: `signed-application-${suffix}`, content_type: 'application/pdf', data: plainPdf, private: true },
          { id: `signature-${suffix}`, content_type: 'image/png', data: SIGNATURE_PNG, private: true },
          { id: `logo-${suffix}`, content_type: 'image/png', data: SIGNATURE_PNG, private: false },
        ])
        .execute();
      // Stored in clear, it is still read (until the rotation seals it).
      const op = ts.client();
      await op.signIn(DEMO.operator.email, DEMO.operator.password);
      expect((await getBytes(ts, op, `/api/admin/media/signed-application-${suffix}`)).bytes.equals(plainPdf)).toBe(true);

      const ring = parseKeyring(DATA_KEY);
      const report = await rotateSealedValues(ts.db, ring, { batchSize: 1 });
      expect(report.resealed['media.data']).toBeGreaterThanOrEqual(2);
      const rows = await ts.db.selectFrom('media').select(['id', 'data']).where('id', 'like', `%${suffix}`).orderBy('id').execute();
      const byId = new Map(rows.map((r) => [r.id, Buffer.from(r.data)]));
      const sealer = new Sealer(ring);
      for (const [mid, plain] of [
        [`signed-application-${suffix}`, plainPdf],
        [`signature-${suffix}`, SIGNATURE_PNG],
      ] as const) {
        const stored = byId.get(mid)!;
        expect(stored.subarray(0, 3).toString('latin1')).toBe('b2.');
        expect(sealer.openBytes(stored, privateMediaContext(mid)).equals(plain)).toBe(true);
      }
      expect(byId.get(`logo-${suffix}`)!.equals(SIGNATURE_PNG)).toBe(true);
      expect((await getBytes(ts, op, `/api/admin/media/signed-application-${suffix}`)).bytes.equals(plainPdf)).toBe(true);
      // Run again: nothing left in clear.
      expect((await rotateSealedValues(ts.db, ring)).resealed['media.data']).toBeUndefined();
    }, 60_000);
  },
  { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, DATA_KEY },
);
