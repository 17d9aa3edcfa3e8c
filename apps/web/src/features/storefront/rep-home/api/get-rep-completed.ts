import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRepCompleted as endpoint } from '@store/domain/contract/rep-home';
import type { TRepHomeQueryInput, TRepCompletedPage } from '@store/domain/rep-home';
import { call } from '../../../../lib/api-client';

/** The rep's enrollments completed this month, with the month's premium: one page of a search, answered by the server. */
export const getRepCompleted = async (query: TRepHomeQueryInput): Promise<TRepCompletedPage> => (await call(endpoint, { query })).data;

export const repCompletedKey = (query: TRepHomeQueryInput) => ['rep-home', 'completed', query] as const;

export const useRepCompleted = (query: TRepHomeQueryInput) =>
  useQuery({ queryKey: repCompletedKey(query), queryFn: () => getRepCompleted(query), placeholderData: keepPreviousData });
