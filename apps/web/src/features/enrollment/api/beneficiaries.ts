import { useQuery } from '@tanstack/react-query';
import { getBeneficiariesExistingUserEnrollment, saveBeneficiaryInfo, validateSingleBeneficiary } from '@store/domain/contract/enrollment';
import { call } from '../../../lib/api-client';
import { asBody } from './body';

/** The beneficiaries saved earlier (masked SSN). */
export const useSavedBeneficiaries = (enrollmentId: string) =>
  useQuery({
    queryKey: ['beneficiaries', enrollmentId],
    staleTime: 0,
    gcTime: 0,
    queryFn: async () => (await call(getBeneficiariesExistingUserEnrollment, { query: { enrollment_id: enrollmentId } })).data.result,
  });

export const saveBeneficiaries = (enrollmentId: string, beneficiaries: Record<string, unknown>[]) =>
  call(saveBeneficiaryInfo, { body: asBody(saveBeneficiaryInfo, { enrollment_id: enrollmentId, beneficiaries }) });

export const validateBeneficiary = (enrollmentId: string, values: Record<string, unknown>) =>
  call(validateSingleBeneficiary, { body: asBody(validateSingleBeneficiary, { enrollment_id: enrollmentId, ...values }) });
