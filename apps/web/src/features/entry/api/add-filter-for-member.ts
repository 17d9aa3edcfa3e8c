import { useMutation } from '@tanstack/react-query';
import type { TExistingUserFilter } from '@store/domain/quote';
import { addFilterForMember as addFilterForMemberCall } from '@store/domain/contract/quote';
import { call } from '../../../lib/api-client';

/** A signed-in member's quote from their tier link (add-filter-for-member). */
export const addFilterForMember = async (body: Pick<TExistingUserFilter, 'user_id' | 'tier'>) =>
  (await call(addFilterForMemberCall, { body })).data;

export const useAddFilterForMember = () => useMutation({ mutationFn: addFilterForMember });
