import { describe, expect, it } from 'vitest';
import { approvedCoverageStart } from '../src/coverage-changes.ts';

describe('approvedCoverageStart: when a plan the carrier approves starts', () => {
  it.each([
    // [approved on, start chosen, starts]
    ['2026-11-20', '2026-12-01', '2026-12-01'],
    ['2026-12-10', '2026-12-01', '2027-01-01'], // chosen start passed while the carrier decided: the next month
    ['2026-11-02', '2027-01-01', '2027-01-01'], // an open enrollment's plan year: never before it
    ['2026-12-31', null, '2027-01-01'],
    ['2027-01-31', '2027-01-15', '2027-02-01'],
  ] as const)('approved %s, chosen %s: %s', (today, chosen, starts) => {
    expect(approvedCoverageStart(today, chosen)).toBe(starts);
  });
});
