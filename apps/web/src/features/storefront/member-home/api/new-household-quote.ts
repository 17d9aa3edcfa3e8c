import { useMutation } from '@tanstack/react-query';
import type { EndpointInput } from '@store/domain/contract/endpoint';
import { addFilterForMember } from '@store/domain/contract/quote';
import { call } from '../../../../lib/api-client';

/** A new quote for the member's household, prefilled from the member's data (their record and current tier). */
export const newHouseholdQuote = async (body: EndpointInput<typeof addFilterForMember>['body']) =>
  (await call(addFilterForMember, { body })).data;

export const useNewHouseholdQuote = () => useMutation({ mutationFn: newHouseholdQuote });
