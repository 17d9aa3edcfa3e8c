import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRepQuotes as endpoint } from '@store/domain/contract/rep-home';
import type { TRepHomeQueryInput, TRepQuotesPage } from '@store/domain/rep-home';
import { call } from '../../../../lib/api-client';

/** The quotes the rep sent, newest first: one page of a search, answered by the server. */
export const getRepQuotes = async (query: TRepHomeQueryInput): Promise<TRepQuotesPage> => (await call(endpoint, { query })).data;

export const repQuotesKey = (query: TRepHomeQueryInput) => ['rep-home', 'quotes', query] as const;

export const useRepQuotes = (query: TRepHomeQueryInput) =>
  useQuery({ queryKey: repQuotesKey(query), queryFn: () => getRepQuotes(query), placeholderData: keepPreviousData });
