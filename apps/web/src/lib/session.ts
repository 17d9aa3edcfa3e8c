import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { TMe } from '@store/domain/auth';
import type { TSession } from '@store/domain/session';
import { getSession } from '@store/domain/contract/session';
import * as cart from '@store/domain/contract/cart';
import type { Endpoint } from '@store/domain/contract/endpoint';
import { afterChange, call } from './api-client';
import { queryClient } from './query-client';
import { deviceId, storage, useStored } from './storage';

/**
 * The visitor's session, asked once per page load with one call (GET /api/v1/get-session, decision 2760): who is signed
 * in, the stored quote's cart (the header's badge and amount, the filter bar's premier wording) and whether this
 * device left a lead (the location banner). Keyed by the stored tempId: another quote asks again. Whatever changes
 * one of them (sign-in, the cart, a new quote) invalidates ['session'].
 */
export const sessionKeys = {
  all: ['session'] as const,
  of: (tempId: string | null) => ['session', tempId] as const,
};

/**
 * The calls that change a cart: after each one (from the plans, a plan, the compare page or the cart) the session is
 * asked again, so the header's badge and amount and the filter bar's premier wording follow the cart. Named here,
 * with the first page's code, and nowhere else: no page invalidates the session after a cart change itself.
 */
export const CART_CHANGES: readonly Endpoint[] = [cart.addPlanToCart, cart.addPlanToCartPrudentials, cart.removePlanFromCart];
afterChange((e) => {
  if (CART_CHANGES.includes(e)) void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
});

/** Don't Allow on the location banner, kept by this browser: its device is not asked about again. */
export const LOCATION_DECLINED = 'locationDeclined';
/** The location banner closed for this tab's session (an Allow whose recording failed). */
export const LOCATION_DISMISSED = 'locationBannerDismissed';
/** The banner will not show: the device's lead is not asked about (as the banner's own check did not ask). */
export const locationBannerClosed = () => !!sessionStorage.getItem(LOCATION_DISMISSED) || localStorage.getItem(LOCATION_DECLINED) === '1';

export async function fetchSession(tempId: string | null): Promise<TSession> {
  const s = (
    await call(getSession, {
      query: { enrollment_id: tempId ?? undefined, device_id: locationBannerClosed() ? undefined : deviceId() },
    })
  ).data;
  // Only for the cart still stored: a late answer for a finished enrollment (the receipt removed its tempId) must not revive it.
  if (tempId && storage.get('tempId') === tempId) storage.set('cartCount', s.cart?.count ?? 0);
  return s;
}

export const sessionQuery = (tempId: string | null) => ({
  queryKey: sessionKeys.of(tempId),
  queryFn: () => fetchSession(tempId),
  staleTime: 15_000,
});

/**
 * A part of the session. Another quote keeps who is signed in and the lead on screen while its answer comes (only
 * the cart is unknown until then), so nothing signed in looks signed out for a moment.
 */
export function useSession<T>(select: (s: TSession) => T) {
  const tempId = useStored('tempId');
  return useQuery({
    ...sessionQuery(tempId),
    placeholderData: (previous: TSession | undefined) => (previous ? { ...previous, cart: null } : undefined),
    select,
  });
}

/** Who is signed in, now: the cached answer, else asked (a click quicker than the first answer waits for it). */
export const ensureMe = async (qc: QueryClient): Promise<TMe> => (await qc.ensureQueryData(sessionQuery(storage.get('tempId')))).me;

/** Someone signed in (or out): the sessions in the cache say so at once, and are asked again for the rest. */
export function setSessionMe(qc: QueryClient, me: TMe): void {
  qc.setQueriesData<TSession>({ queryKey: sessionKeys.all }, (s) => (s ? { ...s, me } : s));
  void qc.invalidateQueries({ queryKey: sessionKeys.all });
}
