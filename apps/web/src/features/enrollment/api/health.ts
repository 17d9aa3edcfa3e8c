import { useQuery } from '@tanstack/react-query';
import {
  getExistingPrimaryHealthInfo,
  getHealthQuestionsPrimaryHealthInfo,
  savePrimaryHealthInfo,
} from '@store/domain/contract/enrollment-finish';
import { call } from '../../../lib/api-client';
import type { BodyOf } from './body';

export const healthQuestionsKey = (enrollmentId: string) => ['health-questions', enrollmentId] as const;

/** The primary health questions with this enrollment's saved answers. */
export const fetchHealthQuestions = async (enrollmentId: string) =>
  (await call(getHealthQuestionsPrimaryHealthInfo, { query: { enrollment_id: enrollmentId } })).data.result;

export const useHealthQuestions = (enrollmentId: string) =>
  useQuery({ queryKey: healthQuestionsKey(enrollmentId), gcTime: 0, queryFn: () => fetchHealthQuestions(enrollmentId) });

/** An existing member's last saved answers, or null. */
export const fetchExistingHealthInfo = async (enrollmentId: string) =>
  (await call(getExistingPrimaryHealthInfo, { query: { enrollment_id: enrollmentId } })).data?.result ?? null;

export const saveHealthInfo = (enrollmentId: string, answers: Omit<BodyOf<typeof savePrimaryHealthInfo>, 'enrollment_id'>) =>
  call(savePrimaryHealthInfo, { body: { enrollment_id: enrollmentId, ...answers } });
