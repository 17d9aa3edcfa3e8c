import { useQuery, type QueryClient } from '@tanstack/react-query';
import {
  getAverageWorkWeek,
  getBargainingUnit,
  getBeneficiaryRelationships,
  getCompensationTypes,
  getEmploymentStatus,
  getEthnicCategory,
  getHolidayPolicy,
  getVacationPolicy,
  type TOption,
} from '@store/domain/contract/enrollment';
import { getStates } from '@store/domain/contract/site';
import { call } from '../../../lib/api-client';

/**
 * The lists of choices of the steps' selects and radio buttons, kept 10 minutes; a list that fails to load is
 * empty (the field still shows).
 */
const ENROLLMENT_LISTS = {
  week: getAverageWorkWeek,
  status: getEmploymentStatus,
  comp: getCompensationTypes,
  vac: getVacationPolicy,
  barg: getBargainingUnit,
  holiday: getHolidayPolicy,
} as const;
export type EmployerList = keyof typeof ENROLLMENT_LISTS;

async function orEmpty<T>(name: string, load: () => Promise<T[]>): Promise<T[]> {
  try {
    return await load();
  } catch (err) {
    console.warn('option list not loaded', name, err);
    return [];
  }
}

const TEN_MINUTES = 10 * 60_000;

export const employerOptionsQuery = (list: EmployerList, enrollmentId: string | null) => ({
  queryKey: ['options', list, enrollmentId],
  staleTime: TEN_MINUTES,
  queryFn: () =>
    orEmpty(list, async () => (await call(ENROLLMENT_LISTS[list], { query: { enrollment_id: enrollmentId ?? undefined } })).data.result),
});
export const useEmployerOptions = (list: EmployerList, enrollmentId: string | null) => useQuery(employerOptionsQuery(list, enrollmentId));

export const ethnicCategoriesQuery = () => ({
  queryKey: ['options', 'ethnic-category'],
  staleTime: TEN_MINUTES,
  queryFn: () => orEmpty('ethnic-category', async () => (await call(getEthnicCategory)).data),
});
export const useEthnicCategories = () => useQuery(ethnicCategoriesQuery());
export const prefetchEthnicCategories = (qc: QueryClient) => void qc.prefetchQuery(ethnicCategoriesQuery());

export const useBeneficiaryRelationships = () =>
  useQuery({
    queryKey: ['options', 'beneficiary-relationships'],
    staleTime: TEN_MINUTES,
    queryFn: () => orEmpty<TOption>('beneficiary-relationships', async () => (await call(getBeneficiaryRelationships)).data.result),
  });

/** The states of the address fields (the site's get-states). */
export const useStates = () =>
  useQuery({
    queryKey: ['options', 'states'],
    staleTime: TEN_MINUTES,
    queryFn: () => orEmpty('states', async () => (await call(getStates)).data?.result ?? []),
  });
