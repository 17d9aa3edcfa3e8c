import { describe, expect, it } from 'vitest';
import { CARD_LIMITS } from '@store/domain/abuse-limits';
import { describeEachDb, TEST_DATABASE_URL, twoStoresSharingPostgres, type TestStore } from '../helpers/store.ts';
import type { TestClient } from '../helpers/client.ts';
import { newEnrollment } from '../enrollment/helpers.ts';
import { CARD, enrollmentAtStepFive, reviewAndAgree } from '../enrollment/finish/helpers.ts';
import { CARD_DECLINED } from '../../src/modules/enrollment/payment/payment-provider.ts';
import { DECLINED, useCountingProvider } from './counting-provider.ts';

/**
 * Card testing: a card reaches the payment provider only once the wizard's earlier steps are saved, and after
 * five refused cards for an enrollment, a session or a client address the provider is not called again for a
 * while (a wait that doubles after every further refusal), counted in the database by every store process.
 */
const provider = useCountingProvider();

/** An enrollment whose every step before billing is saved. */
async function atBilling(ts: TestStore, c: TestClient) {
  const id = await enrollmentAtStepFive(ts, c);
  const tabs: string[] = (await c.get('/get-dynamic-tabs', { enrollment_id: id })).body.data
    .filter((t: any) => t.required)
    .map((t: any) => t.tab_name);
  // Review, then sign, then pay (decision 2530).
  expect(tabs.slice(tabs.indexOf('contact_info') + 1, tabs.indexOf('billing_info'))).toEqual(['review_info', 'agreement_info']);
  await reviewAndAgree(c, id);
  return id;
}

const bill = (c: TestClient, id: string, card = DECLINED) => c.post('/api/v1/save-billing-info', { enrollment_id: id, ...card });

/** Forgets the refusals counted for the test's address and for the cards tried (fingerprints), not the rest. */
async function resetAddress(ts: TestStore) {
  await ts.db.deleteFrom('card_attempts').where('key', 'like', 'card:ip:%').execute();
  await ts.db.deleteFrom('card_attempts').where('key', 'like', 'card:fp:%').execute();
  await ts.db.deleteFrom('rate_limits').where('key', 'like', 'card-attempt:%').execute();
}

describeEachDb('security: card testing', (ctx) => {
  it('checks the earlier steps before the card goes to the provider', async () => {
    const ts = ctx();
    const c = ts.client();
    const id = await newEnrollment(ts, c);
    const before = provider.calls;
    const r = await bill(c, id, CARD);
    expect(r.status).toBe(422);
    expect(r.body.message).toBe('Please complete Personal Information first');
    expect(provider.calls).toBe(before);
  });

  it('after five refused cards for an enrollment answers 429 beside the card field without calling the provider, whatever the card', async () => {
    const ts = ctx();
    const c = ts.client();
    const id = await atBilling(ts, c);
    const before = provider.calls;
    for (let i = 0; i < CARD_LIMITS.declines; i++) {
      const r = await bill(c, id);
      expect(r.status).toBe(422);
      expect(r.body.data).toEqual([{ target_element: 'card_number', error_message: CARD_DECLINED }]);
    }
    expect(provider.calls - before).toBe(5);
    for (const card of [DECLINED, CARD]) {
      const r = await bill(c, id, card);
      expect(r.status).toBe(429);
      expect(r.body).toEqual({
        status: 'error',
        message: 'Too many cards were declined. Please try again in 15 minutes.',
        data: [{ target_element: 'card_number', error_message: 'Too many cards were declined. Please try again in 15 minutes.' }],
      });
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
      expect(Number(r.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
    }
    expect(provider.calls - before).toBe(5);
    const stored = await ts.db.selectFrom('enrollments').select('tabs').where('id', '=', id).executeTakeFirstOrThrow();
    expect((stored.tabs as Record<string, unknown>).payment_info).toBeUndefined();
    // The same session with another enrollment, and another browser from the same address, wait too.
    const other = await atBilling(ts, c);
    expect((await bill(c, other, CARD)).status).toBe(429);
    const stranger = ts.client();
    expect((await bill(stranger, await atBilling(ts, stranger), CARD)).status).toBe(429);
    expect(provider.calls - before).toBe(5);
  });

  it('makes the wait grow with every refusal after a wait', async () => {
    const ts = ctx();
    await resetAddress(ts);
    const c = ts.client();
    const id = await atBilling(ts, c);
    for (let i = 0; i < CARD_LIMITS.declines; i++) expect((await bill(c, id)).status).toBe(422);
    // The wait is over (moved into the past): one more refused card, and the next wait is twice as long.
    await ts.db
      .updateTable('card_attempts')
      .set({ blocked_until: new Date(Date.now() - 1000) })
      .execute();
    expect((await bill(c, id)).status).toBe(422);
    const r = await bill(c, id, CARD);
    expect(r.status).toBe(429);
    expect(r.body.message).toBe('Too many cards were declined. Please try again in 30 minutes.');
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(29 * 60);
  });

  it('lets a person whose card was refused a few times pay with another card', async () => {
    const ts = ctx();
    await resetAddress(ts);
    const c = ts.client();
    const id = await atBilling(ts, c);
    for (let i = 0; i < CARD_LIMITS.declines - 1; i++) expect((await bill(c, id)).status).toBe(422);
    const r = await bill(c, id, CARD);
    expect(r.status).toBe(200);
    expect(r.body.data.result).toMatchObject({ payment_method: 'cc', card_last4: '4242' });
  });
});

describe.skipIf(!TEST_DATABASE_URL)('security: card refusals counted by two store processes on one PostgreSQL', () => {
  const stores = twoStoresSharingPostgres();

  it('refuses the sixth card at either store once both together saw five refusals from one address', async () => {
    const { one, two } = stores();
    const before = provider.calls;
    const seen: number[] = [];
    for (let i = 0; i < CARD_LIMITS.declines; i++) {
      const store = i % 2 ? two : one;
      const c = store.client();
      seen.push((await bill(c, await atBilling(store, c))).status);
    }
    expect(seen).toEqual(Array(CARD_LIMITS.declines).fill(422));
    for (const store of [one, two]) {
      const c = store.client();
      expect((await bill(c, await atBilling(store, c), CARD)).status).toBe(429);
    }
    expect(provider.calls - before).toBe(CARD_LIMITS.declines);
  });
});
