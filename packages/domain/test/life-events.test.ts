import { describe, expect, it } from 'vitest';
import {
  documentTypeOf,
  LIFE_EVENT_DEFAULTS,
  LIFE_EVENT_TEXT,
  LIFE_EVENT_TYPES,
  lifeEventDateProblem,
  lifeEventEffectiveDate,
  proratedAdjustmentCents,
  tierForHousehold,
} from '../src/life-events.ts';
import { addDaysIso } from '../src/dates.ts';

const EVENT_DAY = '2026-10-15';
const windowOf = (t: string) => LIFE_EVENT_DEFAULTS.find((s) => s.event_type === t)!.window_days;

describe('life event windows (issue 38)', () => {
  it.each(LIFE_EVENT_TYPES)('%s: reported on the last day of its window, refused the day after with the dates', (type) => {
    const days = windowOf(type);
    expect(days).toBe(type === 'birth_adoption' ? 60 : 30);
    expect(lifeEventDateProblem(EVENT_DAY, days, addDaysIso(EVENT_DAY, days))).toBeNull();
    expect(lifeEventDateProblem(EVENT_DAY, days, EVENT_DAY)).toBeNull();
    const refused = lifeEventDateProblem(EVENT_DAY, days, addDaysIso(EVENT_DAY, days + 1));
    const closes = addDaysIso(EVENT_DAY, days);
    expect(refused).toBe(
      LIFE_EVENT_TEXT.OUTSIDE_WINDOW.replace('{opens}', '10/15/2026').replace(
        '{closes}',
        `${closes.slice(5, 7)}/${closes.slice(8, 10)}/${closes.slice(0, 4)}`,
      ),
    );
  });

  it('refuses a date in the future', () => {
    expect(lifeEventDateProblem('2026-10-16', 30, EVENT_DAY)).toBe(LIFE_EVENT_TEXT.FUTURE);
  });

  it('proof for all but a move and a death', () => {
    expect(LIFE_EVENT_DEFAULTS.filter((s) => !s.needs_proof).map((s) => s.event_type)).toEqual(['move', 'dependent_death']);
  });
});

describe('effective date', () => {
  it.each([
    ['birth_adoption', '2026-10-15', '2026-10-15'],
    ['marriage', '2026-10-15', '2026-11-01'],
    ['divorce', '2026-12-31', '2027-01-01'],
    ['move', '2026-10-01', '2026-11-01'],
  ] as const)('%s on %s starts %s', (type, day, starts) => expect(lifeEventEffectiveDate(type, day)).toBe(starts));
});

describe('household tier and proration', () => {
  it('the tier follows the dependents', () => {
    expect(tierForHousehold([])).toBe('IO');
    expect(tierForHousehold(['spouse'])).toBe('IS');
    expect(tierForHousehold(['child', 'child'])).toBe('IC');
    expect(tierForHousehold(['child', 'spouse'])).toBe('IF');
  });
  it.each([
    [3100, '2026-10-01', 0],
    [3100, '2026-10-15', 1700], // 17 of 31 days
    [3000, '2026-11-16', 1500], // 15 of 30 days
    [-999, '2026-02-15', -499], // 14 of 28 days, rounded
  ])('%i a month from %s: %i', (delta, day, cents) => expect(proratedAdjustmentCents(delta, day)).toBe(cents));
});

describe('document type by content', () => {
  const b = (...x: number[]) => Uint8Array.from(x);
  it('reads PDF, JPEG and PNG signatures, nothing else', () => {
    expect(documentTypeOf(new TextEncoder().encode('%PDF-1.7\n'))).toBe('application/pdf');
    expect(documentTypeOf(b(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(documentTypeOf(b(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    expect(documentTypeOf(new TextEncoder().encode('MZ\x90\x00 a program'))).toBeNull();
    expect(documentTypeOf(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(documentTypeOf(b())).toBeNull();
  });
});
