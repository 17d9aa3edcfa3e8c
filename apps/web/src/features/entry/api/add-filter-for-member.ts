import { useMutation } from '@tanstack/react-query';
import type { TExistingUserFilter } from '@store/domain/quote';
import { api } from '../../../lib/api-client';

/**
 * A signed-in member's quote from their tier link. The endpoint belongs to the quote module, whose contract
 * (packages/domain/src/contract/quote.ts) is written on another branch: when it lands, this becomes
 * `call(addFilterForMember, { body })` and the path and the answer's type below go.
 */
const ADD_FILTER_FOR_MEMBER = '/api/v1/add-filter-for-member';
type AddFilterForMemberResult = { temp_enrollment_id: string; portal_id: number | null };

export const addFilterForMember = async (body: Pick<TExistingUserFilter, 'user_id' | 'tier'>) =>
  (await api.post<AddFilterForMemberResult>(ADD_FILTER_FOR_MEMBER, body)).data;

export const useAddFilterForMember = () => useMutation({ mutationFn: addFilterForMember });
