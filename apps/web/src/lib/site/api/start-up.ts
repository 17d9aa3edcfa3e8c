import { getDomainSiteInformation, getElevateInfo } from '@store/domain/contract/site';
import { call } from '../../api-client';

/** The group and portal of a go-enroll landing domain; null when the domain is not listed (204). */
export const getDomainSite = async (host: string) => {
  const r = await call(getDomainSiteInformation, { query: { site_domain: btoa(host) } });
  return r.statusCode === 204 || !r.data ? null : r.data;
};

/** The portal of visitors from the Elevate site. */
export const getElevatePortalId = async () => (await call(getElevateInfo)).data.portal_id;
