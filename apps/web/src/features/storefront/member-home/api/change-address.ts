import { useMutation, useQueryClient } from '@tanstack/react-query';
import { changeMemberAddress } from '@store/domain/contract/member-home';
import type { TChangeAddressRequest } from '@store/domain/member-home';
import { call } from '../../../../lib/api-client';
import { memberHomeKey } from './get-member-home';

export const changeAddress = async (body: TChangeAddressRequest) => (await call(changeMemberAddress, { body })).data;

export const useChangeAddress = () => {
  const qc = useQueryClient();
  return useMutation({ mutationFn: changeAddress, onSuccess: () => qc.invalidateQueries({ queryKey: memberHomeKey }) });
};
