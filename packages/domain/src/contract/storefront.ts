import { z } from 'zod';
import { TEXT } from '../texts.ts';
import {
  ZAgentRegistrationQuery,
  ZAgentValidation,
  ZAssistAdd,
  ZAssistAnswer,
  ZAssistGet,
  ZDeviceId,
  ZGroupValidation,
  ZMenuQuery,
  ZPlanCard,
  ZReferralInfo,
  ZValidateAgentQuery,
  ZValidateGroupQuery,
  ZWebUrl,
} from '../storefront.ts';
import { endpoint } from './endpoint.ts';
import { zEnrollmentId, zOptionalId } from './params.ts';

/** The storefront calls of storefront.md section 7 (menus, featured plans, access codes, referral, leads, chat). */
const ZLeadQuery = z.object({
  device_id: ZDeviceId,
  web_url: ZWebUrl,
  agent_id: z.string().max(20).optional(),
  group_id: z.string().max(20).optional(),
  store_information: z.string().max(2).optional(),
});
const ZLeadRecorded = z.object({ recorded: z.boolean() });

export const getCommonMenu = endpoint({
  method: 'GET',
  path: '/api/v1/get-common-menu',
  summary: "Get the store's menu",
  tags: ['storefront'],
  query: ZMenuQuery,
  response: z.array(z.string()),
});
export const getGroupMenu = endpoint({
  method: 'GET',
  path: '/api/v1/get-group-menu',
  summary: "Get a group's menu",
  tags: ['storefront'],
  query: z.object({ group_id: zOptionalId, from_site: z.string().max(40).optional() }),
  response: z.array(z.string()),
});
export const getFeaturedPlans = endpoint({
  method: 'GET',
  path: '/api/v1/get-featured-plans',
  summary: 'List featured plans',
  tags: ['storefront'],
  query: ZMenuQuery,
  response: z.array(ZPlanCard),
});
export const validateAgent = endpoint({
  method: 'GET',
  path: '/api/v1/validate-agent',
  summary: 'Check an agent code',
  tags: ['storefront'],
  query: ZValidateAgentQuery,
  response: ZAgentValidation,
});
export const validateGroup = endpoint({
  method: 'GET',
  path: '/api/v1/validate-group',
  summary: 'Check a group code',
  tags: ['storefront'],
  query: ZValidateGroupQuery,
  response: ZGroupValidation,
});
export const getEnrollmentInfoReferral = endpoint({
  method: 'GET',
  path: '/api/v1/get-enrollment-info-referral',
  summary: 'Get the enrollment of a referral link',
  tags: ['storefront'],
  query: z.object({ referral_id: z.string().trim().min(1, TEXT.FIELD_REQUIRED).max(64) }),
  response: ZReferralInfo,
});
export const agentRegistrationQuery = endpoint({
  method: 'POST',
  path: '/api/v2/agent-registration-query',
  summary: 'Send an agent registration request',
  tags: ['storefront'],
  body: ZAgentRegistrationQuery,
  response: z.null(),
});
/** statusCode 204 in the envelope when the device left no lead. */
export const checkLeadInformation = endpoint({
  method: 'GET',
  path: '/api/v1/check-lead-information',
  summary: 'Check whether a device left a lead',
  tags: ['storefront'],
  query: ZLeadQuery,
  response: ZLeadRecorded,
});
/** With store_information=1 it records the lead: a GET that changes data, so it carries the CSRF token. */
export const getLeadInformation = endpoint({
  method: 'GET',
  path: '/api/v1/get-lead-information',
  summary: "Get or record a device's lead",
  tags: ['storefront'],
  query: ZLeadQuery,
  response: ZLeadRecorded,
  changing: true,
});
export const decryptDetail = endpoint({
  method: 'POST',
  path: '/api/v1/decrypt-detail',
  summary: "Get an agent's public code and name",
  tags: ['storefront'],
  body: z.object({ agentId: z.union([z.string().max(40), z.number()]) }),
  response: z.array(z.object({ agentId: z.number(), agent_code: z.string(), display_name: z.string().nullable() })),
});
export const assistGet = endpoint({
  method: 'GET',
  path: '/api/v1/assist/get',
  summary: 'Get the chat assistant for a page',
  tags: ['storefront'],
  query: z.object({ device_id: ZDeviceId, agent_id: z.string().max(20).optional(), web_url: ZWebUrl }),
  response: ZAssistGet,
});
export const assistAdd = endpoint({
  method: 'POST',
  path: '/api/v1/assist/add',
  summary: 'Ask for help from an agent (chat)',
  tags: ['storefront'],
  body: ZAssistAdd,
  response: ZAssistAnswer,
});
export const trackElevateTraffic = endpoint({
  method: 'POST',
  path: '/api/v1/track-elevate-traffic',
  summary: 'Record a visit from the Elevate partner',
  tags: ['storefront'],
  body: z.object({ enrollment_id: zEnrollmentId }),
  response: z.null(),
});
