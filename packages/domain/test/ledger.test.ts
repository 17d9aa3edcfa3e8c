import { describe, expect, it } from 'vitest';
import { achDeliveryOf, ACH_DELIVERY_TEXT, amountToCents, paymentStanding, totalsOf, ZLedgerQuery, ZRefundRequest } from '../src/ledger.ts';

const p = (status: Parameters<typeof paymentStanding>[0][number]['status'], due_on = '2026-12-05', attempts = 1) => ({
  status,
  due_on,
  attempts,
});

describe('the payment standing', () => {
  it('is current when every payment is paid, submitted or not yet tried', () => {
    expect(paymentStanding([], '2026-12-06')).toBe('current');
    expect(paymentStanding([p('succeeded'), p('submitted'), p('pending', '2027-01-05', 0)], '2026-12-06')).toBe('current');
  });
  it('is retrying while a declined, unanswered or re-presented payment waits for its next try', () => {
    for (const s of [p('declined'), p('unknown'), p('pending', '2026-12-05', 1)])
      expect(paymentStanding([p('succeeded'), s], '2026-12-06')).toBe('retrying');
  });
  it('is in grace once a payment failed for good or was returned, through the 31st day after its due date, then ended', () => {
    for (const s of ['failed', 'returned'] as const) {
      expect(paymentStanding([p(s)], '2027-01-05')).toBe('in_grace');
      expect(paymentStanding([p(s)], '2027-01-06')).toBe('ended');
    }
    expect(paymentStanding([p('declined')], '2027-01-06')).toBe('ended');
    expect(paymentStanding([p('failed')], '2026-12-20', { graceDays: 10 })).toBe('ended');
    expect(paymentStanding([p('succeeded')], '2026-12-20', { ended: true })).toBe('ended');
  });
  it('takes the worst of the payments', () => {
    expect(paymentStanding([p('declined', '2027-01-05'), p('failed', '2026-12-20')], '2027-01-06')).toBe('in_grace');
  });
});

describe("the console's ledger query and refund", () => {
  it('needs one of confirmation, member or day, and a real day', () => {
    expect(ZLedgerQuery.safeParse({}).error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['confirmation', 'Give a confirmation number, a member or a day.'],
    ]);
    expect(ZLedgerQuery.safeParse({ date: '2028-02-29' }).success).toBe(true);
    expect(ZLedgerQuery.safeParse({ date: '2027-02-29' }).success).toBe(false);
    expect(ZLedgerQuery.safeParse({ member: 'a@b.org' }).success).toBe(true);
  });
  it('takes an amount in dollars and cents, more than zero, as whole cents', () => {
    const ok = (amount: string) => ZRefundRequest.safeParse({ payment_id: 1, amount, reason: 'x', key: 'abcdefgh' }).success;
    expect(['0.01', '10', '10.5', '31.99', '1234567.89'].map(ok)).toEqual([true, true, true, true, true]);
    expect(['0', '0.00', '-1', '1.234', '1e3', '', 'ten'].map(ok)).toEqual([false, false, false, false, false, false, false]);
    expect(['0.01', '10', '10.5', '31.99', '1234567.89'].map(amountToCents)).toEqual([1, 1000, 1050, 3199, 123456789]);
  });
  it('sums rows per method and kind', () => {
    expect(
      totalsOf([
        { method: 'card', kind: 'payment', amount_cents: 3199 },
        { method: 'card', kind: 'payment', amount_cents: 100 },
        { method: 'eft', kind: 'return', amount_cents: 3199 },
      ]),
    ).toMatchObject({ card: { payment: 3299, refund: 0 }, eft: { return: 3199 }, list_bill: { payment: 0 } });
  });
});

describe("a NACHA file's delivery to the bank (decision 2670)", () => {
  const file = { delivered_at: null, delivery_attempts: 0, delivery_error: null, purged_at: null };
  it.each([
    ['kept for the bank in the folder', file, 'folder', { status: 'folder' }],
    ['waiting for its first upload', file, 'sftp', { status: 'waiting' }],
    [
      'delivered',
      { ...file, delivered_at: '2026-12-05T12:00:00.000Z', delivery_attempts: 1 },
      'sftp',
      { status: 'delivered', at: '2026-12-05T12:00:00.000Z' },
    ],
    [
      'retrying',
      { ...file, delivery_attempts: 2, delivery_error: 'refused' },
      'sftp',
      { status: 'retrying', attempts: 2, error: 'refused' },
    ],
    [
      'failed from the alert threshold on',
      { ...file, delivery_attempts: 6, delivery_error: 'refused' },
      'sftp',
      { status: 'failed', attempts: 6, error: 'refused' },
    ],
    [
      'failed when the retention deleted it first',
      { ...file, purged_at: '2027-01-04T05:00:00.000Z' },
      'sftp',
      { status: 'failed', attempts: 0, error: ACH_DELIVERY_TEXT.DELETED_UNSENT },
    ],
  ] as const)('%s', (_name, f, method, expected) => {
    expect(achDeliveryOf(f, method, 6)).toEqual(expected);
  });
});
