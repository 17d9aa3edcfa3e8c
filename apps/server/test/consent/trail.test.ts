import { expect, it } from 'vitest';
import { sql } from 'kysely';
import { AUTHORIZATION_REQUIRED, ESIGN_REQUIRED, ESIGN_VERSION } from '@store/domain/consent';
import { describeEachDb, type TestStore } from '../helpers/store.ts';
import { agree, EFT, enrollmentAtStepFive, finish, PERSONAL, SIGNATURE, enrollWith, reviewAndAgree } from '../enrollment/finish/helpers.ts';
import { verifyTrail } from '../../src/modules/trail/service.ts';
import { openedMail } from '../helpers/mail.ts';

type Client = ReturnType<TestStore['client']>;
const eventsOf = (ts: TestStore, id: string) =>
  ts.db.selectFrom('enrollment_events').selectAll().where('enrollment_id', '=', id).orderBy('seq').execute();

async function completedWithEft(ts: TestStore, c: Client) {
  const id = await enrollmentAtStepFive(ts, c);
  await finish(c, id, () => enrollWith(c, id, EFT));
  return id;
}

describeEachDb('audit trail (issue 22)', (ctx) => {
  it('records each step, the consent, the texts, the signature, the authorization and the completion, chained by hash', async () => {
    const ts = ctx();
    const c = ts.client();
    const id = await completedWithEft(ts, c);
    const events = await eventsOf(ts, id);
    const types = events.map((e) => e.event_type);
    for (const t of ['step_saved', 'esign_consent', 'payment_authorized', 'agreement_shown', 'signature', 'completed', 'documents_sent'])
      expect(types).toContain(t);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    const signature = events.find((e) => e.event_type === 'signature')!;
    expect(signature).toMatchObject({ identified_by: 'session', ip: expect.stringMatching(/127\.0\.0\.1/) });
    expect(signature.detail).toMatchObject({ method: 'drawn' });
    const esign = events.find((e) => e.event_type === 'esign_consent')!;
    expect(esign.detail).toMatchObject({ version: ESIGN_VERSION, text_sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const shown = events.find((e) => e.event_type === 'agreement_shown')!;
    expect((shown.detail as any).texts).toHaveLength(3);
    expect(await verifyTrail(ts.db, id)).toMatchObject({ events: events.length, problems: [] });
    // Nothing sensitive, unmasked: not the account, routing or social security number.
    const all = JSON.stringify(events);
    for (const secret of [EFT.account_number, EFT.routing_number, PERSONAL.ssn]) expect(all).not.toContain(secret);
  });

  it('finds an edited row and a deleted row', async () => {
    const ts = ctx();
    const c = ts.client();
    const id = await completedWithEft(ts, c);
    const events = await eventsOf(ts, id);
    const sig = events.find((e) => e.event_type === 'signature')!;
    await ts.db.updateTable('enrollment_events').set({ ip: '203.0.113.9' }).where('id', '=', sig.id).execute();
    const edited = await verifyTrail(ts.db, id);
    expect(edited.problems).toEqual([
      { enrollment_id: id, seq: sig.seq, problem: 'hash does not match its contents (the row was edited)' },
    ]);
    // Recomputing the edited row's own hash does not help: the next row's prev_hash no longer matches.
    await ts.db.updateTable('enrollment_events').set({ ip: sig.ip }).where('id', '=', sig.id).execute();
    expect((await verifyTrail(ts.db, id)).problems).toEqual([]);
    await ts.db.deleteFrom('enrollment_events').where('id', '=', events[2].id).execute();
    const deleted = await verifyTrail(ts.db, id);
    expect(deleted.problems.length).toBeGreaterThan(0);
    expect(deleted.problems[0]).toMatchObject({ seq: events[3].seq });
    await ts.db
      .updateTable('enrollment_events')
      .set({ detail: sql`detail || '{"x":1}'::jsonb` as never })
      .where('id', '=', events[0].id)
      .execute();
    expect((await verifyTrail(ts.db)).problems.some((p) => p.enrollment_id === id && p.seq === 1)).toBe(true);
  });

  it('refuses a signature before the ESIGN consent, and the completion before the payment authorization (422 beside the field)', async () => {
    const ts = ctx();
    const c = ts.client();
    const id = await enrollmentAtStepFive(ts, c);
    expect((await c.post('/api/v1/save-review-info', { enrollment_id: id, additional_notes: '' })).status).toBe(200);
    const body = { enrollment_id: id, agreements: [true, true, true], signature: SIGNATURE };
    const noConsent = await c.post('/api/v1/save-agreement-info', body);
    expect(noConsent.status).toBe(422);
    expect(noConsent.body.data).toEqual([{ target_element: 'esign_consent', error_message: ESIGN_REQUIRED }]);
    expect((await c.post('/api/v1/give-esign-consent', { enrollment_id: id, version: 'old', agreed: true })).status).toBe(422);
    expect((await c.post('/api/v1/give-esign-consent', { enrollment_id: id, version: ESIGN_VERSION, agreed: true })).status).toBe(200);
    // Someone else's browser cannot consent for this enrollment.
    expect((await ts.client().post('/api/v1/give-esign-consent', { enrollment_id: id, version: ESIGN_VERSION, agreed: true })).status).toBe(
      404,
    );
    // The agreement comes before the billing (decision 2530): signed without any payment yet.
    expect((await agree(c, id)).status).toBe(200);
    // The billing step's last Next without the authorization accepted: refused beside the box, nothing completed.
    const noAuth = await c.post('/api/v1/save-billing-info', { enrollment_id: id, ...EFT, first_enroll: 1 });
    expect(noAuth.status).toBe(422);
    expect(noAuth.body.data).toEqual([{ target_element: 'payment_authorization', error_message: AUTHORIZATION_REQUIRED }]);
    const e = await ts.db.selectFrom('enrollments').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    expect(e.status).not.toBe('completed');
    expect((await enrollWith(c, id, EFT)).status).toBe(200);
  });

  it('shows the EFT authorization with the amounts, the day and how to revoke, and mails the payer a copy', async () => {
    const ts = ctx();
    const c = ts.client();
    const id = await enrollmentAtStepFive(ts, c);
    await reviewAndAgree(c, id);
    expect((await c.post('/api/v1/save-billing-info', { enrollment_id: id, ...EFT })).status).toBe(200);
    const cart = (await c.get('/api/v1/get-plan-cart', { enrollment_id: id })).body.data.summary;
    const a = (await c.get('/api/v1/get-payment-authorization', { enrollment_id: id })).body.data;
    expect(a).toMatchObject({ required: true, method: 'eft', accepted: false });
    expect(a.text).toContain(`I, ${EFT.account_name}, authorize Benefit Store to debit my account at ${EFT.bank_name} (xxxxxxxx9012).`);
    expect(a.text).toContain(`First debit: $${cart.initial}, by`);
    expect(a.text).toContain(`Then $${cart.recurring} on day 28 of each month`);
    expect(a.text).toContain('I may revoke this authorization at any time');
    expect(a.text).toContain('at least 3 business days before a debit');
    expect(a.text).not.toContain(EFT.account_number);
    const stale = await c.post('/api/v1/accept-payment-authorization', { enrollment_id: id, text_sha256: '0'.repeat(64), agreed: true });
    expect(stale.status).toBe(422);
    expect(
      (await c.post('/api/v1/accept-payment-authorization', { enrollment_id: id, text_sha256: a.text_sha256, agreed: true })).status,
    ).toBe(200);
    expect((await c.get('/api/v1/get-payment-authorization', { enrollment_id: id })).body.data.accepted).toBe(true);
    const mail = await ts.db
      .selectFrom('outbox')
      .selectAll()
      .where('enrollment_id', '=', id)
      .where('kind', '=', 'payment-authorization')
      .executeTakeFirstOrThrow();
    expect(openedMail(ts, mail).text).toContain(a.text);
    const kept = await ts.db.selectFrom('payment_authorizations').selectAll().where('enrollment_id', '=', id).executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ text: a.text, text_sha256: a.text_sha256, keep_until: null });
    // Changing the bank account asks again.
    expect((await c.post('/api/v1/save-billing-info', { enrollment_id: id, ...EFT, account_number: '999988887777' })).status).toBe(200);
    expect((await c.get('/api/v1/get-payment-authorization', { enrollment_id: id })).body.data.accepted).toBe(false);
  });
});
