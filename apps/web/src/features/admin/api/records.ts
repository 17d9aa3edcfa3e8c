import type { TPageQuery } from '@store/domain/admin';
import * as c from '@store/domain/contract/admin';
import { fillPath } from '@store/domain/contract/endpoint';
import { useAdminMutation, useAdminQuery } from './admin-query';

/** Enrollments (search, detail, screenshots), the outbox and the leads. */
export const useEnrollments = (query: Partial<TPageQuery> & { status?: string; from?: string; to?: string }) =>
  useAdminQuery(c.searchEnrollments, { query: query as never }, { list: true });
export const useEnrollment = (id: string) => useAdminQuery(c.getEnrollment, { params: { id } });
/** The address of a screenshot's image (an <img> reads it with the session cookie). */
export const screenshotUrl = (enrollmentId: string, screenshotId: number) =>
  fillPath(c.getEnrollmentScreenshot.path, { id: enrollmentId, sid: screenshotId });

export const useOutbox = (query: Partial<TPageQuery> & { status?: string }) =>
  useAdminQuery(c.listOutbox, { query: query as never }, { list: true });
export const useOutboxMail = (id: string | number) => useAdminQuery(c.getOutboxMail, { params: { id } });
export const useResendMail = (id: string | number) => useAdminMutation(c.resendOutboxMail, { id });

export const useChatLeads = (query: Partial<TPageQuery>) => useAdminQuery(c.listChatLeads, { query }, { list: true });
export const useSignupRequests = (query: Partial<TPageQuery>) => useAdminQuery(c.listSignupRequests, { query }, { list: true });
