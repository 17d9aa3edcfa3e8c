import { describe, expect, it } from 'vitest';
import { allocateGroupPayments, splitInProportion } from '../src/list-bill.ts';

/** Decision 2641: a group's payments allocated to its invoice lines, in cents that add up. */
describe('allocateGroupPayments', () => {
  const jan = {
    lines: [
      { id: 1, amount_cents: 3199 },
      { id: 2, amount_cents: 3199 },
    ],
  };
  const feb = {
    lines: [
      { id: 3, amount_cents: 3199 },
      { id: 4, amount_cents: 3199 },
      { id: 5, amount_cents: -1032 },
    ],
  };
  const credit = { lines: [{ id: 6, amount_cents: -500 }] };
  const cases: [string, Parameters<typeof allocateGroupPayments>[0], number, [number, number][]][] = [
    [
      'nothing paid',
      [jan],
      0,
      [
        [1, 0],
        [2, 0],
      ],
    ],
    [
      'half: in proportion, the odd cent to the first',
      [jan],
      3199,
      [
        [1, 1600],
        [2, 1599],
      ],
    ],
    [
      'in full',
      [jan],
      6398,
      [
        [1, 3199],
        [2, 3199],
      ],
    ],
    [
      'oldest invoice first',
      [jan, feb],
      7000,
      [
        [1, 3199],
        [2, 3199],
        [3, 359],
        [4, 358],
        [5, -115],
      ],
    ],
    [
      'over payment stays a credit',
      [jan],
      9000,
      [
        [1, 3199],
        [2, 3199],
      ],
    ],
    [
      'a credit invoice is collected whole and pays the older one',
      [jan, credit],
      5898,
      [
        [1, 3199],
        [2, 3199],
        [6, -500],
      ],
    ],
  ];
  it.each(cases)('%s', (_name, invoices, paid, expected) => {
    const out = allocateGroupPayments(invoices, paid);
    expect([...out.entries()].sort((a, b) => a[0] - b[0])).toEqual(expected);
  });
  it('never allocates more than was paid, and all of it when it is owed', () => {
    for (let paid = 0; paid <= 12_000; paid += 37) {
      const sum = [...allocateGroupPayments([jan, feb], paid).values()].reduce((a, b) => a + b, 0);
      expect(sum).toBe(Math.min(paid, 6398 + 5366));
    }
  });
});

describe('splitInProportion', () => {
  it.each([
    [100, [1, 1, 1], [34, 33, 33]],
    [-10, [1, 1, 1], [-4, -3, -3]],
    [0, [5, 5], [0, 0]],
    [7, [0, 0], [0, 0]],
  ])('%i over %j', (total, weights, expected) => {
    expect(splitInProportion(total, weights)).toEqual(expected);
  });
});
