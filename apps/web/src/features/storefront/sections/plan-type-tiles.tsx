import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';

const TILES = [
  { type: 'dental', title: 'Dental Plans', text: 'Cleanings, fillings, crowns and more at lower cost.' },
  { type: 'vision', title: 'Vision Plans', text: 'Eye exams, glasses and contacts.' },
  { type: 'term_life', title: 'Term Life', text: 'Protect the people who depend on you.' },
];

/** Plan-type tiles: Dental Plans, Vision Plans, Term Life, each opening the plans page of its type. */
export function PlanTypeTiles() {
  const { t } = useTranslation();
  return (
    <section className="page plan-tiles" aria-label={t('Plan types')}>
      <div className="grid">
        {TILES.map((tile) => (
          <Link key={tile.type} to={paths.plans(tile.type)} className="card plan-tile">
            <h3>{t(tile.title)}</h3>
            <p>{t(tile.text)}</p>
          </Link>
        ))}
      </div>
    </section>
  );
}
