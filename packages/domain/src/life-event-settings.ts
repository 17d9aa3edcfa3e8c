import { z } from 'zod';
import { LIFE_EVENT_TYPES } from './life-events.ts';

/**
 * The operator's settings of each life event type (issue 38, decision 2724; table life_event_settings, migrations
 * 2650 and 2760): how many days after the event the member may report it, and how many days after the decision its
 * proof is kept before the daily purge deletes it (decision 2660).
 */
export const LIFE_EVENT_WINDOW_DAYS = { min: 1, max: 180 } as const;
export const LIFE_EVENT_RETENTION_DAYS = { min: 30, max: 3650 } as const;

export const LIFE_EVENT_SETTINGS_TEXT = {
  WINDOW_DAYS: 'Enter the window as a whole number of days from 1 to 180.',
  RETENTION_DAYS: 'Enter the days to keep the proof as a whole number from 30 to 3650.',
  SAVED: 'The life event settings were saved.',
} as const;

/** A whole number of days within the limits, from a number or the text of a form field. */
const days = (limits: { min: number; max: number }, message: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? Number.NaN : v),
    z.coerce.number({ error: message }).int({ error: message }).min(limits.min, { error: message }).max(limits.max, { error: message }),
  );

export const ZLifeEventSettingsRequest = z.object({
  window_days: days(LIFE_EVENT_WINDOW_DAYS, LIFE_EVENT_SETTINGS_TEXT.WINDOW_DAYS),
  document_retention_days: days(LIFE_EVENT_RETENTION_DAYS, LIFE_EVENT_SETTINGS_TEXT.RETENTION_DAYS),
});
export type TLifeEventSettingsRequestIn = z.input<typeof ZLifeEventSettingsRequest>;
export type TLifeEventSettingsRequest = z.output<typeof ZLifeEventSettingsRequest>;

export const ZLifeEventSettingRow = z.object({
  event_type: z.enum(LIFE_EVENT_TYPES),
  window_days: z.number().int(),
  document_retention_days: z.number().int(),
});
export type TLifeEventSettingRow = z.infer<typeof ZLifeEventSettingRow>;

export const ZLifeEventTypeParams = z.object({ event_type: z.string().max(40) });
