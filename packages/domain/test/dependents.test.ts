import { describe, expect, it } from 'vitest';
import {
  addButtons,
  assignRelationships,
  canAddDependent,
  dependentError,
  dependentHeading,
  nextAllowed,
  nextRelationship,
  onlySaveLater,
  premierChildProblem,
  showSpouseQuestion,
  type DependentRulesInput,
  type Relationship,
} from '../src/dependents.ts';
import { TEXT } from '../src/texts.ts';

const input = (tier: string, relationships: Relationship[] = [], extra: Partial<DependentRulesInput> = {}): DependentRulesInput => ({
  tier,
  relationships,
  premier: false,
  spouseAccepted: null,
  ...extra,
});

describe('dependent headings by tier', () => {
  it.each([
    ['IS', TEXT.SPOUSE_INFO_REQUIRED],
    ['IC', TEXT.CHILD_INFO_REQUIRED],
    ['IC3', TEXT.CHILD_INFO_REQUIRED],
    ['IF', TEXT.SPOUSE_CHILD_INFO_REQUIRED],
    ['IO', null],
  ])('%s shows %s', (tier, heading) => expect(dependentHeading(tier)).toBe(heading));
});

describe('relationship fixed by tier and order', () => {
  it.each<[string, number, boolean, boolean | null, Relationship[]]>([
    ['IS', 1, false, null, ['spouse']],
    ['IC', 3, false, null, ['child', 'child', 'child']],
    ['IC3', 2, false, null, ['child', 'child']],
    ['IF', 3, false, null, ['spouse', 'child', 'child']],
    ['IF', 2, true, true, ['spouse', 'child']],
    ['IF', 2, true, false, ['child', 'child']],
  ])('%s with %i dependents (premier %s, spouse %s)', (tier, n, premier, spouseAccepted, expected) => {
    expect(assignRelationships(tier, n, { premier, spouseAccepted })).toEqual(expected);
  });
  it('IS allows one spouse only', () => {
    expect(nextRelationship(input('IS', ['spouse']))).toBeNull();
    expect(canAddDependent(input('IS', ['spouse']))).toBe(false);
  });
  it('IF after deleting the spouse offers the spouse again', () => {
    expect(addButtons(input('IF', ['child']))).toEqual({ spouse: true, child: false });
    expect(addButtons(input('IF', ['spouse']))).toEqual({ spouse: false, child: true });
  });
});

describe('limits and the premier plan', () => {
  it('offers submit only while fewer than 9 dependents exist', () => {
    expect(canAddDependent(input('IF', ['spouse', ...Array(7).fill('child')]))).toBe(false);
    expect(canAddDependent(input('IF', ['spouse', ...Array(6).fill('child')]))).toBe(true);
  });
  it('asks the spouse question on a premier plan with no dependents', () => {
    expect(showSpouseQuestion(input('IF', [], { premier: true }))).toBe(true);
    expect(showSpouseQuestion(input('IF', [], { premier: true, spouseAccepted: true }))).toBe(false);
    expect(showSpouseQuestion(input('IF', [], { premier: false }))).toBe(false);
    expect(canAddDependent(input('IF', [], { premier: true }))).toBe(false);
  });
  it('allows only one child in IC on premier plans', () => {
    expect(canAddDependent(input('IC', ['child'], { premier: true }))).toBe(false);
    expect(premierChildProblem(input('IC', ['child', 'child'], { premier: true }))).toBe(TEXT.ONE_CHILD_L713);
    expect(premierChildProblem(input('IC', ['child', 'child']))).toBeNull();
  });
});

describe('the counts that show Next', () => {
  it.each<[string, Relationship[], Partial<DependentRulesInput>, boolean]>([
    ['IF', ['spouse'], {}, false],
    ['IF', ['spouse', 'child'], {}, true],
    ['IF', ['spouse'], { premier: true, existingMember: true, spouseAccepted: true }, true],
    ['IF', ['child'], { premier: true, existingMember: true, spouseAccepted: false }, false],
    ['IC', ['child'], {}, true],
    ['IC', ['child', 'child'], {}, false],
    ['IC', ['child'], { premier: true }, true],
    ['IC', ['child', 'child'], { premier: true }, false],
    ['IC', [], {}, false],
    ['IS', [], {}, false],
    ['IS', ['spouse'], {}, true],
  ])('%s %j %j -> %s', (tier, rel, extra, expected) => expect(nextAllowed(input(tier, rel, extra))).toBe(expected));
  it('existing-member premier without spouse acceptance shows only Save & Continue Later', () => {
    expect(onlySaveLater(input('IF', [], { premier: true, existingMember: true }))).toBe(true);
    expect(onlySaveLater(input('IF', [], { premier: true, existingMember: true, spouseAccepted: true }))).toBe(false);
  });
  it('numbers dependent errors from 1', () =>
    expect(dependentError(1, TEXT.INVALID_SSN)).toBe('Dependent #2 Invalid Social Security Number'));
});
