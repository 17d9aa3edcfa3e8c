import { useQuery } from '@tanstack/react-query';
import { getAgreementTexts, getFormFieldsAgreementInfo, saveAgreementInfo } from '@store/domain/contract/enrollment-finish';
import { call } from '../../../lib/api-client';
import type { BodyOf } from './body';

/** The agreement texts, the verification fields and whether a signature is saved. */
export const useAgreementStep = (enrollmentId: string) =>
  useQuery({
    queryKey: ['agreement', enrollmentId],
    gcTime: 0,
    queryFn: async () => {
      const q = { query: { enrollment_id: enrollmentId } };
      const [texts, fields] = await Promise.all([call(getAgreementTexts, q), call(getFormFieldsAgreementInfo, q)]);
      return { texts: texts.data, fields: fields.data.result, signed: fields.data.signed };
    },
  });

export const saveAgreement = (body: BodyOf<typeof saveAgreementInfo>) => call(saveAgreementInfo, { body });
