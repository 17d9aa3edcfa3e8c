import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TEXT } from '@store/domain/texts';
import { paths } from '../../../config/paths';
import { Spinner } from '../../../components/ui/alert';
import { useFeaturedPlans } from '../api/get-featured-plans';

/** 'Featured Plans': logo, name, short text and 'More Info' to the plan's page. */
export function FeaturedPlans() {
  const { t } = useTranslation();
  const plans = useFeaturedPlans();
  return (
    <section className="page featured" aria-labelledby="featured-title">
      <h2 id="featured-title">{t(TEXT.FEATURED_PLANS)}</h2>
      {plans.isLoading && <Spinner />}
      <ul className="grid plan-cards">
        {(plans.data ?? []).map((p) => (
          <li key={p.plan_id} className="card plan-card">
            {p.plan_logo && (
              <img
                src={p.plan_logo}
                alt={p.carrier ?? t('{{name}} logo', { name: p.plan_name })}
                className="plan-card-logo"
                width={400}
                height={120}
                loading="lazy"
              />
            )}
            <h3>{p.plan_name}</h3>
            {/* short text is HTML the server sanitized (allow-list of inline tags) */}
            <div className="plan-card-text" dangerouslySetInnerHTML={{ __html: p.plan_short_text }} />
            <Link className="btn btn-secondary" to={paths.plan(p.plan_id, p.plan_name)} aria-label={`${t(TEXT.MORE_INFO)}: ${p.plan_name}`}>
              {t(TEXT.MORE_INFO)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
