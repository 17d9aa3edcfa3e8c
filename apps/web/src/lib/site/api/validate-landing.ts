import { useQuery } from '@tanstack/react-query';
import { validateLandingPage } from '@store/domain/contract/landing';
import { call } from '../../api-client';

/** Whom a landing name belongs to; null when no rep or group has it (204). */
export const getLanding = async (landing: string) => {
  const r = await call(validateLandingPage, { query: { landing_page: landing } });
  return r.statusCode === 204 ? null : r.data;
};

export const landingQuery = (landing: string) => ({ queryKey: ['landing', landing], queryFn: () => getLanding(landing) });

export const useLanding = (landing: string) => useQuery(landingQuery(landing));
