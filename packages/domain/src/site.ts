import { z } from 'zod';
import { SITE_KINDS } from './codes.ts';

/** The site a host serves: kind, flag and its key/value branding settings. */
export const ZSiteInfo = z.object({
  host: z.string(),
  kind: z.enum(SITE_KINDS),
  name: z.string(),
  site_flag: z.string(),
  group_id: z.number().nullable(),
  portal_id: z.number().nullable(),
  settings: z.record(z.string(), z.string()),
});
export type TSiteInfo = z.infer<typeof ZSiteInfo>;

export const ZKeyValue = z.object({ key: z.string(), value: z.string() });

/** Rep landing info (storefront.md section 3). */
export const ZAgentLandingInfo = z.object({
  agent_id: z.number(),
  logo: z.string().nullable(),
  display_phone: z.string().nullable(),
  display_email: z.string().nullable(),
  tagline: z.string().nullable(),
  display_about_name: z.string().nullable(),
  display_name: z.string().nullable(),
  image: z.string().nullable(),
  image_link: z.string().nullable(),
  agent_code: z.string(),
  agent_bio: z.string().nullable(),
  banner_image: z.string().nullable(),
});
export type TAgentLandingInfo = z.infer<typeof ZAgentLandingInfo>;

/** Group landing info (storefront.md section 3). */
export const ZGroupLandingInfo = z.object({
  group_id: z.number(),
  logo: z.string().nullable(),
  display_phone: z.string().nullable(),
  display_email: z.string().nullable(),
  tagline: z.string().nullable(),
  display_about_name: z.string().nullable(),
  display_name: z.string().nullable(),
  image: z.string().nullable(),
  image_link: z.string().nullable(),
  agent_code: z.string().nullable(),
  gweb_aboutus: z.string().nullable(),
  banner_image: z.string().nullable(),
});
export type TGroupLandingInfo = z.infer<typeof ZGroupLandingInfo>;

export const ZLandingValidation = z.object({
  type: z.enum(['agent', 'group']),
  agent_id: z.number().nullable(),
  group_id: z.number().nullable(),
  landing_url: z.string(),
});
export type TLandingValidation = z.infer<typeof ZLandingValidation>;

export const ZState = z.object({ name: z.string(), abbrev: z.string() });
export type TState = z.infer<typeof ZState>;
