import { useQuery } from '@tanstack/react-query';
import { getBeneficiariesExistingUserEnrollment, saveBeneficiaryInfo, validateSingleBeneficiary } from '@store/domain/contract/enrollment';
import { call } from '../../../lib/api-client';
import type { BodyOf, StepBodyOf } from './body';

/** The beneficiaries saved earlier (masked SSN). */
export const useSavedBeneficiaries = (enrollmentId: string) =>
  useQuery({
    queryKey: ['beneficiaries', enrollmentId],
    staleTime: 0,
    gcTime: 0,
    queryFn: async () => (await call(getBeneficiariesExistingUserEnrollment, { query: { enrollment_id: enrollmentId } })).data.result,
  });

export const saveBeneficiaries = (enrollmentId: string, beneficiaries: BodyOf<typeof saveBeneficiaryInfo>['beneficiaries']) =>
  call(saveBeneficiaryInfo, { body: { enrollment_id: enrollmentId, beneficiaries } });

export const validateBeneficiary = (enrollmentId: string, values: StepBodyOf<typeof validateSingleBeneficiary>) =>
  call(validateSingleBeneficiary, { body: { enrollment_id: enrollmentId, ...values } });
