import { useQuery } from '@tanstack/react-query';
import { getCartAmount, getCartCount } from '@store/domain/contract/cart';
import { call } from '../../../lib/api-client';
import { storage, useStored } from '../../../lib/storage';

/** Cart count of the stored tempId for the header's badge (get-cart-count): 0 when absent or failing. */
export function useCartCount() {
  const tempId = useStored('tempId');
  return useQuery({
    queryKey: ['cart-count', tempId],
    enabled: !!tempId,
    queryFn: async () => {
      try {
        const n = Number((await call(getCartCount, { query: { enrollment_id: tempId ?? undefined } })).data?.result);
        const count = Number.isFinite(n) && n > 0 ? n : 0;
        // Only for the cart still stored: a late answer for a finished enrollment (the receipt removed its tempId) must not revive it.
        if (storage.get('tempId') === tempId) storage.set('cartCount', count);
        return count;
      } catch {
        return 0;
      }
    },
    staleTime: 15_000,
  });
}

/** The cart's monthly amount for the header, beside the badge (get-cart-amount); refreshed with the count. */
export function useCartAmount(count: number) {
  const tempId = useStored('tempId');
  return useQuery({
    queryKey: ['cart-count', tempId, 'amount'],
    enabled: !!tempId && count > 0,
    queryFn: async () => {
      try {
        return (await call(getCartAmount, { query: { enrollment_id: tempId ?? '' } })).data?.result ?? null;
      } catch {
        return null;
      }
    },
    staleTime: 15_000,
  });
}
