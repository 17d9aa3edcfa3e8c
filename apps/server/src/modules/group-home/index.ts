/**
 * The front door of modules/group-home (decision 2360): what other modules may use of it. Its routes are loaded by
 * modules/all.ts; renewals' open enrollment (decision 2660) mails the census with the group's link and mail.
 */
export { groupLinkAt, groupOpenEnrollment } from './service.ts';
export { renderGroupMail, INVITATION_KIND, GROUP_REMINDER_KIND } from './invitation-mail.ts';
