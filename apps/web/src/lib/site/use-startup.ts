import { startTransition, useEffect, useState } from 'react';
import { getDomainSite, getElevatePortalId } from './api/start-up';
import { getAgentLanding, getGroupLanding } from './api/branding';
import { storage } from '../storage';
import { useSite } from './site-context';
import { EXTERNAL_SITE_KEYS, externalSiteName } from './api/external-site-query';

/**
 * Start-up logic of storefront.md section 4: the visitor's mode from the host, the query
 * (agent_id, group_id, uid, external site, referral) and stored values; the matching landing info is
 * checked, and a failed or 204 look-up sends the visitor to /404. The go-enroll host with a landing
 * parameter stores the group and portal of its domain.
 */
export function useStartup(): boolean {
  const site = useSite();
  // Most visits need no look-up: the page renders in the first render (one time-sliced transition) rather than
  // after a spinner and a second, synchronous render of the whole app.
  const [ready, setReady] = useState(() => !needsLookUp(site.kind, new URLSearchParams(window.location.search)));

  useEffect(() => {
    let cancelled = false;
    (async () => {
      const q = new URLSearchParams(window.location.search);
      const agentId = q.get('agent_id');
      const groupId = q.get('group_id');
      const uid = q.get('uid');
      const external = externalSiteName(q);
      const fromSite = q.get('from_site') ?? external;
      if (fromSite) storage.set('fromSite', fromSite);
      try {
        if (external) await (await import('./api/external-site')).loadExternalSite(external);
        if (site.kind === 'go-enroll' && q.get('landing')) {
          const domain = await getDomainSite(window.location.host);
          if (!domain) throw new Error('unknown domain');
          storage.set('group_id', domain.gid);
          storage.set('portal_id', domain.portal_id);
          storage.set('open_type', q.get('landing') === 'agent' ? 'agent' : 'group');
        }
        if (agentId) {
          if (!(await getAgentLanding(agentId))) throw new Error('unknown agent');
          storage.set('agent_id', agentId);
          storage.set('AGENT_ID', agentId);
          storage.set('open_type', 'agent');
        } else if (groupId) {
          if (!(await getGroupLanding(groupId))) throw new Error('unknown group');
          storage.set('group_id', groupId);
          storage.set('open_type', 'group');
        }
        if (uid) {
          storage.set('user_id', uid);
          storage.set('USER_ID', uid);
        }
        if (fromSite === 'elevate' && storage.get('open_type') === 'group') {
          storage.set('portal_id', await getElevatePortalId());
        }
      } catch {
        // the store's own /404, also from under a landing-name prefix (the router's basename would keep it)
        if (!cancelled) window.location.replace('/404');
        return;
      }
      if (!cancelled) startTransition(() => setReady(true));
    })();
    return () => {
      cancelled = true;
    };
    // once per page load
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return ready;
}

/**
 * Whether the page waits for the start-up: when the address carries what it looks up or stores (a landing domain,
 * a rep's or group's link, a user id, an external site), since it may send the visitor to /404 or change the mode
 * the page is shown in. A plain visit waits for nothing.
 */
function needsLookUp(siteKind: string, q: URLSearchParams): boolean {
  return (
    (siteKind === 'go-enroll' && !!q.get('landing')) ||
    ['agent_id', 'group_id', 'uid', 'from_site', ...EXTERNAL_SITE_KEYS].some((k) => q.has(k))
  );
}
