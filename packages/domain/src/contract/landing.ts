import { z } from 'zod';
import { ZAgentLandingInfo, ZGroupLandingInfo, ZLandingValidation } from '../site.ts';
import { endpoint } from './endpoint.ts';
import { zId } from './params.ts';

/** Landing and about info of reps and groups, landing-url validation, the default info (204 when not found). */
const ZAgentQuery = z.object({ agent_id: zId });
const ZGroupQuery = z.object({ group_id: zId });

export const ZAgentEnrollInfo = z.object({
  agent_id: z.number(),
  first_name: z.string(),
  middle_name: z.string().nullable(),
  last_name: z.string(),
  agent_code: z.string(),
  display_name: z.string().nullable(),
});
export const ZMemberInfo = z.object({
  user_id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  group_id: z.number().nullable(),
  agent_id: z.number().nullable(),
});

export const getAgentLandingPageInfo = endpoint({
  method: 'GET',
  path: '/api/v1/get-agent-landing-page-info',
  summary: "Get an agent's landing page",
  tags: ['landing'],
  query: ZAgentQuery,
  response: ZAgentLandingInfo,
});
export const getAgentAboutPageInfo = endpoint({
  method: 'GET',
  path: '/api/v1/get-agent-about-page-info',
  summary: "Get an agent's about page",
  tags: ['landing'],
  query: ZAgentQuery,
  response: z.object({ agent_bio: z.string().nullable(), display_about_name: z.string().nullable() }),
});
export const getGroupLandingPageInfo = endpoint({
  method: 'GET',
  path: '/api/v1/get-group-landing-page-info',
  summary: "Get a group's landing page",
  tags: ['landing'],
  query: ZGroupQuery,
  response: ZGroupLandingInfo,
});
export const getGroupAboutPageInfo = endpoint({
  method: 'GET',
  path: '/api/v1/get-group-about-page-info',
  summary: "Get a group's about page",
  tags: ['landing'],
  query: ZGroupQuery,
  response: z.object({ gweb_aboutus: z.string().nullable(), display_about_name: z.string().nullable() }),
});
export const validateLandingPage = endpoint({
  method: 'GET',
  path: '/api/v1/validate-landing-page',
  summary: 'Check a landing page address',
  tags: ['landing'],
  query: z.object({ landing_page: z.string().trim().min(1).max(200) }),
  response: ZLandingValidation,
});
export const getDefaultInfo = endpoint({
  method: 'GET',
  path: '/api/v1/get-default-info',
  summary: "Get the store's default landing page",
  tags: ['landing'],
  response: z.object({ agent_id: z.number(), group_id: z.number(), guest_agent_id: z.number(), agent: ZAgentLandingInfo.nullable() }),
});
export const getAgentInfoEnroll = endpoint({
  method: 'GET',
  path: '/api/v1/get-agent-info-enroll',
  summary: "Get the agent of an enrollment's landing page",
  tags: ['landing'],
  query: ZAgentQuery,
  response: ZAgentEnrollInfo,
});
export const getGroupInfoEnroll = endpoint({
  method: 'GET',
  path: '/api/v1/get-group-info-enroll',
  summary: "Get the group of an enrollment's landing page",
  tags: ['landing'],
  query: ZGroupQuery,
  response: z.object({ group_id: z.number(), gname: z.string(), gcode: z.string() }),
});
/** The signed-in member's own info. */
export const getMemberInfo = endpoint({
  method: 'GET',
  path: '/api/v1/get-member-info',
  summary: "Get the signed-in member's own details",
  tags: ['landing'],
  response: ZMemberInfo,
});
