import zlib from 'node:zlib';
import { expect, it } from 'vitest';
import { SIGNATURE_IMAGE_TOO_LARGE, SIGNATURE_MAX_HEIGHT, SIGNATURE_MAX_WIDTH } from '@store/domain/agreement';
import { TEXT } from '@store/domain/texts';
import { describeEachDb, type TestStore } from '../helpers/store.ts';
import type { TestClient } from '../helpers/client.ts';
import { agree, consentAndAuthorize, EFT, enrollmentAtStepFive, enrollWith } from '../enrollment/finish/helpers.ts';
import { inEnrollmentTabs } from '../../src/db/sealed-columns.ts';

/**
 * A signature image cannot stall the store (issue 34, finding 8): the signed application decodes it whole, so the
 * store reads the PNG's header when it is saved and refuses one larger than the signature pad makes (its width is the
 * form's, 1120 CSS px at most, and 160 px high, times the screen's pixel ratio), and checks again before embedding.
 */
function chunk(type: string, data: Buffer) {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(zlib.crc32(body), 8 + data.length);
  return out;
}
const ihdr = (width: number, height: number, bitDepth = 8, colourType = 6) => {
  const d = Buffer.alloc(13);
  d.writeUInt32BE(width, 0);
  d.writeUInt32BE(height, 4);
  d[8] = bitDepth;
  d[9] = colourType;
  return chunk('IHDR', d);
};
const SIG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** A white RGBA PNG of this size, whole and valid (what a pad of that size makes, blank). */
function whitePng(width: number, height: number, extra: Buffer[] = []) {
  const row = Buffer.alloc(1 + width * 4, 0xff);
  row[0] = 0;
  const raw = Buffer.alloc(row.length * height);
  for (let y = 0; y < height; y++) row.copy(raw, y * row.length);
  return Buffer.concat([SIG, ihdr(width, height), ...extra, chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}
/** A small file declaring a huge image: its pixels would only be made when decoded. */
const bomb = (width: number, height: number) =>
  Buffer.concat([SIG, ihdr(width, height), chunk('IDAT', zlib.deflateSync(Buffer.alloc(1000))), chunk('IEND', Buffer.alloc(0))]);
const dataUrl = (b: Buffer) => `data:image/png;base64,${b.toString('base64')}`;

async function signatureMediaId(ts: TestStore, id: string): Promise<string | undefined> {
  const e = await ts.db.selectFrom('enrollments').select('tabs').where('id', '=', id).executeTakeFirstOrThrow();
  const sealed = (e.tabs as Record<string, any>).aggrement_info?._sealed as string | undefined;
  return sealed ? ts.app.sealer.openJson<{ signature_media_id?: string }>(sealed, inEnrollmentTabs(id)).signature_media_id : undefined;
}

async function tabsAfterContact(c: TestClient, id: string): Promise<string[]> {
  const tabs: string[] = (await c.get('/get-dynamic-tabs', { enrollment_id: id })).body.data
    .filter((t: any) => t.required)
    .map((t: any) => t.tab_name);
  return tabs.slice(tabs.indexOf('contact_info') + 1);
}

describeEachDb('security: signature images are bounded', (ctx) => {
  it('refuses, beside the signature, a PNG declaring more pixels than the pad makes, storing nothing', async () => {
    const ts = ctx();
    const c = ts.client();
    const id = await enrollmentAtStepFive(ts, c);
    expect((await c.post('/api/v1/save-review-info', { enrollment_id: id, additional_notes: '' })).status).toBe(200);
    await consentAndAuthorize(c, id);
    const save = (png: Buffer) =>
      c.post('/api/v1/save-agreement-info', { enrollment_id: id, agreements: [true, true, true], signature: dataUrl(png) });
    const tooLarge = [{ target_element: 'signature', error_message: SIGNATURE_IMAGE_TOO_LARGE }];
    const before = await ts.db.selectFrom('media').select('id').where('id', 'like', 'signature-%').execute();
    for (const png of [bomb(20_000, 20_000), bomb(SIGNATURE_MAX_WIDTH + 1, 100), bomb(100, SIGNATURE_MAX_HEIGHT + 1)]) {
      const r = await save(png);
      expect(r.status, `${png.length} bytes`).toBe(422);
      expect(r.body.data).toEqual(tooLarge);
    }
    // Not a PNG a pad makes: 16 bits a channel, an animation (every frame decoded), a header that is not IHDR.
    const notOurs = [{ target_element: 'signature', error_message: TEXT.SIGNATURE_REQUIRED }];
    const animated = whitePng(10, 10, [chunk('acTL', Buffer.from([0, 0, 0, 1, 0, 0, 0, 0]))]);
    for (const png of [Buffer.concat([SIG, ihdr(10, 10, 16, 6)]), animated, Buffer.concat([SIG, chunk('tEXt', Buffer.from('a'))])]) {
      const r = await save(png);
      expect(r.status).toBe(422);
      expect(r.body.data).toEqual(notOurs);
    }
    const after = await ts.db.selectFrom('media').select('id').where('id', 'like', 'signature-%').execute();
    expect(after.length).toBe(before.length);
    expect(await signatureMediaId(ts, id)).toBeUndefined();

    // The largest pad of a 4x screen: the form's width and the pad's height, times 4.
    const r = await save(whitePng(1120 * 4, 160 * 4));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }, 60_000);

  it('leaves a stored image larger than the pad out of the signed application (checked again before embedding)', async () => {
    const ts = ctx();
    const c = ts.client();
    const id = await enrollmentAtStepFive(ts, c);
    for (const tab of await tabsAfterContact(c, id)) {
      let r: { status: number; body: any } | undefined;
      if (tab === 'billing_info') r = await enrollWith(c, id, EFT);
      if (tab === 'agreement_info') {
        r = await agree(c, id);
        // As if saved before the check: a whole, valid PNG of 8000 x 2000 pixels.
        const mediaId = await signatureMediaId(ts, id);
        await ts.db
          .updateTable('media')
          .set({ data: whitePng(8000, 2000) })
          .where('id', '=', mediaId!)
          .execute();
      }
      if (tab === 'review_info') r = await c.post('/api/v1/save-review-info', { enrollment_id: id, additional_notes: '' });
      expect(r?.status, `${tab}: ${JSON.stringify(r?.body)}`).toBe(200);
    }
    const doc = await ts.db
      .selectFrom('issued_documents')
      .select('sha256')
      .where('enrollment_id', '=', id)
      .where('kind', '=', 'signed-application')
      .executeTakeFirst();
    expect(doc).toBeDefined();
    // No image in the PDF (the signature's record and its text stay).
    const got = await ts.app.inject({
      method: 'GET',
      url: `/api/v1/get-signed-application?enrollment_id=${id}`,
      headers: { cookie: (c as any).cookieHeader() },
    });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(got.rawPayload.includes('/Subtype /Image')).toBe(false);
  }, 60_000);
});
