import { useTranslation } from 'react-i18next';
import { useFilterInfo, usePremierInCart } from '../../lib/quote/filter';
import { openBasicDetails } from '../../lib/quote/ui';
import { genderLabel, tierLabel } from './quote-options';
import './quote.css';

/** The top filter bar: zip, gender, smoker (only if set), tier and DOB, with Edit opening 'Basic Details'. */
export function FilterBar() {
  const { t } = useTranslation();
  const { filter, tempId } = useFilterInfo();
  const premier = usePremierInCart();
  if (!tempId || !filter) return null;
  const smoker = filter.is_smoker === '1' || filter.is_smoker === '0' ? (filter.is_smoker === '1' ? 'Yes' : 'No') : null;
  return (
    <section className="filter-bar" aria-label={t('Your basic details')}>
      <dl className="filter-items">
        <div>
          <dt>{t('Zip')}</dt>
          <dd>{String(filter.zip ?? '')}</dd>
        </div>
        <div>
          <dt>{t('Gender')}</dt>
          <dd>{t(genderLabel(filter.gender as string))}</dd>
        </div>
        {smoker && (
          <div>
            <dt>{t('Smoker')}</dt>
            <dd>{t(smoker)}</dd>
          </div>
        )}
        <div>
          <dt>{t('Tier')}</dt>
          <dd>{t(tierLabel(filter.tier as string, premier))}</dd>
        </div>
        <div>
          <dt>{t('DOB')}</dt>
          <dd>{String(filter.dob ?? '')}</dd>
        </div>
      </dl>
      <button type="button" className="btn btn-secondary filter-edit" onClick={() => openBasicDetails()}>
        {t('Edit')}
      </button>
    </section>
  );
}
