import { useTranslation } from 'react-i18next';
import { useFilterInfo, usePremierInCart } from '../../lib/quote/filter';
import { openBasicDetails } from '../../lib/quote/ui';
import { genderLabel, tierLabel } from './quote-options';
import './quote.css';

/** The top filter bar: zip, gender, smoker (only if set), tier and DOB, with Edit opening 'Basic Details'. */
export function FilterBar() {
  const { t } = useTranslation();
  const { filter, tempId, isPending } = useFilterInfo();
  const premier = usePremierInCart();
  if (tempId && !filter && isPending) return <FilterBarPlace />;
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

/** A quote's usual details, of the widths the bar's items usually have (never shown: they only take the room). */
const USUAL = [
  ['Zip', '10001'],
  ['Gender', 'Female'],
  ['Smoker', 'No'],
  ['Tier', 'Member Only'],
  ['DOB', '01/15/1985'],
] as const;

/**
 * The bar's place while the quote's filter is on its way: the same box with the usual details, hidden, so that the
 * page below it (the plans page draws at once, decision 2850) does not move down when the filter arrives.
 */
function FilterBarPlace() {
  // (in the language on screen: the same widths as the bar's own words)
  const { t } = useTranslation();
  return (
    <div className="filter-bar filter-bar-place" aria-hidden="true">
      <dl className="filter-items">
        {USUAL.map(([label, value]) => (
          <div key={label}>
            <dt>{t(label)}</dt>
            <dd>{t(value)}</dd>
          </div>
        ))}
      </dl>
      <span className="btn btn-secondary filter-edit">{t('Edit')}</span>
    </div>
  );
}
