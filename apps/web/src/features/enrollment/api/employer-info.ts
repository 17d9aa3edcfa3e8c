import { useQuery } from '@tanstack/react-query';
import { getGroupInfo, saveEmployerInfo as saveEmployerInfoEndpoint } from '@store/domain/contract/enrollment';
import { call } from '../../../lib/api-client';
import type { StepBodyOf } from './body';

/** The group's name, phone and address that prefill the employer step. */
export const useGroupInfo = (enrollmentId: string) =>
  useQuery({
    queryKey: ['group-info', enrollmentId],
    queryFn: async () => (await call(getGroupInfo, { query: { enrollment_id: enrollmentId } })).data,
  });

export const saveEmployerInfo = (enrollmentId: string, values: StepBodyOf<typeof saveEmployerInfoEndpoint>) =>
  call(saveEmployerInfoEndpoint, { body: { enrollment_id: enrollmentId, ...values } });
