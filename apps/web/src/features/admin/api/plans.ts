import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPageQuery } from '@store/domain/admin';
import type { TSampleQuote } from '@store/domain/admin-rates';
import * as c from '@store/domain/contract/admin';
import { fetchAdmin, useAdminMutation, useAdminQuery } from './admin-query';

/** The catalog: plans, rate tables, sample quotes and questionnaires. */
export const usePlans = (query: Partial<TPageQuery> & { category?: string }) =>
  useAdminQuery(c.listPlans, { query: query as never }, { list: true });
export const usePlan = (id: string | number) => useAdminQuery(c.getPlan, { params: { id } });
export const useCreatePlan = () => useAdminMutation(c.createPlan);
export const useUpdatePlan = (id: number) => useAdminMutation(c.updatePlan, { id });

export const useRates = (planId: number) => useAdminQuery(c.listRates, { params: { id: planId } });
export const useReplaceRates = (planId: number) => useAdminMutation(c.replaceRates, { id: planId });
export const useImportRatesCsv = (planId: number) => useAdminMutation(c.importRatesCsv, { id: planId });
/** What a quote of the plan would show, for a check while editing rates. */
export const getSampleQuote = (planId: number, query: TSampleQuote) => fetchAdmin(c.sampleQuote, { params: { id: planId }, query });

export const useQuestions = (planId: number) => useAdminQuery(c.listQuestions, { params: { id: planId } });
export const useCreateQuestion = (planId: number) => useAdminMutation(c.createQuestion, { id: planId });
export const useUpdateQuestion = (questionId: number) => useAdminMutation(c.updateQuestion, { qid: questionId });
/** Deletes a question (its id given to mutate); refreshes every console read. */
export function useDeleteQuestion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (questionId: number) => fetchAdmin(c.deleteQuestion, { params: { qid: questionId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}
