import { mediaUrl } from '@store/domain/media';

/**
 * The site's hero illustration (site setting hero_image: a designed SVG of a few kilobytes per site kind, which the
 * operator's upload replaces). Width and height are set so nothing moves when it arrives; decorative, so no alt text.
 */
export function HeroArt({ image }: { image: string | undefined }) {
  const src = mediaUrl(image);
  if (!src) return null;
  return <img className="hero-art" src={src} alt="" width={480} height={320} fetchPriority="high" decoding="async" />;
}

/** A plan-type tile's picture (site setting tile_image_<type>), below the fold: loaded lazily. */
export function TileArt({ image }: { image: string | undefined }) {
  const src = mediaUrl(image);
  if (!src) return null;
  return <img className="plan-tile-art" src={src} alt="" width={240} height={140} loading="lazy" decoding="async" />;
}
