import { z } from 'zod';
import {
  REP_HOME_LISTS,
  ZRepCompletedPage,
  ZRepEnrollmentParams,
  ZRepHomeExportQuery,
  ZRepHomeMessage,
  ZRepHomeQuery,
  ZRepInProgressPage,
  ZRepMembersPage,
  ZRepQuotesPage,
} from '../rep-home.ts';
import { ZContinueResult } from '../enrollment.ts';
import { endpoint } from './endpoint.ts';

/** The rep's home (book of business, issue 24): the signed-in rep's own lists, searched and paged on the server. */
const tags = ['rep-home'] as const;

export const getRepMembers = endpoint({
  method: 'GET',
  path: '/api/v1/rep-home/members',
  summary: "List the rep's members",
  tags,
  query: ZRepHomeQuery,
  response: ZRepMembersPage,
});
export const getRepInProgress = endpoint({
  method: 'GET',
  path: '/api/v1/rep-home/in-progress',
  summary: "List the rep's enrollments in progress",
  tags,
  query: ZRepHomeQuery,
  response: ZRepInProgressPage,
});
export const getRepCompleted = endpoint({
  method: 'GET',
  path: '/api/v1/rep-home/completed',
  summary: "List the rep's completed enrollments",
  tags,
  query: ZRepHomeQuery,
  response: ZRepCompletedPage,
});
export const getRepQuotes = endpoint({
  method: 'GET',
  path: '/api/v1/rep-home/quotes',
  summary: "List the rep's quotes",
  tags,
  query: ZRepHomeQuery,
  response: ZRepQuotesPage,
});
/** A list as CSV (text/csv, streamed; SSNs masked; formula-safe cells). */
export const exportRepList = endpoint({
  method: 'GET',
  path: '/api/v1/rep-home/:list/export.csv',
  summary: "Export one of the rep's lists (CSV)",
  tags,
  params: z.object({ list: z.enum(REP_HOME_LISTS) }),
  query: ZRepHomeExportQuery,
});
/** Mails a new enrollment code (and its direct link) to the address the enrollment was saved with. */
export const resendRepResumeCode = endpoint({
  method: 'POST',
  path: '/api/v1/rep-home/in-progress/:id/resend-code',
  summary: 'Mail a new enrollment code',
  tags,
  params: ZRepEnrollmentParams,
  response: ZRepHomeMessage,
});
/** What the browser needs to open the rep's enrollment in the wizard (as a continue does). */
export const openRepEnrollment = endpoint({
  method: 'POST',
  path: '/api/v1/rep-home/in-progress/:id/open',
  summary: 'Open an enrollment in progress in the wizard',
  tags,
  params: ZRepEnrollmentParams,
  response: ZContinueResult,
});
