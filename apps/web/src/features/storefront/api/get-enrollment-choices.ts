import { useQuery } from '@tanstack/react-query';
import { getAgentGroups, getEnrollmentPlatforms } from '@store/domain/contract/catalog';
import { call } from '../../../lib/api-client';

type Ids = { agent_id?: number | string | null; group_id?: number | string | null };
const clean = (v: number | string | null | undefined) => (v === null || v === undefined ? undefined : String(v));

/** The enrollment portals a rep or group may enroll in (get-enrollment-platforms), once the start dialog is open. */
export const usePortals = (ids: Ids, enabled: boolean) =>
  useQuery({
    queryKey: ['enrollment-platforms', ids],
    enabled,
    queryFn: async () =>
      (await call(getEnrollmentPlatforms, { query: { agent_id: clean(ids.agent_id), group_id: clean(ids.group_id) } })).data?.result ?? [],
  });

/** The rep's groups (get-agent-groups). */
export const useAgentGroups = (agentId: number | string | null | undefined, enabled: boolean) =>
  useQuery({
    queryKey: ['agent-groups', agentId],
    enabled,
    queryFn: async () => (await call(getAgentGroups, { query: { agent_id: clean(agentId) } })).data?.result ?? [],
  });
