import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPlanDescription } from '@store/domain/contract/catalog';
import { call } from '../../../lib/api-client';

/** A cart row's plan description (get-plan-detail/{planId}; HTML sanitized by the server). */
export const fetchPlanDescription = async (planId: number) => (await call(getPlanDescription, { params: { planId } })).data.result;

export const planDescriptionQuery = (planId: number | null) =>
  queryOptions({ queryKey: ['cart', 'plan-detail', planId], enabled: planId !== null, queryFn: () => fetchPlanDescription(planId!), staleTime: 5 * 60_000 });

export const usePlanDescription = (planId: number | null) => useQuery(planDescriptionQuery(planId));
