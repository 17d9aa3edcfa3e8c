import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import * as catalog from '@store/domain/contract/catalog';
import { call } from '../../../lib/api-client';
import { catalogKeys, PUBLIC_STALE_MS, type PlanTextLang } from './keys';

/** The language of the plan texts on screen (a key of the catalog's queries: switching language asks again). */
export function usePlanTextLang(): PlanTextLang {
  return useTranslation().i18n.language === 'es' ? 'es' : 'en';
}

/** The plan list, the menu's plans, the list's filter fields, a plan's description, price and related plans. */
const cats = (categories: string[]) => (categories.length ? categories.join(',') : undefined);

/**
 * The plans page of a quote in one request (decision 2380): the cards with each plan priced for the quote, the
 * categories to choose from, the plans chosen to compare and who the quote is for.
 */
export const quotePlansQuery = (tempId: string | null, categories: string[], lang: PlanTextLang) => ({
  queryKey: catalogKeys.quotePlans(tempId, categories, lang),
  enabled: !!tempId,
  queryFn: async () => (await call(catalog.getQuotePlans, { query: { enrollment_id: tempId!, categories: cats(categories) } })).data,
});

export async function fetchMenuPlans(categories: string[], ctx: Record<string, string | null>) {
  const q = (v: string | null | undefined) => v ?? undefined;
  const lists = await Promise.all(
    categories.map(
      async (category) =>
        (
          await call(catalog.getMenuFilteredPlans, {
            query: {
              category: category as never,
              group_id: q(ctx.group_id),
              agent_id: q(ctx.agent_id),
              portal_id: q(ctx.portal_id),
              eprocess: q(ctx.eprocess),
              open_type: q(ctx.open_type),
            },
          })
        ).data.result,
    ),
  );
  return lists.flat();
}

export const fetchPlanDescription = async (id: number) => (await call(catalog.getPlanDescription, { params: { planId: id } })).data.result;

/** A plan's description; index.html may carry it (src/app/seed-query-cache.ts puts it into the query cache). */
export const planDetailQuery = (id: number, lang: PlanTextLang) => ({
  queryKey: catalogKeys.detail(id, lang),
  enabled: id > 0,
  queryFn: () => fetchPlanDescription(id),
  staleTime: PUBLIC_STALE_MS,
});
export function usePlanDetail(id: number) {
  const lang = usePlanTextLang();
  // the other language's answer stays on screen until this one is here (nothing jumps to a spinner)
  return useQuery({ ...planDetailQuery(id, lang), placeholderData: (previous) => (previous?.plan_id === id ? previous : undefined) });
}

/** A plan's price for the quote; without a quote the answer is everyone's (index.html may carry it) and stays fresh a few minutes. */
export const pricingQuery = (id: number, tempId: string | null) => ({
  queryKey: catalogKeys.pricing(id, tempId),
  enabled: id > 0,
  retry: false,
  queryFn: async () => (await call(catalog.getPlanPricingDetail, { query: { pid: id, enrollment_id: tempId ?? undefined } })).data,
  ...(tempId ? {} : { staleTime: PUBLIC_STALE_MS }),
});
export const usePricing = (id: number, tempId: string | null) => useQuery(pricingQuery(id, tempId));

export const useRelatedPlans = (id: number, tempId: string | null, lang: PlanTextLang) =>
  useQuery({
    queryKey: catalogKeys.related(id, tempId, lang),
    enabled: id > 0,
    queryFn: async () => (await call(catalog.getRelatedPlans, { query: { enrollment_id: tempId ?? undefined, plan_id: id } })).data.result,
  });

export const useGroupAgentMemberInfo = (tempId: string | null, groupId: string | null, enabled = true) =>
  useQuery({
    queryKey: catalogKeys.info(tempId, groupId),
    enabled: enabled && (!!tempId || !!groupId),
    retry: false,
    queryFn: async () =>
      (await call(catalog.getGroupAgentMemberInfo, { query: tempId ? { enrollment_id: tempId } : { group_id: groupId ?? undefined } }))
        .data,
  });
