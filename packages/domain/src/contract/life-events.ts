import { z } from 'zod';
import {
  ZLifeEvent,
  ZLifeEventChangeRequest,
  ZLifeEventChangeResponse,
  ZLifeEventDecisionRequest,
  ZLifeEventDocumentRequest,
  ZLifeEventsView,
  ZRepReportLifeEventRequest,
  ZReportLifeEventRequest,
} from '../life-events.ts';
import {
  ZLifeEventChangePreview,
  ZLifeEventPlanChangeRequest,
  ZLifeEventPlanChangeResponse,
  ZLifeEventPlanOptions,
} from '../life-event-plans.ts';
import { ZLifeEventSettingRow, ZLifeEventSettingsRequest, ZLifeEventTypeParams } from '../life-event-settings.ts';
import { ZIdParams } from './params.ts';
import { endpoint } from './endpoint.ts';

/** Life events (issue 38, decision 2550): the member's, their rep's, the group administrator's and the operator's. */

export const getMemberLifeEvents = endpoint({
  method: 'GET',
  path: '/api/v1/member-home/life-events',
  summary: 'The member’s life events, household and monthly amount',
  tags: ['member-home'],
  response: ZLifeEventsView,
});

export const reportMemberLifeEvent = endpoint({
  method: 'POST',
  path: '/api/v1/member-home/life-events',
  summary: 'Report a life event',
  tags: ['member-home'],
  body: ZReportLifeEventRequest,
  response: ZLifeEvent,
});

export const uploadLifeEventDocument = endpoint({
  method: 'POST',
  path: '/api/v1/member-home/life-events/:id/document',
  summary: 'Upload the proof of a life event (PDF, JPEG or PNG, at most 10 MB)',
  tags: ['member-home'],
  params: ZIdParams,
  body: ZLifeEventDocumentRequest,
  response: ZLifeEvent,
});

export const changeLifeEventCoverage = endpoint({
  method: 'POST',
  path: '/api/v1/member-home/life-events/:id/changes',
  summary: 'Add or remove a dependent in a life event’s window',
  tags: ['member-home'],
  params: ZIdParams,
  body: ZLifeEventChangeRequest,
  response: ZLifeEventChangeResponse,
});

/** What a change of the household would do (new tier and monthly amount), before the member confirms; nothing saved. */
export const previewLifeEventChange = endpoint({
  method: 'POST',
  path: '/api/v1/member-home/life-events/:id/changes/preview',
  summary: 'The new tier and monthly amount of a change, before it is made',
  tags: ['member-home'],
  params: ZIdParams,
  body: ZLifeEventChangeRequest,
  response: ZLifeEventChangePreview,
});

export const getLifeEventPlanOptions = endpoint({
  method: 'GET',
  path: '/api/v1/member-home/life-events/:id/plan-options',
  summary: 'Plans of the same category the member may change to in the window',
  tags: ['member-home'],
  params: ZIdParams,
  response: ZLifeEventPlanOptions,
});

export const changeLifeEventPlan = endpoint({
  method: 'POST',
  path: '/api/v1/member-home/life-events/:id/plan-change',
  summary: 'Change a plan for another of the same category in a life event’s window',
  tags: ['member-home'],
  params: ZIdParams,
  body: ZLifeEventPlanChangeRequest,
  response: ZLifeEventPlanChangeResponse,
});

export const reportClientLifeEvent = endpoint({
  method: 'POST',
  path: '/api/v1/rep-home/life-events',
  summary: 'Report a life event on a client’s behalf',
  tags: ['rep-home'],
  body: ZRepReportLifeEventRequest,
  response: ZLifeEvent,
});

export const getRepLifeEvents = endpoint({
  method: 'GET',
  path: '/api/v1/rep-home/life-events',
  summary: 'The life events of the rep’s clients (statuses, never documents)',
  tags: ['rep-home'],
  response: z.array(ZLifeEvent),
});

export const getGroupLifeEvents = endpoint({
  method: 'GET',
  path: '/api/v1/group-home/life-events',
  summary: 'The life events of the group’s employees (statuses, never documents)',
  tags: ['group-home'],
  response: z.array(ZLifeEvent),
});

export const getAdminLifeEvents = endpoint({
  method: 'GET',
  path: '/api/admin/life-events',
  summary: 'Life events to review',
  tags: ['admin'],
  response: z.array(ZLifeEvent),
});

export const decideLifeEvent = endpoint({
  method: 'POST',
  path: '/api/admin/life-events/:id/decision',
  summary: 'Approve or reject a life event’s proof',
  tags: ['admin'],
  params: ZIdParams,
  body: ZLifeEventDecisionRequest,
  response: ZLifeEvent,
});

/** The proof itself (its own type), for the operator's review only. */
export const getLifeEventDocument = endpoint({
  method: 'GET',
  path: '/api/admin/life-events/:id/document',
  summary: 'The proof of a life event',
  tags: ['admin'],
  params: ZIdParams,
});

/** The operator's settings of each event type (decision 2724): its window and how long its proof is kept. */
export const getLifeEventSettings = endpoint({
  method: 'GET',
  path: '/api/admin/life-event-settings',
  summary: 'The settings of each life event type',
  tags: ['admin'],
  response: z.array(ZLifeEventSettingRow),
});

/** Saved with the operator's fresh second factor (a shorter retention deletes proof at the next purge); audited. */
export const saveLifeEventSettings = endpoint({
  method: 'PUT',
  path: '/api/admin/life-event-settings/:event_type',
  summary: 'Save the settings of a life event type',
  tags: ['admin'],
  params: ZLifeEventTypeParams,
  body: ZLifeEventSettingsRequest,
  response: ZLifeEventSettingRow,
});
