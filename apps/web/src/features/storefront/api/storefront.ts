import { useQuery } from '@tanstack/react-query';
import type {
  TAgentValidation,
  TAssistAnswer,
  TAssistGet,
  TGroupValidation,
  TPlanCard,
  TReferralInfo,
  TAgentRegistrationQuery,
} from '@store/domain/storefront';
import { api } from '../../../lib/api-client';
import { deviceId, storage, useStored } from '../../../lib/storage';

/** The visitor's mode as the calls of storefront.md want it (all optional). */
export function useVisitorQuery() {
  return {
    agent_id: useStored('agent_id') ?? undefined,
    group_id: useStored('group_id') ?? undefined,
    portal_id: useStored('portal_id') ?? undefined,
    eprocess: useStored('eprocess') ?? undefined,
    open_type: useStored('open_type') ?? undefined,
  };
}

type VisitorQuery = ReturnType<typeof useVisitorQuery>;

/** The visitor's mode as stored now (outside React: the start-up seeding of the query cache). */
export const visitorQueryNow = (): VisitorQuery => ({
  agent_id: storage.get('agent_id') ?? undefined,
  group_id: storage.get('group_id') ?? undefined,
  portal_id: storage.get('portal_id') ?? undefined,
  eprocess: storage.get('eprocess') ?? undefined,
  open_type: storage.get('open_type') ?? undefined,
});

export const commonMenuKey = (q: VisitorQuery, fromSite: string | null) => ['common-menu', q, fromSite] as const;

/** The category menu: the group menu for group visitors, the common menu otherwise. */
export function useCommonMenu() {
  const q = useVisitorQuery();
  const fromSite = useStored('fromSite');
  const group = q.open_type === 'group' && q.group_id;
  return useQuery({
    queryKey: commonMenuKey(q, fromSite),
    queryFn: async () => {
      const r = group
        ? await api.get<string[]>('/api/v1/get-group-menu', {
            group_id: q.group_id,
            from_site: fromSite === 'elevate' ? fromSite : undefined,
          })
        : await api.get<string[]>('/api/v1/get-common-menu', q);
      return r.statusCode === 204 ? [] : (r.data ?? []);
    },
    // The common menu came with the page (src/app/seed-query-cache.ts): the header paints with it, without a round trip.
    staleTime: 5 * 60_000,
  });
}

/** Cart count of the stored tempId (the cart engineer's get-cart-count): 0 when absent or failing. */
export function useCartCount() {
  const tempId = useStored('tempId');
  return useQuery({
    queryKey: ['cart-count', tempId],
    enabled: !!tempId,
    queryFn: async () => {
      try {
        const r = await api.get<{ result?: number | string } | number>('/api/v1/get-cart-count', { enrollment_id: tempId });
        const d = r.data;
        const n = Number(typeof d === 'object' && d !== null ? d.result : d);
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
        return (await api.get<{ result: string }>('/api/v1/get-cart-amount', { enrollment_id: tempId })).data.result ?? null;
      } catch {
        return null;
      }
    },
    staleTime: 15_000,
  });
}

export function useFeaturedPlans() {
  const q = useVisitorQuery();
  return useQuery({
    queryKey: ['featured-plans', q],
    queryFn: async () => (await api.get<TPlanCard[]>('/api/v1/get-featured-plans', q)).data ?? [],
    staleTime: 5 * 60_000,
  });
}

/** About text of the rep or group of this visitor. */
export function useAbout(kind: 'agent' | 'group' | null, id: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['about', kind, id],
    enabled: enabled && !!kind && !!id,
    queryFn: async () => {
      if (kind === 'group') {
        const r = await api.get<{ gweb_aboutus: string | null; display_about_name: string | null }>('/api/v1/get-group-about-page-info', {
          group_id: id,
        });
        return r.statusCode === 204 ? null : { name: r.data.display_about_name, text: r.data.gweb_aboutus };
      }
      const r = await api.get<{ agent_bio: string | null; display_about_name: string | null }>('/api/v1/get-agent-about-page-info', {
        agent_id: id,
      });
      return r.statusCode === 204 ? null : { name: r.data.display_about_name, text: r.data.agent_bio };
    },
  });
}

/** null when the code is not found (HTTP 204). */
export async function validateAgentCode(code: string): Promise<TAgentValidation | null> {
  const r = await api.get<TAgentValidation>('/api/v1/validate-agent', { agent_code: code });
  return r.statusCode === 204 ? null : r.data;
}
export async function validateGroupCode(code: string): Promise<TGroupValidation | null> {
  const r = await api.get<TGroupValidation>('/api/v1/validate-group', { group_code: code });
  return r.statusCode === 204 ? null : r.data;
}

export function useReferral(rid: string | null) {
  return useQuery({
    queryKey: ['referral', rid],
    enabled: !!rid,
    queryFn: async () => (await api.get<TReferralInfo>('/api/v1/get-enrollment-info-referral', { referral_id: rid })).data,
  });
}

export async function sendAgentRegistration(body: TAgentRegistrationQuery): Promise<string> {
  const r = await api.post<null>('/api/v2/agent-registration-query', body);
  return r.message ?? '';
}

export function useStates() {
  return useQuery({
    queryKey: ['states'],
    queryFn: async () => (await api.get<{ result: { name: string; abbrev: string }[] }>('/api/v1/get-states')).data.result,
    staleTime: Infinity,
  });
}

export function useTicketLink() {
  return useQuery({
    queryKey: ['ticket-link'],
    queryFn: async () => (await api.get<{ ticket: string }>('/api/v1/get-ticket-link')).data.ticket,
    staleTime: Infinity,
  });
}

// ---------- leads and chat ----------

const webUrl = () => window.location.origin + window.location.pathname;

export async function checkLead(): Promise<boolean> {
  const r = await api.get<{ recorded: boolean }>('/api/v1/check-lead-information', {
    device_id: deviceId(),
    web_url: webUrl(),
    agent_id: storage.get('agent_id'),
  });
  return !!r.data?.recorded;
}

export async function storeLead(): Promise<void> {
  await api.getChanging('/api/v1/get-lead-information', {
    store_information: 1,
    device_id: deviceId(),
    web_url: webUrl(),
    agent_id: storage.get('agent_id'),
    group_id: storage.get('group_id'),
  });
}

export async function fetchChat(): Promise<TAssistGet> {
  return (await api.get<TAssistGet>('/api/v1/assist/get', { device_id: deviceId(), agent_id: storage.get('agent_id'), web_url: webUrl() }))
    .data;
}

export async function sendChatAnswer(questionId: number, answer: string): Promise<TAssistAnswer> {
  return (
    await api.post<TAssistAnswer>('/api/v1/assist/add', {
      question_id: questionId,
      answer,
      device_id: deviceId(),
      agent_id: storage.get('agent_id') ?? undefined,
      web_url: webUrl(),
    })
  ).data;
}
