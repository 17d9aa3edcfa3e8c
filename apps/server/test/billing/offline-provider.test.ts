import { describe, expect, it } from 'vitest';
import { LocalOfflineProvider } from '../../src/modules/enrollment/payment/payment-provider.ts';

const card = (number: string) => ({
  number,
  securityCode: '123',
  expMonth: '12',
  expYear: String(new Date().getFullYear() + 2),
  name: 'Jane Doe',
});

describe('the offline payment provider charges', () => {
  const provider = new LocalOfflineProvider();

  it('charges a saved card once per key: the same key again answers the same charge', async () => {
    const t = await provider.tokenizeCard(card('4242424242424242'));
    if (!t.ok) throw new Error('not tokenized');
    const first = await provider.charge(t.token, 3199, 'premium:e1:2027-01:1');
    expect(first).toMatchObject({ status: 'succeeded', chargeId: expect.stringMatching(/^ch_local_/) });
    expect(await provider.charge(t.token, 3199, 'premium:e1:2027-01:1')).toEqual(first);
    expect(await new LocalOfflineProvider().charge(t.token, 3199, 'premium:e1:2027-01:1')).toEqual(first);
    expect(await provider.charge(t.token, 3199, 'premium:e1:2027-02:2')).not.toEqual(first);
  });

  it('4000 0000 0000 0341 pays at enrollment and is declined on every later charge', async () => {
    const t = await provider.tokenizeCard(card('4000000000000341'));
    if (!t.ok) throw new Error('not tokenized');
    expect(t.last4).toBe('0341');
    expect((await provider.charge(t.token, 7499, 'premium:e2:2026-12:0')).status).toBe('succeeded');
    expect(await provider.charge(t.token, 7499, 'premium:e2:2027-01:1')).toEqual({
      status: 'declined',
      code: 'card_declined',
      message: 'The card was declined.',
    });
  });

  it('4000 0000 0000 9995 is declined for insufficient funds, first payment included', async () => {
    const t = await provider.tokenizeCard(card('4000000000009995'));
    if (!t.ok) throw new Error('not tokenized');
    expect(await provider.charge(t.token, 7499, 'premium:e3:2026-12:0')).toMatchObject({ status: 'declined', code: 'insufficient_funds' });
  });

  it('refuses an amount that is not a positive number of cents, and refunds only its own charges', async () => {
    await expect(provider.charge('tok_local_x', 0, 'k:1')).rejects.toThrow('positive number of cents');
    expect(await provider.refund('ch_other', 100, 'r:1')).toEqual({ status: 'failed', message: 'No such charge' });
    expect(await provider.refund('ch_local_abc', 100, 'r:1')).toMatchObject({ status: 'succeeded' });
  });
});
