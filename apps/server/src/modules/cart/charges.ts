import { chargeSummary, type ChargeItem, type ChargeSummary } from '@store/domain/charges';
import { LIMITS } from '@store/domain/codes';
import { todayIso } from '@store/domain/dates';
import { readTab } from '@store/domain/enrollment-record';
import type { Enrollment } from '../../db/schema.ts';
import { listCartItems, type CartItemRow, type Db } from './repository.ts';

/** A cart row as the domain charges it; a plan pending evidence of insurability, and a row added with it, are held. */
const chargeItem = (item: CartItemRow, all: CartItemRow[]): ChargeItem => ({
  plan_id: item.plan_id,
  plan_name: item.plan_name,
  price_cents: item.price_cents,
  membership: !!item.rules.membership,
  admin_fee_included: !!item.rules.prudential,
  held: item.needs_evidence || all.some((p) => p.plan_id === item.parent_plan_id && p.needs_evidence),
});

/**
 * What this enrollment's cart will charge (packages/domain charges.ts): the bill day saved on the billing step (else
 * the default), the effective date chosen at checkout, today in US Eastern time.
 */
export function cartCharges(items: CartItemRow[], e: Pick<Enrollment, 'tabs' | 'effective_date'>, now = new Date()): ChargeSummary {
  const billDay = Number(readTab<{ bill_date?: unknown }>(e, 'payment_info')?.bill_date) || LIMITS.defaultBillDate;
  return chargeSummary(
    items.map((i) => chargeItem(i, items)),
    { billDay, today: todayIso(now), effectiveDate: e.effective_date },
  );
}

/** The enrollment's cart, each item with its plan's name and rules (the enrollment's steps and completion read it). */
export const cartItemsOf = (db: Db, enrollmentId: string): Promise<CartItemRow[]> => listCartItems(db, enrollmentId);
