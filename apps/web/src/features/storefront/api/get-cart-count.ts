import { useSession } from '../../../lib/session';

/** The cart of the stored tempId for the header's badge: its count (0 without a quote) and monthly amount, from the session. */
export const useCartCount = () => useSession((s) => s.cart?.count ?? 0);

/** The cart's monthly amount for the header, beside the badge (null without a cart). */
export const useCartAmount = () => useSession((s) => s.cart?.amount ?? null);
