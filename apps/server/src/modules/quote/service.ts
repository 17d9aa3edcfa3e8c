import crypto from 'node:crypto';
import type { Enrollment } from '../../db/schema.ts';
import type { TAddFilterForNewUser, TChangeFilterInfo, TFilterInfo } from '@store/domain/quote';
import { filterOf } from '@store/domain/enrollment-record';
import type { TTempInfoResult } from '@store/domain/contract/quote';
import { ageOn, isoToUs, todayIso, usToIso } from '@store/domain/dates';
import { FALLBACK_IDS, type TEMP_INFO_COLUMNS } from '@store/domain/codes';
import { TEXT } from '@store/domain/texts';
import { fieldError, forbidden, HttpError, notFound } from '../../lib/errors.ts';
import { loadOpenEnrollment, loadOwnedEnrollment } from '../../lib/access.ts';
import type { MailLang } from '../../lib/mail-i18n.ts';
import type { Actor } from '../../lib/actor.ts';
import type { Deps } from '../../lib/deps.ts';
import { windowRefusal } from '@store/domain/group-window';
import { assertRepLicensed } from '../rep-licensing/index.ts';
import {
  activeAgentExists,
  activePortalExists,
  findActiveGroup,
  findMember,
  findReferral,
  firstGroupPortal,
  insertEnrollment,
  updateEnrollment,
} from './repository.ts';

/** The actor's session: a quote is made in one (the route has ensured it; a signed-in account always has one). */
function sessionOf(actor: Actor): string {
  if (!actor.sessionId) throw new Error('A quote is made in a session: the route ensures it first.');
  return actor.sessionId;
}

/** The filter of an enrollment, with defaults for what was never set: the domain's one parse (ZFilterInfo). */
export const readFilter = (e: Pick<Enrollment, 'filter_info'>): TFilterInfo => filterOf(e);

/** get-quote-filter: the quote's filter, as the browser may see it. */
export async function quoteFilter(db: Deps['db'], actor: Actor, id: string): Promise<TFilterInfo> {
  return readFilter(await loadOwnedEnrollment(actor, id, db));
}

/** Age of the primary member today (US Eastern). */
export function ageFromFilter(filter: Pick<TFilterInfo, 'dob'>, today = todayIso()): number {
  const iso = usToIso(filter.dob);
  return iso ? ageOn(iso, today) : -1;
}

/** State of a zip from the shipped zip database, or a 422 on the zip field. */
export function stateOfZip(deps: Pick<Deps, 'zips'>, zip: string, message: string = TEXT.INVALID_ZIP): string {
  const hit = deps.zips.lookup(zip);
  if (!hit) throw fieldError('zip', message);
  return hit.state;
}

/** A group's enrollment starts only inside its open-enrollment window (issue 24): 409 saying when it opens or ended. */
function assertWindowOpen(lang: MailLang, g: { gname: string; enrollment_opens_on: string | null; enrollment_closes_on: string | null }) {
  const refusal = windowRefusal(g.gname, { opens_on: g.enrollment_opens_on, closes_on: g.enrollment_closes_on }, lang);
  if (refusal) throw new HttpError(409, refusal);
}

/** What the quote's services use: the database and the shipped zip database. */
export type QuoteDeps = Pick<Deps, 'db' | 'zips'>;

/**
 * Who this quote is for: rep and group process types need the signed-in rep or group administrator
 * (otherwise the visitor is an applicant on that rep's or group's site).
 */
async function resolveOwner(deps: QuoteDeps, actor: Actor, body: TAddFilterForNewUser) {
  const account = actor.account;
  let eprocess = body.eprocess ?? 'applicant';
  let agentId = body.agent_id ?? null;
  let groupId = body.group_id ?? null;
  let portalId = body.platform_group_id ?? null;
  if (eprocess === 'rep' && account?.role !== 'rep') eprocess = 'applicant';
  if (eprocess === 'group' && account?.role !== 'group') eprocess = 'applicant';
  if (account?.role === 'rep' && eprocess === 'rep') agentId = account.agent_id;
  if (account?.role === 'group' && eprocess === 'group') groupId = account.group_id;

  if (body.referral) {
    const ref = await findReferral(deps.db, body.referral);
    if (ref?.valid) {
      agentId = ref.agent_id ?? agentId;
      groupId = ref.group_id ?? groupId;
      portalId = ref.portal_id ?? portalId;
    }
  }
  if (groupId) {
    const g = await findActiveGroup(deps.db, groupId);
    if (!g) throw fieldError('group_id', TEXT.CHOOSE_GROUP);
    if (eprocess === 'rep' && g.agent_id !== agentId) throw fieldError('group_id', TEXT.CHOOSE_GROUP);
    assertWindowOpen(actor.lang, g);
    agentId ??= g.agent_id;
  }
  if (agentId) {
    if (!(await activeAgentExists(deps.db, agentId))) agentId = null;
  }
  agentId ??= FALLBACK_IDS.agentId;
  if (portalId) {
    if (!(await activePortalExists(deps.db, portalId))) throw fieldError('platform_group_id', TEXT.CHOOSE_PLATFORM);
  }
  return { eprocess, agentId, groupId, portalId };
}

/** A new visitor's quote, in the actor's session (the route has made it: ensureSession). */
export async function createNewUserFilter(deps: QuoteDeps, actor: Actor, body: TAddFilterForNewUser): Promise<string> {
  const state = stateOfZip(deps, body.zip);
  const owner = await resolveOwner(deps, actor, body);
  // Issue 39: a rep's quote only where the rep's license is current (422 on the zip, in the specification's words).
  await assertRepLicensed(deps.db, owner.agentId, state, { groupId: owner.groupId });
  const sessionId = sessionOf(actor);
  const id = crypto.randomUUID();
  const type = body.type ?? (owner.groupId && owner.eprocess !== 'rep' ? 'new-group-member' : 'new-member');
  const filter: TFilterInfo = {
    zip: body.zip,
    state,
    dob: body.dob,
    gender: body.gender,
    tier: body.tier,
    is_smoker: body.is_smoker ?? null,
    coverage: [],
    categories: [],
    annual_incode: null,
    working_hours: null,
    eprocess: owner.eprocess,
    agent_id: owner.agentId,
    group_id: owner.groupId,
    platform_group_id: owner.portalId,
    type,
    open_type: body.open_type ?? null,
    user_id: null,
  };
  await insertEnrollment(deps.db, {
    id,
    session_id: sessionId,
    account_id: actor.account?.id ?? null,
    agent_id: owner.agentId,
    group_id: owner.groupId,
    portal_id: owner.portalId,
    type,
    eprocess: owner.eprocess,
    open_type: body.open_type ?? null,
    referral: body.referral ?? null,
    filter_info: JSON.stringify(filter),
  });
  return id;
}

export async function changeFilter(deps: QuoteDeps, e: Enrollment, patch: TChangeFilterInfo): Promise<TFilterInfo> {
  const filter = readFilter(e);
  const next: TFilterInfo = { ...filter };
  if (patch.zip) {
    next.zip = patch.zip;
    next.state = stateOfZip(deps, patch.zip);
    await assertRepLicensed(deps.db, filter.agent_id ?? null, next.state, { groupId: filter.group_id ?? null });
  }
  if (patch.dob) next.dob = patch.dob;
  if (patch.gender) next.gender = patch.gender;
  if (patch.tier) next.tier = patch.tier;
  if (patch.is_smoker) next.is_smoker = patch.is_smoker;
  if (patch.annual_incode !== undefined) next.annual_incode = patch.annual_incode;
  if (patch.working_hours !== undefined) next.working_hours = patch.working_hours;
  if (patch.categories) next.categories = patch.categories;
  if (patch.coverage) next.coverage = patch.coverage;
  await updateEnrollment(deps.db, e.id, { filter_info: JSON.stringify(next) });
  return next;
}

/**
 * An existing member's quote: for the member themself, or for their signed-in rep or group administrator.
 */
export async function createExistingUserFilter(
  deps: QuoteDeps,
  actor: Actor,
  input: { user_id: number; tier: string; open_type?: string; policy_id?: number },
): Promise<{ id: string; portalId: number | null }> {
  const account = actor.account;
  if (!account) throw forbidden('Please sign in');
  const m = await findMember(deps.db, input.user_id);
  const allowed =
    m &&
    ((account.role === 'member' && account.user_id === m.user_id) ||
      (account.role === 'rep' && account.agent_id === m.agent_id) ||
      (account.role === 'group' && account.group_id !== null && account.group_id === m.group_id));
  if (!m || !allowed) throw notFound('Member not found');
  const eprocess = account.role === 'rep' ? 'rep' : account.role === 'group' ? 'group' : 'applicant';
  let portalId: number | null = null;
  if (m.group_id) {
    const g = await findActiveGroup(deps.db, m.group_id);
    if (g) assertWindowOpen(actor.lang, g);
    portalId = await firstGroupPortal(deps.db, m.group_id);
  }
  const state = deps.zips.lookup(m.zip ?? '')?.state ?? m.state ?? '';
  const filter: TFilterInfo = {
    zip: m.zip ?? '',
    state,
    dob: isoToUs(m.dob),
    gender: m.gender,
    tier: input.tier,
    is_smoker: null,
    coverage: [],
    categories: [],
    annual_incode: null,
    working_hours: null,
    eprocess,
    agent_id: m.agent_id,
    group_id: m.group_id,
    platform_group_id: portalId,
    type: 'existing-member',
    open_type: input.open_type ?? null,
    user_id: m.user_id,
  };
  const id = crypto.randomUUID();
  await insertEnrollment(deps.db, {
    id,
    session_id: sessionOf(actor),
    account_id: account.id,
    agent_id: m.agent_id,
    group_id: m.group_id,
    portal_id: portalId,
    user_id: m.user_id,
    type: 'existing-member',
    eprocess,
    open_type: input.open_type ?? null,
    filter_info: JSON.stringify(filter),
  });
  return { id, portalId };
}

/**
 * A saved tab as the browser may see it: sealed values (under `_sealed`) and the payment provider's card token
 * (payment_info) never leave the server.
 */
export function publicTab(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value ?? null;
  const { _sealed: _hidden, card_token: _token, ...rest } = value as Record<string, unknown>;
  return rest;
}

/** change-filter-info: the quote's filter changed, unless the enrollment is completed. */
export async function changeOwnedFilter(deps: QuoteDeps, actor: Actor, tempId: string, patch: TChangeFilterInfo): Promise<TFilterInfo> {
  const e = await loadOpenEnrollment(actor, tempId, deps.db);
  return changeFilter(deps, e, patch);
}

type TempInfoColumn = (typeof TEMP_INFO_COLUMNS)[number];

/** get-enrollment-temp-info: one column of the enrollment as the browser may see it. */
export async function tempInfo(db: Deps['db'], actor: Actor, id: string, column: TempInfoColumn): Promise<TTempInfoResult> {
  const e = await loadOwnedEnrollment(actor, id, db);
  switch (column) {
    case 'filter_info':
      return { ...readFilter(e) };
    case 'effective_date':
      return e.effective_date ? isoToUs(e.effective_date) : null;
    case 'type':
      return e.type;
    case 'eprocess':
      return e.eprocess;
    case 'group_id':
      return e.group_id;
    default:
      return publicTab((e.tabs as Record<string, unknown>)[column]) as TTempInfoResult;
  }
}

type PortalChange = { enrollment_id: string; platform_group_id: number; group_id?: number | null };

/** update-filter-portal: the quote's portal (and group, for a rep's own group). */
export async function updatePortal(deps: QuoteDeps, actor: Actor, b: PortalChange) {
  const e = await loadOpenEnrollment(actor, b.enrollment_id, deps.db);
  if (!(await activePortalExists(deps.db, b.platform_group_id))) throw fieldError('platform_group_id', TEXT.CHOOSE_PLATFORM);
  let groupId = e.group_id;
  if (b.group_id) {
    const g = await findActiveGroup(deps.db, b.group_id);
    if (!g || (e.eprocess === 'rep' && g.agent_id !== e.agent_id)) throw fieldError('group_id', TEXT.CHOOSE_GROUP);
    if (g.group_id !== e.group_id) assertWindowOpen(actor.lang, g);
    groupId = g.group_id;
  }
  const filter = { ...readFilter(e), platform_group_id: b.platform_group_id, group_id: groupId };
  await updateEnrollment(deps.db, e.id, { portal_id: b.platform_group_id, group_id: groupId, filter_info: JSON.stringify(filter) });
  return { portal_id: b.platform_group_id, group_id: groupId };
}

/** A zip of the shipped zip database, or a 422 on the zip field. */
export function checkZip(deps: Pick<Deps, 'zips'>, zip: string) {
  if (!/^\d{5}$/.test(zip)) throw fieldError('zip', TEXT.ENTER_5_DIGIT_ZIP_DOT);
  const hit = deps.zips.lookup(zip);
  if (!hit) throw fieldError('zip', TEXT.INVALID_ZIP);
  return hit;
}
