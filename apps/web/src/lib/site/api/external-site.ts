import { getExternalSiteInformation } from '@store/domain/contract/site';
import { call } from '../../api-client';
import { storage } from '../../storage';

/**
 * Looks the external site up (get-external-site-infromation) and stores where the visitor came from and the site's
 * group and portal. Throws when the site is unknown (204) or the call fails: the start-up then goes to /404.
 */
export async function loadExternalSite(name: string): Promise<void> {
  const r = await call(getExternalSiteInformation, { query: { site_name: name } });
  if (r.statusCode === 204 || !r.data) throw new Error('unknown external site');
  storage.set('fromSite', name);
  if (r.data.group_id) storage.set('group_id', r.data.group_id);
  if (r.data.portal_id) storage.set('portal_id', r.data.portal_id);
}
