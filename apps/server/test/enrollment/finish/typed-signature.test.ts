import { expect, it } from 'vitest';
import { TYPED_NAME_REQUIRED } from '@store/domain/agreement';
import { describeEachDb, type TestStore } from '../../helpers/store.ts';
import { agree, consentAndAuthorize, enrollmentAtStepFive, SIGNATURE } from './helpers.ts';
import { inEnrollmentTabs } from '../../../src/db/sealed-columns.ts';

async function agreementOf(ts: TestStore, id: string) {
  const { tabs } = await ts.db.selectFrom('enrollments').select('tabs').where('id', '=', id).executeTakeFirstOrThrow();
  const tab = (tabs as any).aggrement_info;
  return { tab, sealed: ts.app.sealer.openJson<Record<string, string>>(tab._sealed, inEnrollmentTabs(id)) };
}

/** The steps before the agreement in the server's order (the review comes first: decision 2530). */
async function toAgreement(ts: TestStore, c: ReturnType<TestStore['client']>) {
  const id = await enrollmentAtStepFive(ts, c);
  expect((await c.post('/api/v1/save-review-info', { enrollment_id: id, additional_notes: '' })).status).toBe(200);
  await consentAndAuthorize(c, id);
  return id;
}

describeEachDb('typed signature', (ctx) => {
  it('records a typed signature like a drawn one: how, the typed name, when, and sealed address and browser', async () => {
    const ts = ctx();
    const c = ts.client();
    const drawnId = await toAgreement(ts, c);
    const before = Date.now();
    expect(
      (
        await c.request('POST', '/api/v1/save-agreement-info', {
          body: { enrollment_id: drawnId, agreements: [true, true, true], signature: SIGNATURE },
          headers: { 'user-agent': 'Drawn Browser/1.0' },
        })
      ).status,
    ).toBe(200);
    const drawn = await agreementOf(ts, drawnId);
    expect(drawn.tab.signature_record).toEqual({ method: 'drawn', typed_name: null, signed_at: expect.any(String) });
    expect(Date.parse(drawn.tab.signature_record.signed_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(drawn.sealed).toEqual({
      signature_media_id: expect.stringMatching(/^signature-/),
      signed_ip: expect.stringMatching(/127\.0\.0\.1/),
      signed_user_agent: 'Drawn Browser/1.0',
    });

    const typedId = await toAgreement(ts, c);
    const r = await c.request('POST', '/api/v1/save-agreement-info', {
      body: {
        enrollment_id: typedId,
        agreements: [true, true, true],
        signature: SIGNATURE,
        signature_method: 'typed',
        typed_name: '  Dana Whitfield ',
      },
      headers: { 'user-agent': 'Typed Browser/2.0' },
    });
    expect(r.status).toBe(200);
    const typed = await agreementOf(ts, typedId);
    expect(typed.tab).toMatchObject({ mode: 'applicant', user_name: 'Dana Whitfield', signed: true });
    expect(typed.tab.signature_record).toEqual({ method: 'typed', typed_name: 'Dana Whitfield', signed_at: expect.any(String) });
    expect(typed.sealed).toEqual({
      signature_media_id: expect.stringMatching(/^signature-/),
      signed_ip: expect.stringMatching(/127\.0\.0\.1/),
      signed_user_agent: 'Typed Browser/2.0',
    });
    // The same shape either way; the address and browser are not readable in the stored tab.
    expect(Object.keys(typed.tab).sort()).toEqual(Object.keys(drawn.tab).sort());
    expect(JSON.stringify(typed.tab)).not.toContain('Typed Browser');
    const media = await ts.db
      .selectFrom('media')
      .select(['content_type', 'private'])
      .where('id', '=', typed.sealed.signature_media_id)
      .executeTakeFirstOrThrow();
    expect(media).toEqual({ content_type: 'image/png', private: true });

    // Saving again without a new image keeps the record of the signature on file.
    expect((await agree(c, typedId, { signature: undefined })).status).toBe(200);
    expect((await agreementOf(ts, typedId)).tab.signature_record).toEqual(typed.tab.signature_record);
  });

  it('refuses a typed signature without a typed name (422 beside the field)', async () => {
    const ts = ctx();
    const c = ts.client();
    const id = await toAgreement(ts, c);
    for (const typed_name of [undefined, '', '   ']) {
      const r = await agree(c, id, { signature_method: 'typed', typed_name });
      expect(r.status).toBe(422);
      expect(r.body.data).toEqual([{ target_element: 'typed_name', error_message: TYPED_NAME_REQUIRED }]);
    }
    const bad = await agree(c, id, { signature_method: 'stamped' });
    expect(bad.status).toBe(422);
    const { tabs } = await ts.db.selectFrom('enrollments').select('tabs').where('id', '=', id).executeTakeFirstOrThrow();
    expect((tabs as any).aggrement_info).toBeUndefined();
  });
});
