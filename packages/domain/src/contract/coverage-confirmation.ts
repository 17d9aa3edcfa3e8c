import { z } from 'zod';
import {
  ZConfirmCoverageRequest,
  ZPolicyCoverage,
  ZRejectCoverageRequest,
  ZSettleRejectionRequest,
  ZUnconfirmedPayment,
} from '../coverage-confirmation.ts';
import { endpoint } from './endpoint.ts';

/**
 * Issue 39, coverage confirmed by the carrier (decision 2630): the console's view and records of a plan's confirmation
 * or rejection, the settling of a rejected plan's premium, and the rep's list of paid plans waiting for their carrier.
 */
const ZEnrollmentParams = z.object({
  id: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9-]+$/),
});
const ZPolicyParams = z.object({ policy_id: z.coerce.number().int().positive().max(2_147_483_647) });

export const listEnrollmentCoverage = endpoint({
  method: 'GET',
  path: '/api/admin/enrollments/:id/coverage',
  summary: "An enrollment's plans with their carrier's confirmation",
  tags: ['admin'],
  params: ZEnrollmentParams,
  response: z.object({ items: z.array(ZPolicyCoverage) }),
});

export const confirmCoverage = endpoint({
  method: 'POST',
  path: '/api/admin/policies/:policy_id/carrier-confirmation',
  summary: "Record the carrier's confirmation of a plan with its policy number",
  tags: ['admin'],
  params: ZPolicyParams,
  body: ZConfirmCoverageRequest,
  response: ZPolicyCoverage,
});

export const rejectCoverage = endpoint({
  method: 'POST',
  path: '/api/admin/policies/:policy_id/carrier-rejection',
  summary: "Record the carrier's rejection of a plan",
  tags: ['admin'],
  params: ZPolicyParams,
  body: ZRejectCoverageRequest,
  response: ZPolicyCoverage,
});

export const settleRejectedPremium = endpoint({
  method: 'POST',
  path: '/api/admin/policies/:policy_id/rejected-premium',
  summary: 'Refund or hold the premium of a plan the carrier rejected',
  tags: ['admin'],
  params: ZPolicyParams,
  body: ZSettleRejectionRequest,
  response: ZPolicyCoverage,
});

export const getRepUnconfirmedPayments = endpoint({
  method: 'GET',
  path: '/api/v1/rep-home/unconfirmed-payments',
  summary: "The rep's members' paid plans not confirmed by their carrier within its window",
  tags: ['rep-home'],
  response: z.object({ items: z.array(ZUnconfirmedPayment) }),
});
