import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as catalog from '@store/domain/contract/catalog';
import type { EndpointData } from '@store/domain/contract/endpoint';
import { call } from '../../../lib/api-client';

/** Plans priced for the quote by the server (prices, benefits, estimates) and the comparison kept with the quote. */
export const compareKeys = {
  facts: (tempId: string | null, cats: string[]) => ['plan-facts', tempId, cats.join(',')] as const,
  planFacts: (tempId: string | null, planId: number) => ['plan-facts', tempId, 'plan', planId] as const,
  comparison: (tempId: string | null) => ['compare-plans', tempId] as const,
};
type TComparison = EndpointData<typeof catalog.getComparePlans>;

export const fetchPlanFacts = async (tempId: string, categories: string[]) =>
  (await call(catalog.getPlanFacts, { query: { enrollment_id: tempId, categories: categories.length ? categories.join(',') : undefined } }))
    .data.result;

export function usePlanFacts(tempId: string | null, categories: string[] = []) {
  return useQuery({
    queryKey: compareKeys.facts(tempId, categories),
    enabled: !!tempId,
    queryFn: () => fetchPlanFacts(tempId!, categories),
  });
}

/** The facts of one plan for the quote (plan detail page); null when the plan is not sold. */
export function useOnePlanFacts(tempId: string | null, planId: number) {
  return useQuery({
    queryKey: compareKeys.planFacts(tempId, planId),
    enabled: !!tempId && planId > 0,
    queryFn: async () => (await call(catalog.getPlanFacts, { query: { enrollment_id: tempId!, plan_id: planId } })).data.result[0] ?? null,
  });
}

export function useComparison(tempId: string | null, enabled = true) {
  return useQuery({
    queryKey: compareKeys.comparison(tempId),
    enabled: enabled && !!tempId,
    queryFn: async () => (await call(catalog.getComparePlans, { query: { enrollment_id: tempId! } })).data,
  });
}

/**
 * Saves the chosen plan ids with the quote. The choice shows at once (optimistic) and goes back if the server
 * refuses it; the answer (the comparison with its facts) replaces the cached one.
 */
export function useSaveComparison(tempId: string | null) {
  const qc = useQueryClient();
  const key = compareKeys.comparison(tempId);
  return useMutation({
    mutationKey: ['save-compare-plans', tempId],
    mutationFn: async (planIds: number[]) =>
      (await call(catalog.saveComparePlans, { body: { enrollment_id: tempId!, plan_ids: planIds } })).data,
    onMutate: async (planIds) => {
      await qc.cancelQueries({ queryKey: key });
      const before = qc.getQueryData<TComparison>(key);
      qc.setQueryData<TComparison>(key, { plan_ids: planIds, plans: (before?.plans ?? []).filter((p) => planIds.includes(p.plan_id)) });
      return { before };
    },
    onError: (_err, _ids, context) => qc.setQueryData(key, context?.before),
    // a later choice made while this one was on its way wins: only the last answer replaces the cache
    onSuccess: (data) => {
      if (qc.isMutating({ mutationKey: ['save-compare-plans', tempId] }) <= 1) qc.setQueryData(key, data);
    },
  });
}
