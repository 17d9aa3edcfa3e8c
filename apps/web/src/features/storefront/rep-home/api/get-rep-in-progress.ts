import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRepInProgress as endpoint } from '@store/domain/contract/rep-home';
import type { TRepHomeQueryInput, TRepInProgressPage } from '@store/domain/rep-home';
import { call } from '../../../../lib/api-client';

/** The rep's enrollments in progress, last saved first: one page of a search, answered by the server. */
export const getRepInProgress = async (query: TRepHomeQueryInput): Promise<TRepInProgressPage> => (await call(endpoint, { query })).data;

export const repInProgressKey = (query: TRepHomeQueryInput) => ['rep-home', 'in-progress', query] as const;

export const useRepInProgress = (query: TRepHomeQueryInput) =>
  useQuery({ queryKey: repInProgressKey(query), queryFn: () => getRepInProgress(query), placeholderData: keepPreviousData });
