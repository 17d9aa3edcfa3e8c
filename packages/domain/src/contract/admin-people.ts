import { z } from 'zod';
import { ZPageQuery, page } from '../admin.ts';
import { ZAccountForm, ZAccountSummary, ZAgent, ZAgentForm, ZGroupForm, ZPasswordReset, ZPortalForm } from '../admin-people.ts';
import { endpoint } from './endpoint.ts';
import { ZIdParams, zId } from './params.ts';

/** A rep in the console's list. */
export const ZAgentRow = z.object({
  agent_id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  agent_code: z.string(),
  landing_url: z.string().nullable(),
  email: z.string().nullable(),
  active: z.boolean(),
});
export type TAgentRow = z.infer<typeof ZAgentRow>;
/** A group in the console's list. */
export const ZGroupRow = z.object({
  group_id: z.number(),
  gname: z.string(),
  gcode: z.string(),
  agent_id: z.number().nullable(),
  landing_url: z.string().nullable(),
  active: z.boolean(),
});
export type TGroupRow = z.infer<typeof ZGroupRow>;
/** One group with its sign-in accounts and portals. */
export const ZGroup = ZGroupForm.extend({
  agent_id: z.number().nullable(),
  landing_url: z.string().nullable(),
  accounts: z.array(ZAccountSummary),
  portals: z.array(z.number()),
});
export type TGroup = z.infer<typeof ZGroup>;
export const ZPortalRow = z.object({
  platform_group_id: z.number(),
  platform_name: z.string(),
  platform_code: z.string(),
  active: z.boolean(),
});
export type TPortalRow = z.infer<typeof ZPortalRow>;
export type TAccountSummary = z.infer<typeof ZAccountSummary>;
export const ACCOUNT_ROLES = ['operator', 'rep', 'group', 'member'] as const;

/* ---------- reps ---------- */
export const listAgents = endpoint({
  method: 'GET',
  path: '/api/admin/agents',
  summary: 'List agents',
  tags: ['admin'],
  query: ZPageQuery,
  response: page(ZAgentRow),
});
export const getAgent = endpoint({
  method: 'GET',
  path: '/api/admin/agents/:id',
  summary: 'Get an agent',
  tags: ['admin'],
  params: ZIdParams,
  response: ZAgent,
});
export const createAgent = endpoint({
  method: 'POST',
  path: '/api/admin/agents',
  summary: 'Create an agent',
  tags: ['admin'],
  body: ZAgentForm,
  response: ZAgent,
});
export const updateAgent = endpoint({
  method: 'PUT',
  path: '/api/admin/agents/:id',
  summary: 'Update an agent',
  tags: ['admin'],
  params: ZIdParams,
  body: ZAgentForm,
  response: ZAgent,
});

/* ---------- groups ---------- */
export const listGroups = endpoint({
  method: 'GET',
  path: '/api/admin/groups',
  summary: 'List employer groups',
  tags: ['admin'],
  query: ZPageQuery.extend({ agent_id: zId.optional() }),
  response: page(ZGroupRow),
});
export const getGroup = endpoint({
  method: 'GET',
  path: '/api/admin/groups/:id',
  summary: 'Get an employer group',
  tags: ['admin'],
  params: ZIdParams,
  response: ZGroup,
});
export const createGroup = endpoint({
  method: 'POST',
  path: '/api/admin/groups',
  summary: 'Create an employer group',
  tags: ['admin'],
  body: ZGroupForm,
  response: ZGroup,
});
export const updateGroup = endpoint({
  method: 'PUT',
  path: '/api/admin/groups/:id',
  summary: 'Update an employer group',
  tags: ['admin'],
  params: ZIdParams,
  body: ZGroupForm,
  response: ZGroup,
});

/* ---------- portals ---------- */
export const listPortals = endpoint({
  method: 'GET',
  path: '/api/admin/portals',
  summary: 'List portals',
  tags: ['admin'],
  query: ZPageQuery,
  response: page(ZPortalRow),
});
export const createPortal = endpoint({
  method: 'POST',
  path: '/api/admin/portals',
  summary: 'Create a portal',
  tags: ['admin'],
  body: ZPortalForm,
  response: ZPortalRow,
});
export const updatePortal = endpoint({
  method: 'PUT',
  path: '/api/admin/portals/:id',
  summary: 'Update a portal',
  tags: ['admin'],
  params: ZIdParams,
  body: ZPortalForm,
  response: ZPortalRow,
});

/* ---------- sign-in accounts ---------- */
export const listAccounts = endpoint({
  method: 'GET',
  path: '/api/admin/accounts',
  summary: 'List console accounts',
  tags: ['admin'],
  query: ZPageQuery.extend({ role: z.enum(ACCOUNT_ROLES).optional() }),
  response: page(ZAccountSummary),
});
export const createAccount = endpoint({
  method: 'POST',
  path: '/api/admin/accounts',
  summary: 'Create a console account',
  tags: ['admin'],
  body: ZAccountForm,
  response: ZAccountSummary,
});
export const resetAccountPassword = endpoint({
  method: 'PUT',
  path: '/api/admin/accounts/:id/password',
  summary: "Reset an account's password",
  tags: ['admin'],
  params: ZIdParams,
  body: ZPasswordReset,
  response: ZAccountSummary,
});
export const setAccountActive = endpoint({
  method: 'PUT',
  path: '/api/admin/accounts/:id/active',
  summary: 'Activate or deactivate an account',
  tags: ['admin'],
  params: ZIdParams,
  body: z.object({ active: z.boolean() }),
  response: ZAccountSummary,
});
