import { expect, it } from 'vitest';
import { describeEachDb, type TestStore } from '../helpers/store.ts';
import { DEMO } from '../helpers/client.ts';
import { agree, CARD, EFT, enrollmentAtStepFive, enrollWith } from '../enrollment/finish/helpers.ts';
import { pdfUnicodeText } from '../helpers/pdf-unicode-text.ts';
import { markLastDebit } from '../../src/modules/consent/retention.ts';
import { purgeExpiredAuthorizations } from '../../src/modules/consent/repository.ts';

type Client = ReturnType<TestStore['client']>;
const get = async (ts: TestStore, c: Client, url: string) => {
  const r = await ts.app.inject({ method: 'GET', url, headers: { cookie: (c as any).cookieHeader() ?? '' } });
  return { status: r.statusCode, bytes: r.rawPayload };
};

async function completed(ts: TestStore, c: Client, billing: Record<string, unknown>, agreement: Record<string, unknown> = {}) {
  const id = await enrollmentAtStepFive(ts, c);
  const tabs: string[] = (await c.get('/get-dynamic-tabs', { enrollment_id: id })).body.data
    .filter((t: any) => t.required)
    .map((t: any) => t.tab_name);
  for (const tab of tabs.slice(tabs.indexOf('contact_info') + 1)) {
    let r: { status: number; body: any } | undefined;
    if (tab === 'billing_info') r = await enrollWith(c, id, billing);
    if (tab === 'agreement_info') r = await agree(c, id, agreement);
    if (tab === 'review_info') r = await c.post('/api/v1/save-review-info', { enrollment_id: id, additional_notes: '' });
    expect(r?.status, `${tab}: ${JSON.stringify(r?.body)}`).toBe(200);
  }
  return id;
}

describeEachDb('signed application: who may read it, its font, and how long authorizations are kept (issue 22)', (ctx) => {
  it('prints a typed name in any script, in Spanish when the steps were in Spanish', async () => {
    const ts = ctx();
    const c = ts.client();
    c.headers['accept-language'] = 'es';
    const id = await completed(ts, c, CARD, { signature_method: 'typed', typed_name: 'Dana Łukasiewicz-Nguyễn' });
    const r = await get(ts, c, `/api/v1/get-signed-application?enrollment_id=${id}`);
    expect(r.status).toBe(200);
    const text = (await pdfUnicodeText(r.bytes)).replace(/\s+/g, ' ');
    expect(text).toContain('/f/ Dana Łukasiewicz-Nguyễn');
    expect(text).toContain('Solicitud firmada');
    // The disclosure as it was agreed (the helper agreed to the English one), the rest in Spanish.
    expect(text).toContain('Consent to electronic records and signatures');
    expect(text).toContain('Consentimiento dado (versión esign-2026-11-24)');
    expect(text).toContain('Autorización de cargo a tarjeta.');
    expect(text).toContain('(typed)');
    expect(text).not.toContain(CARD.card_number);
    const trail = await ts.db.selectFrom('enrollment_events').select(['event_type', 'detail']).where('enrollment_id', '=', id).execute();
    expect(trail.find((e) => e.event_type === 'signature')?.detail).toMatchObject({
      method: 'typed',
      typed_name: 'Dana Łukasiewicz-Nguyễn',
    });
    expect(trail.map((e) => e.event_type)).toContain('document_downloaded');
  });

  it("is the enrolling browser's and the console's (with the operator's view in the trail), nobody else's: not the rep's", async () => {
    const ts = ctx();
    const c = ts.client();
    const id = await completed(ts, c, EFT);
    expect((await get(ts, c, `/api/v1/get-signed-application?enrollment_id=${id}`)).status).toBe(200);
    // The enrollment's rep and group administrator: the member's documents are not theirs (decision 2320).
    const e = await ts.db.selectFrom('enrollments').select('agent_id').where('id', '=', id).executeTakeFirstOrThrow();
    expect(e.agent_id).toBe(20001);
    for (const who of ['rep', 'group'] as const) {
      const staff = ts.client();
      await staff.signIn(DEMO[who].email, DEMO[who].password);
      expect((await get(ts, staff, `/api/v1/get-signed-application?enrollment_id=${id}`)).status, who).toBe(404);
    }
    const member = ts.client();
    await member.signIn(DEMO.member.email, DEMO.member.password);
    expect((await get(ts, member, `/api/v1/get-signed-application?enrollment_id=${id}`)).status).toBe(404);
    expect((await get(ts, member, `/api/admin/enrollments/${id}/signed-application`)).status).toBe(401);
    const op = ts.client();
    await op.signIn(DEMO.operator.email, DEMO.operator.password);
    const fromConsole = await get(ts, op, `/api/admin/enrollments/${id}/signed-application`);
    expect(fromConsole.status).toBe(200);
    expect(Buffer.from(fromConsole.bytes).subarray(0, 5).toString()).toBe('%PDF-');
    expect((await op.get(`/api/admin/enrollments/${id}`)).status).toBe(200);
    const viewed = await ts.db
      .selectFrom('enrollment_events')
      .selectAll()
      .where('enrollment_id', '=', id)
      .where('event_type', '=', 'operator_viewed')
      .orderBy('seq')
      .execute();
    expect(viewed.map((v) => v.detail)).toEqual([{ document: 'signed-application' }, { view: 'enrollment' }]);
    expect(viewed[0].identified_by).toMatch(/^operator#\d+$/);
  });

  it('keeps an authorization two years after the last debit, then the purge deletes it', async () => {
    const ts = ctx();
    const c = ts.client();
    const id = await completed(ts, c, EFT);
    const count = async () =>
      (await ts.db.selectFrom('payment_authorizations').select('id').where('enrollment_id', '=', id).execute()).length;
    expect(await count()).toBe(1);
    // No last debit yet (the coverage goes on): kept whatever the date.
    await purgeExpiredAuthorizations(ts.db, '2999-01-01');
    expect(await count()).toBe(1);
    await markLastDebit(ts.app, ts.db, id, '2026-03-01');
    expect(
      (await ts.db.selectFrom('payment_authorizations').select('keep_until').where('enrollment_id', '=', id).executeTakeFirstOrThrow())
        .keep_until,
    ).toMatch(/2028-03-01/);
    await purgeExpiredAuthorizations(ts.db, '2028-03-01');
    expect(await count()).toBe(1);
    await purgeExpiredAuthorizations(ts.db, '2028-03-02');
    expect(await count()).toBe(0);
  });
});
