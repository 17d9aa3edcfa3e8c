import crypto from 'node:crypto';
import http from 'node:http';
import { expect, it } from 'vitest';
import { SCREENSHOT_LIMITS, TOO_MANY_SCREENSHOTS } from '@store/domain/abuse-limits';
import { describeEachDb, type TestStore } from '../helpers/store.ts';
import { DEMO, type TestClient } from '../helpers/client.ts';
import { newEnrollment } from '../enrollment/helpers.ts';
import { purgeScreenshots } from '../../src/modules/quote/screenshots.ts';

/**
 * Step screenshots cannot fill the disk: a PNG of at most 1.5 MB, the latest of each step replacing the one before,
 * a bounded number of steps per enrollment, and gone with an enrollment left unfinished. The console shows them.
 */
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const png = (bytes: number) => Buffer.concat([SIGNATURE, crypto.randomBytes(bytes - SIGNATURE.length)]);
const dataUrl = (b: Buffer) => `data:image/png;base64,${b.toString('base64')}`;
const upload = (c: TestClient, id: string, name: string, image: Buffer | string) =>
  c.post('/api/v1/save-screenshot', { enrollment_id: id, name, image: typeof image === 'string' ? image : dataUrl(image) });

/** The image bytes as the console serves them. */
function consoleImage(ts: TestStore, operator: TestClient, path: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    http
      .get(new URL(path, ts.baseUrl), { headers: { cookie: [...operator.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('end', () => resolve(Buffer.concat(chunks)));
      })
      .on('error', reject);
  });
}

describeEachDb('security: step screenshots are bounded', (ctx) => {
  it('keeps only the latest screenshot of a step, and the console shows it', async () => {
    const ts = ctx();
    const c = ts.client();
    const id = await newEnrollment(ts, c);
    let last = png(1000);
    for (let i = 0; i < 15; i++) {
      last = png(200_000 + i);
      expect((await upload(c, id, 'personal-info', last)).status).toBe(200);
    }
    expect((await upload(c, id, 'cart', png(500))).status).toBe(200);
    const rows = await ts.db.selectFrom('screenshots').select(['name', 'image']).where('enrollment_id', '=', id).orderBy('name').execute();
    expect(rows.map((r) => r.name)).toEqual(['cart', 'personal-info']);
    // The PNG's own bytes sealed (b2: header, iv, tag, ciphertext), not the text of its base64: its size, nothing in clear.
    const stored = Buffer.from(rows[1].image);
    expect(stored.subarray(0, 3).toString('latin1')).toBe('b2.');
    expect(stored.length).toBe(stored.indexOf(0x2e, 3) + 1 + 12 + 16 + last.length);
    expect(stored.includes(last.subarray(0, 16))).toBe(false);
    const operator = ts.client();
    await operator.signIn(DEMO.operator.email, DEMO.operator.password);
    const detail = await operator.get(`/api/admin/enrollments/${id}`);
    expect(detail.status).toBe(200);
    const shot = detail.body.data.screenshots.find((s: { name: string }) => s.name === 'personal-info');
    expect(Buffer.compare(await consoleImage(ts, operator, `/api/admin/enrollments/${id}/screenshots/${shot.id}`), last)).toBe(0);
  });

  it('refuses a PNG over 1.5 MB and anything that is not a PNG, beside the image, storing nothing', async () => {
    const ts = ctx();
    const c = ts.client();
    const id = await newEnrollment(ts, c);
    const tooLarge = await upload(c, id, 'personal-info', png(SCREENSHOT_LIMITS.maxBytes + 1));
    expect(tooLarge.status).toBe(422);
    expect(tooLarge.body.data).toEqual([{ target_element: 'image', error_message: 'The image is too large' }]);
    // The 1.9 MB images of the report do not get that far.
    expect((await upload(c, id, 'personal-info', png(1_900_000))).body).toEqual({ status: 'error', message: 'The request is too large.' });
    const notPng = await upload(c, id, 'personal-info', Buffer.concat([SIGNATURE.subarray(0, 4), Buffer.from('not a png at all')]));
    expect(notPng.body.data).toEqual([{ target_element: 'image', error_message: 'The image must be a PNG data URL' }]);
    expect(await ts.db.selectFrom('screenshots').select('id').where('enrollment_id', '=', id).execute()).toEqual([]);
    expect((await upload(c, id, 'personal-info', png(SCREENSHOT_LIMITS.maxBytes))).status).toBe(200);
  });

  it(`keeps at most ${SCREENSHOT_LIMITS.stepsPerEnrollment} steps of an enrollment`, async () => {
    const ts = ctx();
    const c = ts.client();
    const id = await newEnrollment(ts, c);
    for (let i = 0; i < SCREENSHOT_LIMITS.stepsPerEnrollment; i++) expect((await upload(c, id, `step-${i}`, png(100))).status).toBe(200);
    const r = await upload(c, id, 'one-more', png(100));
    expect(r.status).toBe(422);
    expect(r.body.data).toEqual([{ target_element: 'name', error_message: TOO_MANY_SCREENSHOTS }]);
    // A step already kept may still be replaced.
    expect((await upload(c, id, 'step-0', png(100))).status).toBe(200);
    expect(await ts.db.selectFrom('screenshots').select('id').where('enrollment_id', '=', id).execute()).toHaveLength(
      SCREENSHOT_LIMITS.stepsPerEnrollment,
    );
  });

  it('purges the screenshots of an enrollment left unfinished past its resume time, and keeps the others', async () => {
    const ts = ctx();
    const c = ts.client();
    const [stale, fresh, done] = [await newEnrollment(ts, c), await newEnrollment(ts, c), await newEnrollment(ts, c)];
    for (const id of [stale, fresh, done]) expect((await upload(c, id, 'cart', png(100))).status).toBe(200);
    const old = new Date(Date.now() - 31 * 86400_000);
    await ts.db.updateTable('enrollments').set({ updated_at: old }).where('id', 'in', [stale, done]).execute();
    await ts.db.updateTable('enrollments').set({ status: 'completed' }).where('id', '=', done).execute();
    await purgeScreenshots(ts.app);
    const left = await ts.db.selectFrom('screenshots').select('enrollment_id').where('enrollment_id', 'in', [stale, fresh, done]).execute();
    expect(left.map((r) => r.enrollment_id).sort()).toEqual([fresh, done].sort());
  });
});
