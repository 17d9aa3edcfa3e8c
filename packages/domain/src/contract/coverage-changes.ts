import { z } from 'zod';
import {
  ZCancelPlanResponse,
  ZEoiCase,
  ZEoiDecisionRequest,
  ZEoiOverview,
  ZEoiPlanSetting,
  ZEoiPlanSettingRequest,
} from '../coverage-changes.ts';
import { ZPolicyRef } from '../member-home.ts';
import { ZIdParams } from './params.ts';
import { endpoint } from './endpoint.ts';

/** Life after enrollment (issue 38): the member's cancellation of a plan and the operator's evidence of insurability. */

/** The member cancels one of their plans: coverage ends at the end of the paid month, billing stops, the carrier is told. */
export const cancelMemberPlan = endpoint({
  method: 'POST',
  path: '/api/v1/member-home/plans/:policy_id/cancel',
  summary: 'Cancel one of the member’s plans',
  tags: ['member-home'],
  params: ZPolicyRef,
  body: z.object({}).strict(),
  response: ZCancelPlanResponse,
});

/** The console's evidence of insurability: the plans that wait for a carrier's decision, and which plans need evidence. */
export const getEoiOverview = endpoint({
  method: 'GET',
  path: '/api/admin/eoi',
  summary: 'List evidence of insurability cases and plan settings',
  tags: ['admin'],
  response: ZEoiOverview,
});

/** The operator records the carrier's decision on a policy's evidence (approved, declined, more information needed). */
export const recordEoiDecision = endpoint({
  method: 'POST',
  path: '/api/admin/eoi/:id/decision',
  summary: "Record the carrier's evidence of insurability decision",
  tags: ['admin'],
  params: ZIdParams,
  body: ZEoiDecisionRequest,
  response: ZEoiCase,
});

/** The operator's setting: whether a plan needs evidence of insurability. */
export const setPlanEvidence = endpoint({
  method: 'PUT',
  path: '/api/admin/eoi/plans/:id',
  summary: 'Set whether a plan needs evidence of insurability',
  tags: ['admin'],
  params: ZIdParams,
  body: ZEoiPlanSettingRequest,
  response: ZEoiPlanSetting,
});
