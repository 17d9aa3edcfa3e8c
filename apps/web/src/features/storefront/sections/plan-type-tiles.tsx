import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { TileArt } from './hero-art';

const TILES = [
  { type: 'dental', title: 'Dental Plans', text: 'Cleanings, fillings, crowns and more at lower cost.' },
  { type: 'vision', title: 'Vision Plans', text: 'Eye exams, glasses and contacts.' },
  { type: 'term_life', title: 'Term Life', text: 'Protect the people who depend on you.' },
];

/**
 * Plan-type tiles: Dental Plans, Vision Plans, Term Life, each opening the plans page of its type, with the site's
 * picture of the type (setting tile_image_<type>) when it has one.
 */
export function PlanTypeTiles({ images = {} }: { images?: Record<string, string> }) {
  const { t } = useTranslation();
  return (
    <section className="page plan-tiles" aria-label={t('Plan types')}>
      <div className="grid">
        {TILES.map((tile) => (
          <Link key={tile.type} to={paths.plans(tile.type)} className="card plan-tile">
            <TileArt image={images[`tile_image_${tile.type}`]} />
            <h3>{t(tile.title)}</h3>
            <p>{t(tile.text)}</p>
          </Link>
        ))}
      </div>
    </section>
  );
}
