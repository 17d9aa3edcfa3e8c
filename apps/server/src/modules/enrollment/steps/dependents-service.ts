import type { Actor } from '../../../lib/actor.ts';
import type { Deps } from '../../../lib/deps.ts';
import crypto from 'node:crypto';
import type { TDependentsResult } from '@store/domain/contract/enrollment-finish';
import { TEXT } from '@store/domain/texts';
import { maskLast4 } from '@store/domain/validation';
import { normalizeHealthInfo, type THealthInfo } from '@store/domain/health';
import {
  dependentError,
  hasDependents,
  nextRelationship,
  premierChildProblem,
  type Relationship,
  type TDependent,
  type TDependentView,
} from '@store/domain/dependents';
import type { Enrollment } from '../../../db/schema.ts';
import { fieldErrors } from '../../../lib/errors.ts';
import { hasPremierPlan, loadForStep, openSealed, readTab, tabsOf, tierOf, writeTab } from '../context.ts';
import { readTabsRow, replaceTabs } from '../purchase-repository.ts';
import { inEnrollmentTabs } from '../../../db/sealed-columns.ts';
import { recordEvent } from '../../trail/index.ts';

/** Sensitive part of each dependent, sealed together: SSN and health answers by dependent_id. */
type SealedDeps = Record<string, { ssn: string; health_info?: THealthInfo }>;
export interface StoredDependents {
  dependents: TDependentView[];
  _sealed?: string;
}

export const TEMP_KEY = 'dependent_temp';

export function storedDependents(deps: Deps, e: Enrollment, key: 'dependent_info' | typeof TEMP_KEY) {
  const tab = readTab<StoredDependents>(e, key);
  return { views: tab?.dependents ?? [], secrets: openSealed<SealedDeps>(deps, e.id, tab?._sealed, {}) };
}

/** The list to show: the temporary store if any, else the saved list (health answers opened for the owner). */
export function dependentsForEdit(deps: Deps, e: Enrollment) {
  const temp = readTab<StoredDependents>(e, TEMP_KEY);
  const { views, secrets } = storedDependents(deps, e, temp ? TEMP_KEY : 'dependent_info');
  return views.map((v) => ({ ...v, health_info: secrets[v.primary_info.dependent_id]?.health_info }));
}

/**
 * Checks the list against the tier rules of section 4.7 and seals it. `final` (save-dependent-info) also
 * demands the counts that show Next. Errors read 'Dependent #N …' where they concern one dependent.
 */
export function buildDependents(
  deps: Deps,
  e: Enrollment,
  input: TDependent[],
  opts: { tier: string; premier: boolean; final: boolean },
): StoredDependents {
  const { tier, premier, final } = opts;
  if (!hasDependents(tier) && input.length)
    throw fieldErrors([{ target_element: 'dependents', error_message: 'Your coverage tier does not include dependents.' }]);
  const known: SealedDeps = { ...storedDependents(deps, e, 'dependent_info').secrets, ...storedDependents(deps, e, TEMP_KEY).secrets };
  const views: TDependentView[] = [];
  const secrets: SealedDeps = {};
  const relationships: Relationship[] = [];
  input.forEach((d, i) => {
    const p = d.primary_info;
    const id = p.dependent_id && known[p.dependent_id] ? p.dependent_id : crypto.randomUUID();
    let ssn = p.ssn;
    if (/^x+\d{4}$/.test(ssn)) {
      const prior = p.dependent_id ? known[p.dependent_id]?.ssn : undefined;
      if (!prior || prior.slice(-4) !== ssn.slice(-4))
        throw fieldErrors([{ target_element: `dependents.${i}.primary_info.ssn`, error_message: dependentError(i, TEXT.INVALID_SSN) }]);
      ssn = prior;
    }
    // Relationship is fixed by tier and order; the client's value is checked, never trusted beyond the rules.
    let relationship: Relationship = p.relationship ?? nextRelationship({ tier, relationships, premier, spouseAccepted: null }) ?? 'child';
    if (tier === 'IS') relationship = 'spouse';
    if (tier === 'IC' || tier === 'IC3') relationship = 'child';
    // IF: one spouse at most (added first; after deleting the spouse a new one may follow the children).
    if (tier === 'IF' && relationship === 'spouse' && relationships.includes('spouse')) relationship = 'child';
    relationships.push(relationship);
    const health = d.health_info ? normalizeHealthInfo(d.health_info) : known[p.dependent_id ?? '']?.health_info;
    secrets[id] = { ssn, ...(health ? { health_info: health } : {}) };
    const { ssn: _omit, ...rest } = p;
    views.push({
      primary_info: { ...rest, dependent_id: id, relationship, employed: 0, ssn: maskLast4(ssn) } as TDependentView['primary_info'],
      ...(health ? { has_health_info: true } : {}),
    } as TDependentView);
  });
  const spouses = relationships.filter((r) => r === 'spouse').length;
  const fail = (message: string) => {
    throw fieldErrors([{ target_element: 'dependents', error_message: message }]);
  };
  if (input.length >= 9) fail('Maximum allowed number of dependents is 8');
  if (tier === 'IS' && spouses > 1) fail('Only one spouse is allowed');
  const rules = { tier, relationships, premier, spouseAccepted: spouses > 0 ? true : null };
  if (final) {
    const childProblem = premierChildProblem(rules);
    if (childProblem) fail(childProblem);
    const n = input.length;
    if (tier === 'IS' && n < 1) fail(TEXT.SPOUSE_INFO_REQUIRED);
    if ((tier === 'IC' || tier === 'IC3') && n < 1) fail(TEXT.CHILD_INFO_REQUIRED);
    if (tier === 'IF' && (premier ? n < 1 : n < 2)) fail(TEXT.SPOUSE_CHILD_INFO_REQUIRED);
  }
  return { dependents: views, _sealed: deps.sealer.sealJson(secrets, inEnrollmentTabs(e.id)) };
}

// ---- use cases ----------------------------------------------------------------------------------------

/** The dependents step's start: the list to edit, the tier, whether a premier plan is in the cart, an existing member. */
export async function dependentsOf(deps: Deps, e: Enrollment): Promise<TDependentsResult> {
  return {
    dependents: dependentsForEdit(deps, e) as TDependentsResult['dependents'],
    tier: tierOf(e),
    premier: await hasPremierPlan(deps.db, e.id),
    existing_member: e.type === 'existing-member' || !!e.user_id,
  };
}

export const DEPENDENT_FIELDS: [string, boolean][] = [
  ['first_name', true],
  ['middle_name', false],
  ['last_name', true],
  ['birthdate', true],
  ['gender', true],
  ['ssn', true],
  ['weight', false],
  ['height_feet', false],
  ['height_inch', false],
];
export const DEPENDENT_DISCLAIMER = 'Dependents must be your legal spouse or your children under age 26.';

/**
 * Saves the list: `final` (save-dependent-info, the step's Next) checks the earlier steps and the tier's counts and
 * drops the temporary list; otherwise (save-dependent-info-to-temp) only the temporary store is written.
 */
export async function saveDependentsStep(deps: Deps, actor: Actor, enrollmentId: string, dependents: TDependent[], final: boolean) {
  return deps.db.transaction().execute(async (trx) => {
    const e = await loadForStep(actor, trx, enrollmentId, final ? 'dependent_info' : null);
    const stored = buildDependents(deps, e, dependents, { tier: tierOf(e), premier: await hasPremierPlan(trx, e.id), final });
    await writeTab(trx, e.id, final ? 'dependent_info' : TEMP_KEY, { ...stored }, { savedTab: final });
    if (final) await recordEvent(trx, e.id, 'step_saved', { step: 'dependent_info' }, actor);
    if (final) {
      // The temporary list is done with once saved.
      const { [TEMP_KEY]: _t, ...rest } = tabsOf(await readTabsRow(trx, e.id));
      await replaceTabs(trx, e.id, rest);
    }
    return stored.dependents;
  });
}

/** IO tier (no dependent info): drop any dependents saved earlier. */
export async function deleteDependentsInIO(deps: Deps, actor: Actor, enrollmentId: string) {
  await deps.db.transaction().execute(async (trx) => {
    const e = await loadForStep(actor, trx, enrollmentId, null);
    const { dependent_info: _d, [TEMP_KEY]: _t, ...rest } = tabsOf(e);
    await replaceTabs(trx, e.id, rest, { touch: true });
  });
}
