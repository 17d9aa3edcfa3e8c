import { useQuery } from '@tanstack/react-query';
import { getAgentLandingPageInfo, getGroupLandingPageInfo } from '@store/domain/contract/landing';
import { call } from '../../api-client';
import { useStored } from '../../storage';

/** A rep's landing info; null when no active rep has this id (204). */
export const getAgentLanding = async (agentId: string | number) => {
  const r = await call(getAgentLandingPageInfo, { query: { agent_id: agentId } });
  return r.statusCode === 204 ? null : r.data;
};
/** A group's landing info; null when no active group has this id (204). */
export const getGroupLanding = async (groupId: string | number) => {
  const r = await call(getGroupLandingPageInfo, { query: { group_id: groupId } });
  return r.statusCode === 204 ? null : r.data;
};

export const agentLandingQuery = (agentId: string | null) => ({
  queryKey: ['agent-landing', agentId],
  enabled: !!agentId,
  queryFn: () => getAgentLanding(agentId!),
  staleTime: 5 * 60_000,
});

export const groupLandingQuery = (groupId: string | null) => ({
  queryKey: ['group-landing', groupId],
  enabled: !!groupId,
  queryFn: () => getGroupLanding(groupId!),
  staleTime: 5 * 60_000,
});

/**
 * The rep's or group's landing info of this visitor (by stored open type): display name, phone, email,
 * logo, tagline and About text.
 */
export function useBranding() {
  const openType = useStored('open_type');
  const agentId = useStored('agent_id');
  const groupId = useStored('group_id');
  const agent = useQuery(agentLandingQuery(openType === 'group' ? null : agentId));
  const group = useQuery(groupLandingQuery(openType === 'group' ? groupId : null));
  if (openType === 'group' && group.data) {
    const g = group.data;
    return {
      kind: 'group' as const,
      id: g.group_id,
      display_name: g.display_name,
      display_phone: g.display_phone,
      display_email: g.display_email,
      logo: g.logo,
      tagline: g.tagline,
      about_name: g.display_about_name,
      about: g.gweb_aboutus,
      banner_image: g.banner_image,
    };
  }
  if (agent.data) {
    const a = agent.data;
    return {
      kind: 'agent' as const,
      id: a.agent_id,
      display_name: a.display_name,
      display_phone: a.display_phone,
      display_email: a.display_email,
      logo: a.logo,
      tagline: a.tagline,
      about_name: a.display_about_name,
      about: a.agent_bio,
      banner_image: a.banner_image,
    };
  }
  return null;
}
