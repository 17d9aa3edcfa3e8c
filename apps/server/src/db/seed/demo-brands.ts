/**
 * The demo store's designed imagery (issue 25), hand-written SVG files shipped in apps/server/assets:
 * - brands/: a logo (mark and wordmark) per demo carrier and per provider network, fictional brands made for this project;
 * - illustrations/: a hero per site kind, the plan-type tiles, the thank-you page and the review card.
 * The seed stores them as media (served from /media with the SVG sandbox policy); a plan's logo is its carrier's.
 * An operator's upload replaces any of them (a plan's logo field, a site's image settings).
 */
import fs from 'node:fs';
import path from 'node:path';
import { PROVIDER_NETWORKS } from '@store/domain/storefront';
import { SERVER_ROOT } from '../../paths.ts';

const ASSETS = path.join(SERVER_ROOT, 'assets');
const CONTENT_TYPE = 'image/svg+xml';

/** The logo file of every demo carrier, by the carrier's name (plans.carrier, carriers.name). */
export const CARRIER_LOGOS: Record<string, string> = {
  'National Dental Carrier': 'carrier-national-dental.svg',
  'National Vision Carrier': 'carrier-national-vision.svg',
  'National Dental and Vision Carrier': 'carrier-national-dental-vision.svg',
  'Regional Medical Carrier': 'carrier-regional-medical.svg',
  'National Medical Carrier': 'carrier-national-medical.svg',
  'National Life Carrier': 'carrier-national-life.svg',
  'Limited Medical Carrier': 'carrier-limited-medical.svg',
  'Pharmacy Benefit Partner': 'carrier-pharmacy-benefit-partner.svg',
  'Wellness Association Services': 'carrier-wellness-association-services.svg',
  'National Wellness Association': 'carrier-national-wellness-association.svg',
  'Supplemental Health Carrier': 'carrier-supplemental-health.svg',
  'National Disability Carrier': 'carrier-national-disability.svg',
  'Critical Illness Carrier': 'carrier-critical-illness.svg',
  'Accident Insurance Carrier': 'carrier-accident-insurance.svg',
  'Hospital Indemnity Carrier': 'carrier-hospital-indemnity.svg',
  'National Pet Insurance Carrier': 'carrier-national-pet-insurance.svg',
  'Guaranteed Life Carrier': 'carrier-guaranteed-life.svg',
  'Benefit Store Partner Carrier': 'carrier-benefit-store-partner.svg',
};
/** The store's own partner carrier stands in for a carrier without a logo of its own. */
const FALLBACK_LOGO = 'carrier-benefit-store-partner.svg';

/** Media id of a carrier's logo (the file's name). */
export const carrierLogoId = (carrier: string | null | undefined) => (carrier && CARRIER_LOGOS[carrier]) || FALLBACK_LOGO;

/** Site image settings drawn as illustrations: the hero per site kind, the plan-type tiles, thank-you and review card. */
export const ILLUSTRATION_KEYS = [
  'hero_image',
  'tile_image_dental',
  'tile_image_vision',
  'tile_image_term_life',
  'tile_image_medical',
  'tile_image_supplemental',
  'thank_you_image',
  'review_card_image',
] as const;
export type IllustrationKey = (typeof ILLUSTRATION_KEYS)[number];

const HERO_KINDS = new Set(['main', 'dental', 'partner', 'go-enroll']);

/** The illustration file of a site kind's image setting. */
export function illustrationFile(siteKind: string, key: IllustrationKey): string {
  if (key === 'hero_image') return `hero-${HERO_KINDS.has(siteKind) ? siteKind : 'main'}.svg`;
  if (key === 'thank_you_image') return 'thank-you.svg';
  if (key === 'review_card_image') return 'review-card.svg';
  return `tile-${key.slice('tile_image_'.length)}.svg`;
}

const read = (folder: string, file: string) => fs.readFileSync(path.join(ASSETS, folder, file));

/** The bytes of a carrier's logo. */
export const carrierLogo = (carrier: string | null | undefined) => read('brands', carrierLogoId(carrier));

/** The bytes of an illustration of a site kind. */
export const illustration = (siteKind: string, key: IllustrationKey) => read('illustrations', illustrationFile(siteKind, key));

/** Carrier and network logos as media rows (ids are the files' names). */
export function brandMedia(): { id: string; contentType: string; data: Buffer }[] {
  const ids = new Set([...Object.values(CARRIER_LOGOS), ...[...PROVIDER_NETWORKS.dental, ...PROVIDER_NETWORKS.vision].map((n) => n.logo)]);
  return [...ids].map((id) => ({ id, contentType: CONTENT_TYPE, data: read('brands', id) }));
}
