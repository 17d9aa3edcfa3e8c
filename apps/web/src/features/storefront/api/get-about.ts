import { useQuery } from '@tanstack/react-query';
import { getAgentAboutPageInfo, getGroupAboutPageInfo } from '@store/domain/contract/landing';
import { call } from '../../../lib/api-client';

/** About text of the rep or group of this visitor (get-agent-about-page-info / get-group-about-page-info). */
export function useAbout(kind: 'agent' | 'group' | null, id: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['about', kind, id],
    enabled: enabled && !!kind && !!id,
    queryFn: async () => {
      if (kind === 'group') {
        const r = await call(getGroupAboutPageInfo, { query: { group_id: id ?? '' } });
        return r.statusCode === 204 ? null : { name: r.data.display_about_name, text: r.data.gweb_aboutus };
      }
      const r = await call(getAgentAboutPageInfo, { query: { agent_id: id ?? '' } });
      return r.statusCode === 204 ? null : { name: r.data.display_about_name, text: r.data.agent_bio };
    },
  });
}
