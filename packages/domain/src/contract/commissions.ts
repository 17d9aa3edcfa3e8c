import { z } from 'zod';
import {
  ZCommissionScheduleForm,
  ZCommissionSettingsForm,
  ZCommissionSetup,
  ZRepCommissions,
  ZRepHierarchy,
  ZRepHierarchyForm,
} from '../commissions.ts';
import { endpoint } from './endpoint.ts';
import { zId, ZIdParams } from './params.ts';

/** Issue 39: commissions. The schemas and the money rules live in ../commissions.ts (the web imports them there). */
export * from '../commissions.ts';

const ZStatementParams = z.object({ id: zId });

/** The signed-in rep's statements (newest first) and what is earned this month so far (not yet on a statement). */
export const getRepCommissions = endpoint({
  method: 'GET',
  path: '/api/v1/rep-home/commissions',
  summary: "Get the rep's commission statements and this month so far",
  tags: ['rep-home'],
  response: ZRepCommissions,
});
/** One of the rep's statements as a PDF (application/pdf); another rep's is 404. */
export const getCommissionStatementPdf = endpoint({
  method: 'GET',
  path: '/api/v1/rep-home/commissions/:id/statement.pdf',
  summary: 'Download a commission statement (PDF)',
  tags: ['rep-home'],
  params: ZStatementParams,
});
/** One of the rep's statements as CSV (a row per commission; formula-safe cells). */
export const getCommissionStatementCsv = endpoint({
  method: 'GET',
  path: '/api/v1/rep-home/commissions/:id/statement.csv',
  summary: 'Download a commission statement (CSV)',
  tags: ['rep-home'],
  params: ZStatementParams,
});

/** The console's commission schedules, the carriers and plans to choose from, and the charge-back setting. */
export const getCommissionSetup = endpoint({
  method: 'GET',
  path: '/api/admin/commissions',
  summary: 'Get the commission schedules and settings',
  tags: ['admin'],
  response: ZCommissionSetup,
});
/** Sets a carrier's (no plan) or a plan's schedule; a fresh second factor; audited. */
export const saveCommissionSchedule = endpoint({
  method: 'PUT',
  path: '/api/admin/commissions/schedules',
  summary: 'Set a commission schedule',
  tags: ['admin'],
  body: ZCommissionScheduleForm,
  response: ZCommissionSetup,
});
/** The months within which coverage that ends takes its commission back; a fresh second factor; audited. */
export const saveCommissionSettings = endpoint({
  method: 'PUT',
  path: '/api/admin/commissions/settings',
  summary: 'Set the charge-back months',
  tags: ['admin'],
  body: ZCommissionSettingsForm,
  response: ZCommissionSetup,
});
/** A rep's agency, upline and override percentage (with their downline). */
export const getRepHierarchy = endpoint({
  method: 'GET',
  path: '/api/admin/agents/:id/hierarchy',
  summary: "Get a rep's agency, upline and override",
  tags: ['admin'],
  params: ZIdParams,
  response: ZRepHierarchy,
});
export const saveRepHierarchy = endpoint({
  method: 'PUT',
  path: '/api/admin/agents/:id/hierarchy',
  summary: "Set a rep's agency, upline and override",
  tags: ['admin'],
  params: ZIdParams,
  body: ZRepHierarchyForm,
  response: ZRepHierarchy,
});
