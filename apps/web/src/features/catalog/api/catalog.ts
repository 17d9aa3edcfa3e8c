import { useQuery } from '@tanstack/react-query';
import type { TGroupAgentMemberInfo, TMemberRow, TPlanCard, TPlanDescription, TPortal, TPriceCard, TPricingAnswer, TQuestion } from '@store/domain/catalog';
import { api, ApiError, call } from '../../../lib/api-client';
import type { EndpointInput } from '@store/domain/contract/endpoint';
import * as contract from '@store/domain/contract/cart';
import { startupData, startupDataAt } from '../../../lib/startup-data';

/** Fetchers and hooks of the catalog calls (plans-and-cart.md section 7). */
export const catalogKeys = {
  plans: (tempId: string | null, cats: string[]) => ['plans', 'filtered', tempId, cats.join(',')] as const,
  menuPlans: (cats: string[]) => ['plans', 'menu', cats.join(',')] as const,
  leftFields: (tempId: string | null) => ['plans', 'left-fields', tempId] as const,
  detail: (id: number) => ['plan-detail', id] as const,
  pricing: (id: number, tempId: string | null) => ['plan-pricing', id, tempId] as const,
  info: (tempId: string | null, groupId: string | null) => ['group-agent-member-info', tempId, groupId] as const,
  answered: (id: number, tempId: string | null) => ['plan-answered', id, tempId] as const,
  aflac: (id: number, tempId: string | null) => ['plan-aflac', id, tempId] as const,
  related: (id: number, tempId: string | null) => ['plan-related', id, tempId] as const,
  tempDeps: (tempId: string | null) => ['temp-dependent-info', tempId] as const,
};

export async function fetchFilteredPlans(tempId: string, categories: string[]): Promise<TPlanCard[]> {
  return (await api.get<{ result: TPlanCard[] }>('/api/v1/get-filtered-plans', { enrollment_id: tempId, categories: categories.length ? categories.join(',') : undefined })).data.result;
}

export async function fetchMenuPlans(categories: string[], ctx: Record<string, string | null>): Promise<TPlanCard[]> {
  const lists = await Promise.all(categories.map(async (category) => (await api.get<{ result: TPlanCard[] }>('/api/v1/get-menu-filtered-plans', { category, ...ctx })).data.result));
  return lists.flat();
}

export function useLeftSideFields(tempId: string | null) {
  return useQuery({
    queryKey: catalogKeys.leftFields(tempId),
    enabled: !!tempId,
    queryFn: async () => (await api.get<{ result: { categories: { key: string; name: string; section: string }[]; selected: string[] } }>('/api/v1/get-left-side-filter-fields', { enrollment_id: tempId })).data.result,
  });
}

/** The plan page's public answers that index.html carried (src/app/startup-data.ts), for this plan only. */
const pagePlan = (id: number) => (startupData.plan?.id === id ? startupData.plan : undefined);
/** Public answers (no quote) stay fresh a few minutes, counted from when the page was loaded. */
const PUBLIC_STALE_MS = 5 * 60_000;

export function usePlanDetail(id: number) {
  return useQuery({
    queryKey: catalogKeys.detail(id),
    enabled: id > 0,
    queryFn: async () => (await api.get<{ result: TPlanDescription }>(`/api/v1/get-plan-detail/${id}`)).data.result,
    initialData: () => pagePlan(id)?.detail,
    initialDataUpdatedAt: startupDataAt,
    staleTime: PUBLIC_STALE_MS,
  });
}

export function usePricing(id: number, tempId: string | null) {
  return useQuery({
    queryKey: catalogKeys.pricing(id, tempId),
    enabled: id > 0,
    retry: false,
    queryFn: async () => (await api.get<TPricingAnswer>('/api/v1/get-plan-pricing-detail', { pid: id, enrollment_id: tempId })).data,
    // Without a quote the answer is everyone's (index.html may carry it); a quote's price is always asked.
    ...(tempId ? {} : { initialData: () => pagePlan(id)?.pricing, initialDataUpdatedAt: startupDataAt, staleTime: PUBLIC_STALE_MS }),
  });
}

export function useGroupAgentMemberInfo(tempId: string | null, groupId: string | null) {
  return useQuery({
    queryKey: catalogKeys.info(tempId, groupId),
    enabled: !!tempId || !!groupId,
    retry: false,
    queryFn: async () => (await api.get<TGroupAgentMemberInfo>('/api/v1/get-group-agent-member-info', tempId ? { enrollment_id: tempId } : { group_id: groupId })).data,
  });
}

export function useAlreadyAnswered(id: number, tempId: string | null) {
  return useQuery({
    queryKey: catalogKeys.answered(id, tempId),
    enabled: id > 0 && !!tempId,
    queryFn: async () => (await api.get<{ status: boolean; required: boolean; declined: boolean; message: string | null }>('/api/v1/check-already-answered', { enrollment_id: tempId, plan_id: id })).data,
  });
}

export type TAflacQuestion = { qid: number; question: string; true_condition: boolean | null };
export function useAflacQuestions(id: number, tempId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: catalogKeys.aflac(id, tempId),
    enabled: enabled && !!tempId,
    queryFn: async () => {
      const r = await api.get<{ result: TAflacQuestion[]; answered: boolean }>('/api/v1/get-aflac-questions', { enrollment_id: tempId, plan_id: id });
      return r.statusCode === 204 ? { result: [], answered: true } : r.data;
    },
  });
}

export function useRelatedPlans(id: number, tempId: string | null) {
  return useQuery({ queryKey: catalogKeys.related(id, tempId), enabled: id > 0, queryFn: async () => (await api.get<{ result: TPlanCard[] }>('/api/v1/get-related-plans', { enrollment_id: tempId, plan_id: id })).data.result });
}

export function useTempDependentInfo(tempId: string | null) {
  return useQuery({
    queryKey: catalogKeys.tempDeps(tempId),
    enabled: !!tempId,
    retry: false,
    queryFn: async () => (await api.get<{ spouse_dob: string | null; no_of_children: number | null }>('/api/v1/get-temp-dependent-info', { enrollment_id: tempId })).data,
  });
}

export const storeTempDependentInfo = (body: { enrollment_id: string; plan_id?: number; dep_dob?: string; no_of_children?: string }) => api.post('/api/v1/store-temp-dependent-info', body);

export const fetchQuestions = async (tempId: string, planId: number) => (await api.get<{ result: TQuestion[] }>('/api/v1/get-questions', { enrollment_id: tempId, plan_id: planId, type: 'save' })).data.result;
export const saveQuestionAnswers = async (body: unknown) => (await api.post<{ declined: boolean; errorCode: string | null; message: string }>('/api/v1/save-question-answers', body)).data;
export const saveAflacAnswers = (body: { enrollment_id: string; plan_id: number; aflac_data: { qid: number; true_condition: boolean }[] }) => api.post('/api/v1/save-aflac-questions', body);

export const checkAlreadyInCart = async (body: EndpointInput<typeof contract.checkAlreadyInCart>['body']) => (await call(contract.checkAlreadyInCart, { body })).data.status;
export const checkPrudentialPlan = async (tempId: string, planId: number) => (await api.get<{ status: boolean; depdob: boolean }>('/api/v1/check-prudential-plan', { enrollment_id: tempId, plan_id: planId })).data;
export const addPlanToCart = (body: EndpointInput<typeof contract.addPlanToCart>['body']) => call(contract.addPlanToCart, { body });
export const addPlanToCartPrudentials = (body: EndpointInput<typeof contract.addPlanToCartPrudentials>['body']) => call(contract.addPlanToCartPrudentials, { body });
export const fetchMembershipPricing = async (tempId: string) => (await api.get<{ plans: TPriceCard[]; association_text: string | null }>('/api/v1/get-plan-pricing-detail-elevate', { enrollment_id: tempId })).data;
export const fetchMembershipFees = async (planId: number) => (await api.get<{ result: { plan_id: number; plan_name: string; fee_text: string; association_text: string }[] }>('/api/v1/get-plan-detail', { plan_id: planId })).data.result;

export const fetchAgentMembers = async () => (await api.get<{ result: TMemberRow[] }>('/api/v1/get-agent-members')).data.result;
export const fetchGroupUsers = async () => (await api.get<{ result: TMemberRow[] }>('/api/v1/get-group-users')).data.result;
export const fetchEnrollmentPlatforms = async () => (await api.get<{ result: TPortal[] }>('/api/v1/get-enrollment-platforms')).data.result;
export const fetchAgentGroups = async () => (await api.get<{ result: { gid: number; gname: string; gcode: string }[] }>('/api/v1/get-agent-groups')).data.result;

/** The wire's error code of a refused add (blackoutError, alreadyActiveError, alreadyInCart …). */
export const errorCodeOf = (err: unknown) => (err instanceof ApiError ? (err.fieldErrors[0]?.target_element ?? null) : null);
