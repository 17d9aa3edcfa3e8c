import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRepMembers as endpoint } from '@store/domain/contract/rep-home';
import type { TRepHomeQueryInput, TRepMembersPage } from '@store/domain/rep-home';
import { call } from '../../../../lib/api-client';

/** The rep's members (the current-member table's columns, SSN masked): one page of a search, answered by the server. */
export const getRepMembers = async (query: TRepHomeQueryInput): Promise<TRepMembersPage> => (await call(endpoint, { query })).data;

export const repMembersKey = (query: TRepHomeQueryInput) => ['rep-home', 'members', query] as const;

export const useRepMembers = (query: TRepHomeQueryInput) =>
  useQuery({ queryKey: repMembersKey(query), queryFn: () => getRepMembers(query), placeholderData: keepPreviousData });
