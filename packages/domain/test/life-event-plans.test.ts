import { describe, expect, it } from 'vitest';
import { planOfferedTo, replacedPlanEnd, ZLifeEventPlanChangeRequest } from '../src/life-event-plans.ts';

describe('a change of plan in a life event’s window', () => {
  it.each([
    // new plan starts, old plan began, old plan's last day
    ['2026-12-01', '2026-01-01', '2026-11-30'],
    ['2026-03-01', '2026-02-15', '2026-02-28'],
    ['2028-03-01', null, '2028-02-29'],
    ['2026-11-17', '2026-11-01', '2026-11-16'],
    // the old plan had not begun by then: it ends on its own first day (349 never before 348)
    ['2026-12-01', '2026-12-01', '2026-12-01'],
    ['2026-12-01', '2027-01-01', '2027-01-01'],
  ])('a new plan from %s, the old one from %s: the old one ends on %s', (startsOn, oldStart, ends) => {
    expect(replacedPlanEnd(startsOn, oldStart)).toBe(ends);
  });

  it.each([
    [{}, { state: 'TX', tier: 'IF', age: 40 }, true],
    [{ states: ['TX', 'FL'] }, { state: 'TX', tier: 'IO', age: 40 }, true],
    [{ states: ['TX', 'FL'] }, { state: 'NY', tier: 'IO', age: 40 }, false],
    [{ states: ['TX'] }, { state: null, tier: 'IO', age: 40 }, false],
    [{ tiers: ['IO', 'IS'] as ('IO' | 'IS')[] }, { state: 'TX', tier: 'IC', age: 40 }, false],
    [{ minAge: 18, maxAge: 64 }, { state: 'TX', tier: 'IO', age: 64 }, true],
    [{ minAge: 18, maxAge: 64 }, { state: 'TX', tier: 'IO', age: 65 }, false],
    [{ minAge: 18 }, { state: 'TX', tier: 'IO', age: 17 }, false],
    [{ membership: true }, { state: 'TX', tier: 'IO', age: 40 }, false],
  ])('rules %j sell to %j: %s', (rules, who, offered) => {
    expect(planOfferedTo(rules, who)).toBe(offered);
  });

  it('asks for two plan ids', () => {
    expect(ZLifeEventPlanChangeRequest.safeParse({ from_plan_id: 101, to_plan_id: 102 }).success).toBe(true);
    expect(ZLifeEventPlanChangeRequest.safeParse({ from_plan_id: 101 }).success).toBe(false);
    expect(ZLifeEventPlanChangeRequest.safeParse({ from_plan_id: -1, to_plan_id: 102 }).success).toBe(false);
  });
});
