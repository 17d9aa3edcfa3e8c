import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPlanCart } from '@store/domain/cart';
import type { TDynamicTab } from '@store/domain/enrollment';
import type { TQuoteForm } from '@store/domain/save-enrollment';
import * as cart from '@store/domain/contract/cart';
import { getEnrollmentTempInfo } from '@store/domain/contract/quote';
import { afterChange, call } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { CART_CHANGES } from '../../../lib/session';
import { storage } from '../../../lib/storage';

/**
 * The cart's calls (plans-and-cart.md, section 7). Query keys: ['cart', <what>, tempId]; the header's
 * badge reads the session (['session', tempId], lib/session.ts), asked again after every call that changes the cart.
 */
export const cartKeys = {
  all: ['cart'] as const,
  plan: (tempId: string | null) => ['cart', 'plan', tempId] as const,
  dates: (tempId: string | null) => ['cart', 'effective-dates', tempId] as const,
  storedDate: (tempId: string | null) => ['cart', 'stored-effective-date', tempId] as const,
  prudential: (tempId: string | null) => ['cart', 'prudential', tempId] as const,
};

/**
 * A plan added or removed anywhere (the plan page, compare, the cart itself) makes the cart's answers stale: a cart
 * seen a moment ago is asked again, not shown from memory (its 30 s freshness had shown the plan page's addition
 * missing). Registered with the cart's code: before it loads, no cart answer is held.
 */
afterChange((e) => {
  if (CART_CHANGES.includes(e)) void queryClient.invalidateQueries({ queryKey: cartKeys.all });
});

export async function fetchPlanCart(tempId: string): Promise<TPlanCart> {
  const r = await call(cart.getPlanCart, { query: { enrollment_id: tempId } });
  // Keep the header's badge in step with what the cart shows (only while this cart is the stored one).
  if (storage.get('tempId') === tempId) storage.set('cartCount', r.data.result.length);
  return r.data;
}

export const usePlanCart = (tempId: string | null) =>
  useQuery({ queryKey: cartKeys.plan(tempId), enabled: !!tempId, queryFn: () => fetchPlanCart(tempId!) });

export const useEffectiveDates = (tempId: string | null) =>
  useQuery({
    queryKey: cartKeys.dates(tempId),
    enabled: !!tempId,
    queryFn: async () => (await call(cart.getCartEffectiveDates, { query: { enrollment_id: tempId! } })).data.result,
  });

/** The effective date saved on the enrollment (mm/dd/yyyy), or null. */
export const useStoredEffectiveDate = (tempId: string | null) =>
  useQuery({
    queryKey: cartKeys.storedDate(tempId),
    enabled: !!tempId,
    queryFn: async () => {
      const r = await call(getEnrollmentTempInfo, { query: { enrollment_id: tempId!, column: 'effective_date' } });
      return (r.data?.result as string | null) ?? null;
    },
  });

export const usePrudentialCart = (tempId: string | null) =>
  useQuery({
    queryKey: cartKeys.prudential(tempId),
    enabled: !!tempId,
    queryFn: async () => (await call(cart.checkPrudentialCart, { query: { enrollment_id: tempId! } })).data,
  });

/** The cart's queries, asked again after a change (the session, with the header's badge, by lib/session.ts). */
export function useInvalidateCart() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: cartKeys.all });
}

export function useRemoveFromCart(tempId: string | null) {
  const invalidate = useInvalidateCart();
  return useMutation({
    mutationFn: async (row: { plan_id: number; plan_pricing_id: number }) =>
      (
        await call(cart.removePlanFromCart, {
          query: { enrollment_id: tempId!, plan_id: row.plan_id, plan_pricing_id: row.plan_pricing_id },
        })
      ).data,
    onSuccess: (data) => storage.set('cartCount', data.count),
    onSettled: () => invalidate(),
  });
}

/** The enrollment's calls load with the enrollment's files (on checkout or sending a quote), not with the cart page. */
const enrollmentContract = () => import('@store/domain/contract/enrollment');

/** The enrollment steps of this cart (owned by the enrollment's /get-dynamic-tabs). */
export async function fetchDynamicTabs(tempId: string): Promise<TDynamicTab[]> {
  const { getDynamicTabs } = await enrollmentContract();
  return (await call(getDynamicTabs, { query: { enrollment_id: tempId } })).data ?? [];
}

/** The required tab names in their order: the nav_array of the enrollment. */
export function requiredTabNames(tabs: TDynamicTab[]): string[] {
  return tabs
    .filter((t) => t.required)
    .sort((a, b) => a.order - b.order)
    .map((t) => t.tab_name);
}

export function useCheckout(tempId: string | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (effective_date: string) =>
      (await call(cart.cartCheckout, { body: { enrollment_id: tempId!, effective_date } })).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: cartKeys.storedDate(tempId) }),
  });
}

export async function fetchQuotePreview(tempId: string, form: TQuoteForm): Promise<string> {
  const r = await call(cart.getQuotePreviewContent, {
    query: { enrollment_id: tempId, email: form.email, name: form.name, message: form.message ?? '', tab: 'cart_info', type: 'preview' },
  });
  return r.data.content;
}

export async function sendQuote(tempId: string, form: TQuoteForm): Promise<string | undefined> {
  const { saveEnrollment } = await enrollmentContract();
  const r = await call(saveEnrollment, {
    body: { enrollment_id: tempId, email: form.email, name: form.name, message: form.message ?? '', tab: 'cart_info', data: {} },
  });
  return r.message;
}
