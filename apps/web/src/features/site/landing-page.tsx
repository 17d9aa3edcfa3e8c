import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { TLandingValidation } from '@store/domain/site';
import { api } from '../../lib/api-client';
import { storage } from '../../lib/storage';
import { Spinner } from '../../components/ui/alert';
import { HomePage } from '../storefront/home-page';

/**
 * /{landing_url}: the landing page of a validated rep or group. The first visit stores who the landing
 * belongs to and reloads the page in full; an unknown landing name goes to /404.
 */
export function LandingPage() {
  const { landing = '' } = useParams();
  const navigate = useNavigate();
  const { data, isError, isSuccess } = useQuery({
    queryKey: ['landing', landing],
    queryFn: async () => {
      const r = await api.get<TLandingValidation>('/api/v1/validate-landing-page', { landing_page: landing });
      return r.statusCode === 204 ? null : r.data;
    },
  });
  const current = storage.get('landing') === landing;
  useEffect(() => {
    if (isError || (isSuccess && !data)) {
      navigate('/404', { replace: true });
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
  }, [data, isError, isSuccess, current, landing, navigate]);
  if (!data || !current) return <Spinner />;
  return <HomePage />;
}
