import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import i18n from '../../../lib/i18n';

/** A cart row's plan description (get-plan-detail/{planId}; HTML sanitized by the server). */
/** The catalog's contract comes with the first call (it stays out of the cart page's file, which the plan list preloads). */
export const fetchPlanDescription = async (planId: number) => {
  const { getPlanDescription } = await import('@store/domain/contract/catalog');
  return (await call(getPlanDescription, { params: { planId } })).data.result;
};

export const planDescriptionQuery = (planId: number | null) => ({
  // the texts come in the language on screen (Accept-Language)
  queryKey: ['cart', 'plan-detail', planId, i18n.language],
  enabled: planId !== null,
  queryFn: () => fetchPlanDescription(planId!),
  staleTime: 5 * 60_000,
});

export const usePlanDescription = (planId: number | null) => useQuery(planDescriptionQuery(planId));
