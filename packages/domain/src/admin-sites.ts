import { z } from 'zod';
import { SITE_KINDS } from './codes.ts';
import { ADMIN_TEXT, MAX_UPLOAD_BYTES, phoneDigits, required, trimmed, WEB_ADDRESS } from './admin.ts';
import { PATTERNS } from './validation.ts';

/** The console's sites (host, kind, settings) and image uploads. */

export const ZSiteSummary = z.object({
  id: z.number(),
  host: z.string(),
  kind: z.enum(SITE_KINDS),
  name: z.string(),
  site_flag: z.string(),
  group_id: z.number().nullable(),
  portal_id: z.number().nullable(),
  active: z.boolean(),
});
export type TSiteSummary = z.infer<typeof ZSiteSummary>;
export const ZSiteDetail = ZSiteSummary.extend({ settings: z.array(z.object({ key: z.string(), value: z.string() })) });
export type TSiteDetail = z.infer<typeof ZSiteDetail>;

export const ZSiteSettingKey = z
  .string()
  .trim()
  .min(1, { error: ADMIN_TEXT.REQUIRED })
  .max(60)
  .regex(/^[a-z0-9_]+$/, { error: ADMIN_TEXT.KEY_FORMAT });

export const ZSiteForm = z.object({
  host: z
    .string({ error: ADMIN_TEXT.REQUIRED })
    .trim()
    .toLowerCase()
    .min(1, { error: ADMIN_TEXT.REQUIRED })
    .max(253)
    .regex(/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/, { error: ADMIN_TEXT.HOST_FORMAT }),
  kind: z.enum(SITE_KINDS),
  name: required(120),
  site_flag: z.enum(['true', 'false']),
  group_id: z.coerce.number().int().positive().nullable().optional(),
  portal_id: z.coerce.number().int().positive().nullable().optional(),
  active: z.boolean().default(true),
});
export type TSiteForm = z.infer<typeof ZSiteForm>;

/**
 * What a setting's value must be, by how its key ends: the footer's `support_phone`, `support_email` and app-store
 * links (`app_store_link`, `play_store_link`) and any such setting an operator adds. Other keys take any text.
 */
const SETTING_VALUE_RULES: { key: RegExp; value: RegExp; message: string }[] = [
  { key: /_email$/, value: PATTERNS.email, message: ADMIN_TEXT.INVALID_EMAIL },
  { key: /_phone$/, value: PATTERNS.phone10, message: ADMIN_TEXT.PHONE_10 },
  { key: /_(?:link|url)$/, value: WEB_ADDRESS, message: ADMIN_TEXT.WEB_ADDRESS },
];

export const ZSiteSetting = z
  .object({ key: ZSiteSettingKey, value: trimmed(2000) })
  .transform((s) => (/_phone$/.test(s.key) ? { ...s, value: phoneDigits(s.value) } : s))
  .superRefine((s, ctx) => {
    const rule = SETTING_VALUE_RULES.find((r) => r.key.test(s.key));
    if (rule && s.value !== '' && !rule.value.test(s.value)) ctx.addIssue({ code: 'custom', path: ['value'], message: rule.message });
  });

export const ZSiteSettingsUpdate = z.object({
  settings: z.array(ZSiteSetting).max(200),
});
export type TSiteSettingsUpdate = z.infer<typeof ZSiteSettingsUpdate>;

/** An upload as a data URL (the type is decided by the server from the bytes, not from the name). */
export const ZUploadRequest = z.object({
  data_url: z
    .string()
    .min(10)
    .max(Math.ceil(MAX_UPLOAD_BYTES * 1.4) + 100),
});
export const ZUploadResponse = z.object({ id: z.string(), url: z.string(), content_type: z.string() });
export type TUploadResponse = z.infer<typeof ZUploadResponse>;
