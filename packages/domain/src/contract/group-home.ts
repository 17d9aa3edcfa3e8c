import { z } from 'zod';
import {
  ZCensusResult,
  ZCensusUpload,
  ZEnrollmentWindowForm,
  ZGroupEmployee,
  ZGroupHome,
  ZRemindResult,
  ZWaiveRequest,
  ZWindowInfo,
} from '../group-home.ts';
import { endpoint } from './endpoint.ts';
import { ZIdParams, zId } from './params.ts';

/**
 * The group administrator's home (issue 24): the group's employees and their status, the open-enrollment window,
 * the census upload, the reminders. Only the signed-in group administrator, for their own group. The window of a
 * group is also public (its enrollment link says when it opens).
 */
const tags = ['group-home'] as const;

export const getGroupHome = endpoint({
  method: 'GET',
  path: '/api/v1/group-home',
  summary: "Get the group administrator's home",
  tags,
  response: ZGroupHome,
});
export const saveGroupWindow = endpoint({
  method: 'PUT',
  path: '/api/v1/group-home/window',
  summary: "Set the group's enrollment window",
  tags,
  body: ZEnrollmentWindowForm,
  response: ZWindowInfo,
});
/** 422 when any line is bad: one field error per problem, target_element `line:<n>`; nothing is imported. */
export const uploadCensus = endpoint({
  method: 'POST',
  path: '/api/v1/group-home/census',
  summary: 'Upload the employee census (CSV)',
  tags,
  body: ZCensusUpload,
  response: ZCensusResult,
});
export const remindEmployees = endpoint({
  method: 'POST',
  path: '/api/v1/group-home/reminders',
  summary: 'Remind employees to enroll',
  tags,
  response: ZRemindResult,
});
export const waiveEmployee = endpoint({
  method: 'PUT',
  path: '/api/v1/group-home/employees/:id/waived',
  summary: 'Mark an employee as waived or not',
  tags,
  params: ZIdParams,
  body: ZWaiveRequest,
  response: ZGroupEmployee,
});
/** Public: whether the group's enrollment is open, and when it opens or ended (204 when no active group). */
export const getGroupEnrollmentWindow = endpoint({
  method: 'GET',
  path: '/api/v1/group-enrollment-window',
  summary: "Get the group's enrollment window",
  tags,
  query: z.object({ group_id: zId }),
  response: ZWindowInfo,
});
