import { useQuery } from '@tanstack/react-query';
import * as catalog from '@store/domain/contract/catalog';
import type { EndpointInput } from '@store/domain/contract/endpoint';
import { call } from '../../../lib/api-client';
import { catalogKeys } from './keys';

/** Plan questionnaires (Enroll Now) and Aflac-type questions. */
export const useAlreadyAnswered = (id: number, tempId: string | null) =>
  useQuery({
    queryKey: catalogKeys.answered(id, tempId),
    enabled: id > 0 && !!tempId,
    queryFn: async () => (await call(catalog.checkAlreadyAnswered, { query: { enrollment_id: tempId!, plan_id: id } })).data,
  });

export function useAflacQuestions(id: number, tempId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: catalogKeys.aflac(id, tempId),
    enabled: enabled && !!tempId,
    queryFn: async () => {
      const r = await call(catalog.getAflacQuestions, { query: { enrollment_id: tempId!, plan_id: id } });
      return r.statusCode === 204 ? { result: [], answered: true } : r.data;
    },
  });
}

export const fetchQuestions = async (tempId: string, planId: number) =>
  (await call(catalog.getQuestions, { query: { enrollment_id: tempId, plan_id: planId, type: 'save' } })).data.result;
/** The form's answers (validated by the server's schema, ZSaveAnswersRequest). */
export const saveQuestionAnswers = async (body: unknown) =>
  (await call(catalog.saveQuestionAnswers, { body: body as EndpointInput<typeof catalog.saveQuestionAnswers>['body'] })).data;
export const saveAflacAnswers = (body: EndpointInput<typeof catalog.saveAflacQuestions>['body']) =>
  call(catalog.saveAflacQuestions, { body });
