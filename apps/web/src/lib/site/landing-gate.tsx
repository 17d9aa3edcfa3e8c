import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { useLanding } from './api/validate-landing';
import { storage } from '../storage';
import { Spinner } from '../../components/ui/alert';

/**
 * The landing-name prefix of storefront.md section 2 (/{landing_url} and every route under it): the landing is
 * checked before any page shows. The first visit under a landing, whichever page it opens, stores whom the
 * landing belongs to (so the header shows the rep or group and quotes are credited to them), forgets a quote made
 * elsewhere, and reloads the page in full; an unknown landing name goes to /404. Later pages show at once while
 * the landing is checked again.
 */
export function LandingGate({ landing, children }: { landing: string; children: ReactNode }) {
  const current = storage.get('landing') === landing;
  const { data, isError, isSuccess } = useLanding(landing);
  useEffect(() => {
    if (isError || (isSuccess && !data)) {
      window.location.replace('/404');
      return;
    }
    if (data && !current) {
      storage.remove('tempId', 'cartCount', 'eprocess', 'enroll_type', 'portal_id', 'referral');
      storage.set('landing', landing);
      storage.set('open_type', data.type);
      if (data.type === 'agent') {
        storage.set('agent_id', data.agent_id);
        storage.set('AGENT_ID', data.agent_id);
        storage.remove('group_id');
      } else {
        storage.set('group_id', data.group_id);
        storage.set('agent_id', data.agent_id);
      }
      window.location.reload();
    }
  }, [data, isError, isSuccess, current, landing]);
  return current ? children : <Spinner />;
}
