import type { Actor } from '../../lib/actor.ts';
import type { Deps } from '../../lib/deps.ts';
import { centsToDollars, offeredEffectiveDatesIso, openEnrollmentDateMessage, type TCartRow, type TPlanCart } from '@store/domain/cart';
import { chargeSummaryToWire } from '@store/domain/charges';
import { isoToUs, todayIso, usToIso } from '@store/domain/dates';
import type { TSessionCart } from '@store/domain/session';
import type { Enrollment } from '../../db/schema.ts';
import { recordQuoteMade } from './quote-event.ts';
import { cartCharges } from './charges.ts';
import { groupOpenEnrollment } from '../group-home/index.ts';
import { loadOwnedEnrollment } from '../../lib/access.ts';
import { fieldError, HttpError, notFound } from '../../lib/errors.ts';
import {
  countCartItems,
  deleteCartItem,
  findPlanRules,
  insertAudit,
  listCartItems,
  setCheckedOut,
  type CartItemRow,
  type Db,
} from './repository.ts';

/** Not removable: added as not removable, or a plan whose rules keep it in the cart (a required membership). */
export const isRemovable = (item: CartItemRow) => item.removable && !item.rules.notRemovable;

/** Logos are media ids (served at /media/{id}) or already a path or URL. */
const logoUrl = (logo: string | null) => (!logo ? null : /^(\/|https?:)/.test(logo) ? logo : `/media/${logo}`);

export function toCartRow(item: CartItemRow): TCartRow {
  return {
    plan_id: item.plan_id,
    plan_pricing_id: item.plan_pricing_id,
    plan_name: item.plan_name,
    plan_logo: logoUrl(item.plan_logo),
    price: centsToDollars(item.price_cents),
    removable: isRemovable(item) ? 1 : 0,
    parent_plan_id: item.parent_plan_id,
  };
}

/** get-plan-cart: the rows, the two totals of the specification and the lines of what will be charged. */
export function planCart(items: CartItemRow[], e: Pick<Enrollment, 'tabs' | 'effective_date'>): TPlanCart {
  const charges = cartCharges(items, e);
  return {
    result: items.map(toCartRow),
    initial_month_cost: centsToDollars(charges.initial_cents),
    recurring_month_cost: centsToDollars(charges.recurring_cents),
    summary: chargeSummaryToWire(charges),
  };
}

/** get-plan-cart; with `statusOnly` (the header's count and amount) it answers a rep or group after completion too. */
export async function getPlanCart(deps: Deps, actor: Actor, enrollmentId: string, opts: { statusOnly?: boolean } = {}) {
  const e = await loadOwnedEnrollment(actor, enrollmentId, deps.db, opts);
  return planCart(await listCartItems(deps.db, e.id), e);
}

/** The header's cart count: a number the rep or group saw while enrolling, so it answers them after completion. */
export async function getCartCount(deps: Deps, actor: Actor, enrollmentId: string | undefined) {
  if (!enrollmentId) return 0;
  const e = await loadOwnedEnrollment(actor, enrollmentId, deps.db, { statusOnly: true });
  return countCartItems(deps.db, e.id);
}

/**
 * The cart as the header and the filter bar show it (the session's answer, decision 2760): count, monthly amount and
 * whether a premier plan is in it, from one read of the rows, as get-cart-count, get-cart-amount and
 * get-more-requirement answer them. Null for a quote this actor may not open (as if it did not exist).
 */
export async function cartStatus(deps: Pick<Deps, 'db'>, actor: Actor, enrollmentId: string): Promise<TSessionCart | null> {
  const e = await loadOwnedEnrollment(actor, enrollmentId, deps.db, { statusOnly: true }).catch((err: unknown) => {
    if (err instanceof HttpError && err.statusCode === 404) return null;
    throw err;
  });
  if (!e) return null;
  const items = await listCartItems(deps.db, e.id);
  return {
    // The plans the person chose, as countCartItems counts them: a row added with another (the membership) is not one.
    count: items.filter((i) => i.parent_plan_id === null).length,
    amount: planCart(items, e).recurring_month_cost,
    premier: items.some((i) => i.rules.premier),
  };
}

/** The effective dates offered to this enrollment today (yyyy-mm-dd): its group's open enrollment decides (2800). */
async function datesFor(db: Db, e: Pick<Enrollment, 'group_id'> | null, today: string) {
  const group = e?.group_id ? await groupOpenEnrollment(db, e.group_id) : undefined;
  return offeredEffectiveDatesIso(today, group);
}

/**
 * The offered effective dates (mm/dd/yyyy), see offeredEffectiveDatesIso in @store/domain/cart: the usual ones, or the
 * plan year's start alone for an enrollment of a group in its active open enrollment. An enrollment this actor may not
 * open answers the usual dates (as if none was named).
 */
export async function offeredEffectiveDates(deps: Pick<Deps, 'db'>, actor: Actor, enrollmentId?: string, today = todayIso()) {
  const e = enrollmentId
    ? await loadOwnedEnrollment(actor, enrollmentId, deps.db, { statusOnly: true }).catch((err: unknown) => {
        if (err instanceof HttpError && err.statusCode === 404) return null;
        throw err;
      })
    : null;
  return (await datesFor(deps.db, e, today)).map(isoToUs);
}

/** Removes a row (and what was added with it); rows that are not removable are refused. */
export async function removeFromCart(deps: Deps, actor: Actor, q: { enrollment_id: string; plan_id: number; plan_pricing_id: number }) {
  return deps.db.transaction().execute(async (trx) => {
    const e = await loadOwnedEnrollment(actor, q.enrollment_id, trx, { forUpdate: true });
    if (e.status === 'completed') throw new HttpError(409, 'This enrollment is complete; its cart can no longer change.');
    const items = await listCartItems(trx, e.id);
    const item = items.find((i) => i.plan_id === q.plan_id && i.plan_pricing_id === q.plan_pricing_id);
    if (!item) throw notFound('This plan is not in the cart');
    if (!isRemovable(item)) throw new HttpError(409, 'This plan cannot be removed from the cart.');
    await deleteCartItem(trx, e.id, item.plan_id);
    await insertAudit(trx, {
      account_id: actor.account?.id ?? null,
      action: 'cart.remove',
      target: e.id,
      detail: { plan_id: item.plan_id, plan_pricing_id: item.plan_pricing_id },
    });
    return countCartItems(trx, e.id);
  });
}

/** Checkout: the date must be one offered today and the cart not empty; sets effective_date and status. */
export async function checkout(deps: Deps, actor: Actor, body: { enrollment_id: string; effective_date: string }) {
  return deps.db.transaction().execute(async (trx) => {
    const e = await loadOwnedEnrollment(actor, body.enrollment_id, trx, { forUpdate: true });
    const offered = await datesFor(trx, e, todayIso());
    if (!offered.includes(usToIso(body.effective_date) ?? ''))
      throw fieldError(
        'effective_date',
        offered.length === 1 ? openEnrollmentDateMessage(isoToUs(offered[0])) : 'Please choose one of the effective dates offered',
      );
    if ((await countCartItems(trx, e.id)) === 0)
      throw new HttpError(422, 'No items in cart', [{ target_element: 'cart', error_message: 'No items in cart' }]);
    const iso = usToIso(body.effective_date)!;
    await setCheckedOut(trx, e.id, iso, e.status === 'completed' ? 'completed' : 'checked_out');
    await recordQuoteMade(trx, { ...e, effective_date: iso }, actor);
    await insertAudit(trx, {
      account_id: actor.account?.id ?? null,
      action: 'cart.checkout',
      target: e.id,
      detail: { effective_date: iso },
    });
    return { effective_date: body.effective_date };
  });
}

/** Prudential-type cart: the 3% notice; show_100k when a plan of the cart carries the 100k text. */
export async function prudentialCart(deps: Deps, actor: Actor, enrollmentId: string) {
  const e = await loadOwnedEnrollment(actor, enrollmentId, deps.db);
  const items = await listCartItems(deps.db, e.id);
  return { status: items.some((i) => i.rules.prudential), show_100k: items.some((i) => i.rules.prudential100k) };
}

/** Premier plan in the cart (or the given plan is premier). */
export async function moreRequirement(deps: Deps, actor: Actor, q: { enrollment_id?: string; plan_id?: number }) {
  if (q.enrollment_id) {
    const e = await loadOwnedEnrollment(actor, q.enrollment_id, deps.db);
    const items = await listCartItems(deps.db, e.id);
    return items.some((i) => i.rules.premier);
  }
  if (q.plan_id) {
    return !!(await findPlanRules(deps.db, q.plan_id))?.premier;
  }
  throw fieldError('enrollment_id', 'Field is required');
}
