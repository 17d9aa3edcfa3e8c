import type { Transaction } from 'kysely';
import type { Database } from '../schema.ts';
import { siteImageId, SITE_IMAGE_KEYS } from './demo-images.ts';

/**
 * Demo data of issue 26's rarer rules (README's demo table), seeded with the rest of the demo data:
 * - portal 503 "Dental & Vision Direct" (code DENTVIS) offers only dental and vision plans, and referral REFDV of
 *   AGENT100 quotes in it: choosing another category (PET, say) lists 'No Plans are available for your selection';
 * - the external site "Elevate" (host elevate.localhost, portal 502) that the start-up looks up by name from the
 *   `external_site` or `websites` query (storefront.md section 4); an unknown name goes to /404;
 * - the how-to videos (member and employer) with English and Spanish captions for every site but partner.localhost,
 *   which has none (the footer's modal says so).
 */
export const RARE_PORTAL = {
  platform_group_id: 503,
  platform_name: 'Dental & Vision Direct',
  platform_code: 'DENTVIS',
  categories: ['dental', 'vision'],
};
export const RARE_REFERRALS = [{ referral_id: 'REFDV', agent_id: 20001, group_id: null, portal_id: 503, valid: true }];

/** The videos and captions (apps/web/public/videos, made by scripts/make-howto-videos.ts). */
export const HOWTO_VIDEO_SETTINGS: Record<string, string> = {
  video_member: '/videos/how-to-member.webm',
  video_member_captions_en: '/videos/how-to-member.en.vtt',
  video_member_captions_es: '/videos/how-to-member.es.vtt',
  video_employer: '/videos/how-to-employer.webm',
  video_employer_captions_en: '/videos/how-to-employer.en.vtt',
  video_employer_captions_es: '/videos/how-to-employer.es.vtt',
};
/** Sites without a video: the footer's modal says there is none. */
export const SITES_WITHOUT_VIDEOS = ['partner.localhost'];

export const ELEVATE_SITE = {
  host: 'elevate.localhost',
  kind: 'partner' as const,
  name: 'Elevate',
  site_flag: 'false',
  group_id: null,
  portal_id: 502,
};
const ELEVATE_SETTINGS = {
  site_name: 'Elevate',
  support_phone: '8005550199',
  support_email: 'elevate@benefitstore.example.com',
  theme_color: '#be123c',
};

export async function seedRareRules(trx: Transaction<Database>): Promise<void> {
  const elevate = await trx.insertInto('sites').values(ELEVATE_SITE).returning('id').executeTakeFirstOrThrow();
  const elevateSettings: Record<string, string> = { ...ELEVATE_SETTINGS };
  for (const key of SITE_IMAGE_KEYS) elevateSettings[key] = `/media/${siteImageId(ELEVATE_SITE.kind, key)}`;
  await trx
    .insertInto('site_settings')
    .values(Object.entries(elevateSettings).map(([key, value]) => ({ site_id: elevate.id, key, value })))
    .execute();
  const { categories, ...portal } = RARE_PORTAL;
  await trx
    .insertInto('portals')
    .values({ ...portal, categories: JSON.stringify(categories) })
    .execute();
  await trx.insertInto('referrals').values(RARE_REFERRALS).execute();
  const sites = await trx.selectFrom('sites').select(['id', 'host']).execute();
  for (const site of sites) {
    if (SITES_WITHOUT_VIDEOS.includes(site.host)) continue;
    await trx
      .insertInto('site_settings')
      .values(Object.entries(HOWTO_VIDEO_SETTINGS).map(([key, value]) => ({ site_id: site.id, key, value })))
      .execute();
  }
}
