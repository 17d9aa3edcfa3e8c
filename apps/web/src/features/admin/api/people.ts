import type { TPageQuery } from '@store/domain/admin';
import * as c from '@store/domain/contract/admin';
import { useAdminMutation, useAdminQuery } from './admin-query';

/** Reps, groups, portals and sign-in accounts. */
export const useAgents = (query: Partial<TPageQuery>) => useAdminQuery(c.listAgents, { query }, { list: true });
export const useAgent = (id: string | number | null) => useAdminQuery(c.getAgent, id === null ? null : { params: { id } });
export const useCreateAgent = () => useAdminMutation(c.createAgent);
export const useUpdateAgent = (id: number) => useAdminMutation(c.updateAgent, { id });

export const useGroups = (query: Partial<TPageQuery> & { agent_id?: number }) => useAdminQuery(c.listGroups, { query }, { list: true });
export const useGroup = (id: string | number | null) => useAdminQuery(c.getGroup, id === null ? null : { params: { id } });
export const useCreateGroup = () => useAdminMutation(c.createGroup);
export const useUpdateGroup = (id: number) => useAdminMutation(c.updateGroup, { id });

export const usePortals = (query: Partial<TPageQuery>) => useAdminQuery(c.listPortals, { query }, { list: true });
export const useCreatePortal = () => useAdminMutation(c.createPortal);
export const useUpdatePortal = (id: number) => useAdminMutation(c.updatePortal, { id });

export const useAccounts = (query: Partial<TPageQuery> & { role?: (typeof c.ACCOUNT_ROLES)[number] }) =>
  useAdminQuery(c.listAccounts, { query }, { list: true });
export const useCreateAccount = () => useAdminMutation(c.createAccount);
export const useResetPassword = (id: number) => useAdminMutation(c.resetAccountPassword, { id });
export const useSetAccountActive = (id: number) => useAdminMutation(c.setAccountActive, { id });

/** Creates (id null) or saves a rep, a group or a portal. */
export function useSaveAgent(id: number | null) {
  const create = useCreateAgent();
  const update = useUpdateAgent(id ?? 0);
  return id === null ? create : update;
}
export function useSaveGroup(id: number | null) {
  const create = useCreateGroup();
  const update = useUpdateGroup(id ?? 0);
  return id === null ? create : update;
}
export function useSavePortal(id: number | null) {
  const create = useCreatePortal();
  const update = useUpdatePortal(id ?? 0);
  return id === null ? create : update;
}
