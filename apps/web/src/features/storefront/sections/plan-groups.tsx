import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PLAN_GROUPS, PLAN_GROUP_TITLES } from '@store/domain/plan-groups';
import { paths } from '../../../config/paths';
import { useFeaturedPlans } from '../api/get-featured-plans';

/** Plan groups: Low Deductible, High Annual Maximum, Bundled and Vision; each plan links to its page. */
export function PlanGroups() {
  const { t } = useTranslation();
  const plans = useFeaturedPlans().data ?? [];
  const groups = PLAN_GROUPS.map((g) => ({ key: g, title: PLAN_GROUP_TITLES[g], plans: plans.filter((p) => p.plan_group === g) })).filter(
    (g) => g.plans.length,
  );
  if (!groups.length) return null;
  return (
    <section className="page plan-groups" aria-labelledby="plan-groups-title">
      <h2 id="plan-groups-title">{t('Choose by what matters to you')}</h2>
      <div className="grid">
        {groups.map((g) => (
          <section key={g.key} className="card plan-group">
            <h3>{t(g.title)}</h3>
            <ul>
              {g.plans.map((p) => (
                <li key={p.plan_id}>
                  <Link to={paths.plan(p.plan_id, p.plan_name)}>{p.plan_name}</Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </section>
  );
}
