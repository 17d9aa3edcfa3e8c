import { useQuery } from '@tanstack/react-query';
import {
  getDependentsExistingUserEnrollment,
  getFormFieldsDependentPrimaryInfo,
  getHealthQuestionsDependentInfo,
  saveDependentInfo,
  saveDependentInfoToTemp,
  validateSingleDependent,
} from '@store/domain/contract/enrollment-finish';
import { call } from '../../../lib/api-client';
import type { BodyOf, StepBodyOf } from './body';
import { fetchTabRequired } from './dynamic-tabs';
import { byFieldName } from './field-defs';

/** The saved dependents (masked SSN), the tier and whether a premier plan is in the cart. */
export const fetchDependents = async (enrollmentId: string) =>
  (await call(getDependentsExistingUserEnrollment, { query: { enrollment_id: enrollmentId } })).data.result;

/**
 * Everything the dependents step starts from: the list, the health questions (only when the primary health step is
 * required), which dependent fields are required and the disclaimer.
 */
export const useDependentsStep = (enrollmentId: string) =>
  useQuery({
    queryKey: ['dependents', enrollmentId],
    gcTime: 0,
    queryFn: async () => {
      const q = { query: { enrollment_id: enrollmentId } };
      const [deps, required, questions, fields] = await Promise.all([
        fetchDependents(enrollmentId),
        fetchTabRequired(enrollmentId, 'primary_health_info'),
        call(getHealthQuestionsDependentInfo, q).catch(() => null),
        call(getFormFieldsDependentPrimaryInfo, q),
      ]);
      return {
        ...deps,
        healthQuestions: required ? (questions?.data.result ?? null) : null,
        fieldDefs: byFieldName(fields.data.result),
        disclaimer: fields.data.disclaimer ?? '',
      };
    },
  });

/** A dependent as the requests carry it (the shared ZDependent's input): its primary_info and health answers. */
export type DependentWire = StepBodyOf<typeof validateSingleDependent>;
type Wire = BodyOf<typeof saveDependentInfo>['dependents'];
export const saveDependentsToTemp = async (enrollmentId: string, dependents: Wire) =>
  (await call(saveDependentInfoToTemp, { body: { enrollment_id: enrollmentId, dependents } })).data.result;
export const saveDependents = (enrollmentId: string, dependents: Wire) =>
  call(saveDependentInfo, { body: { enrollment_id: enrollmentId, dependents } });
export const validateDependent = (enrollmentId: string, dependent: DependentWire) =>
  call(validateSingleDependent, { body: { enrollment_id: enrollmentId, ...dependent } });
