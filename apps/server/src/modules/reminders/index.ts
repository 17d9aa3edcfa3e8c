/** The reminders' front door (decision 2360): scheduling them, and the job kind the completion cancels. */
export { REMINDER_KIND, scheduleReminders } from './service.ts';
