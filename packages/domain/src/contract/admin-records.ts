import { z } from 'zod';
import { ZPageQuery, page } from '../admin.ts';
import {
  ZChatLead,
  ZEnrollmentDetail,
  ZEnrollmentRow,
  ZEnrollmentSearch,
  ZOutboxDetail,
  ZOutboxRow,
  ZOutboxSearch,
  ZSignupRequest,
} from '../admin-records.ts';
import { endpoint } from './endpoint.ts';
import { ZIdParams, zEnrollmentId, zId } from './params.ts';

/** The console's records: enrollments (search, detail, screenshots), the outbox and the leads. */
export const searchEnrollments = endpoint({
  method: 'GET',
  path: '/api/admin/enrollments',
  summary: 'Search enrollments',
  tags: ['admin'],
  query: ZEnrollmentSearch,
  response: page(ZEnrollmentRow),
});
export const getEnrollment = endpoint({
  method: 'GET',
  path: '/api/admin/enrollments/:id',
  summary: 'Get an enrollment record',
  tags: ['admin'],
  params: z.object({ id: zEnrollmentId }),
  response: ZEnrollmentDetail,
});
/** A screenshot of an enrollment step: PNG bytes. */
export const getEnrollmentScreenshot = endpoint({
  method: 'GET',
  path: '/api/admin/enrollments/:id/screenshots/:sid',
  summary: "Get a screenshot of an enrollment's step (PNG)",
  tags: ['admin'],
  params: z.object({ id: zEnrollmentId, sid: zId }),
});

export const listOutbox = endpoint({
  method: 'GET',
  path: '/api/admin/outbox',
  summary: 'List outgoing e-mails',
  tags: ['admin'],
  query: ZOutboxSearch,
  response: page(ZOutboxRow),
});
export const getOutboxMail = endpoint({
  method: 'GET',
  path: '/api/admin/outbox/:id',
  summary: 'Get an outgoing e-mail',
  tags: ['admin'],
  params: ZIdParams,
  response: ZOutboxDetail,
});
export const resendOutboxMail = endpoint({
  method: 'POST',
  path: '/api/admin/outbox/:id/resend',
  summary: 'Send an outgoing e-mail again',
  tags: ['admin'],
  params: ZIdParams,
  response: ZOutboxRow,
});

export const listChatLeads = endpoint({
  method: 'GET',
  path: '/api/admin/chat-leads',
  summary: 'List chat leads',
  tags: ['admin'],
  query: ZPageQuery,
  response: page(ZChatLead),
});
export const listSignupRequests = endpoint({
  method: 'GET',
  path: '/api/admin/signup-requests',
  summary: 'List agent sign-up requests',
  tags: ['admin'],
  query: ZPageQuery,
  response: page(ZSignupRequest),
});
