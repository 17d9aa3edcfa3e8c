import { useDeferredValue, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { CATEGORIES } from '@store/domain/codes';
import { TEXT } from '@store/domain/texts';
import type { TPlanCard } from '@store/domain/catalog';
import { Alert, Spinner } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { SelectField } from '../../components/form/fields';
import { storage, useStored } from '../../lib/storage';
import { paths } from '../../config/paths';
import { openGetStarted } from '../../lib/quote/ui';
import { changeFilter, useFilterInfo } from '../../lib/quote/filter';
import { catalogKeys, fetchMenuPlans, quotePlansQuery, usePlanTextLang } from './api/catalog';
import { ContextLines } from './components/context-lines';
import { EditSearchPanel } from './components/edit-search-panel';
import { CompareBar, CompareCheck, PlanListControls, PlanPrice, useCompareChoice, usePlanListTools } from './compare/plan-list-tools';
import { useFactsText } from './compare/facts-text';
import { KeyNumbers } from './components/key-numbers';
import './catalog.css';

const storedCategories = () => (storage.get('selectedCategorykey') ?? '').split(',').filter(Boolean);

function saveCategories(keys: string[]) {
  if (keys.length) {
    storage.set('selectedCategorykey', keys.join(','));
    storage.set('selectedCategoryValue', keys.map((k) => CATEGORIES.find((c) => c.key === k)?.name ?? k).join(','));
  } else storage.remove('selectedCategorykey', 'selectedCategoryValue');
}

/** /plans: breadcrumb, group/member/portal lines, category multi-select with chips, plans by section, edit-search panel. */
export function PlansPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const type = params.get('type');
  const tempId = useStored('tempId');
  const [selected, setSelected] = useState<string[]>(() => (type ? [type] : storedCategories()));
  useEffect(() => {
    if (type) {
      setSelected([type]);
      saveCategories([type]);
    }
  }, [type]);
  const lang = usePlanTextLang();
  const filterInfo = useFilterInfo();
  // With a quote, the page's one request: the plans priced for it, the categories, the comparison, the context lines.
  // (another choice of categories keeps the list on screen until its own answer is here)
  const quote = useQuery({ ...quotePlansQuery(tempId, selected, lang), placeholderData: keepPreviousData });
  // The page is drawn from the answer in a background render that yields to the browser every few milliseconds
  // (React's deferred value), not in one long task as the answer arrives (Lighthouse's Total Blocking Time).
  const answer = useDeferredValue(quote.data);
  const categoryOptions = (answer?.categories ?? CATEGORIES.map((c) => ({ key: c.key, name: c.name, section: c.section }))).filter(
    (c) => !selected.includes(c.key),
  );
  const ctx = {
    group_id: storage.get('group_id'),
    agent_id: storage.get('agent_id'),
    portal_id: storage.get('portal_id'),
    eprocess: storage.get('eprocess'),
    open_type: storage.get('open_type'),
  };
  // Without a quote, the menu's plans of the chosen categories (no prices).
  const menu = useQuery({
    queryKey: catalogKeys.menuPlans(selected, lang),
    enabled: !tempId && selected.length > 0,
    queryFn: () => fetchMenuPlans(selected, ctx),
  });
  const plans = tempId ? { ...quote, data: answer?.result } : menu;
  // The list is on its way (with a quote, until the deferred render has its answer).
  const waiting = tempId ? !answer && !quote.isError : menu.isLoading;
  const tools = usePlanListTools(tempId, answer?.facts);
  const choice = useCompareChoice(tempId, { ids: answer?.compare_plan_ids });
  const { arrange } = tools;
  const sections = useMemo(() => {
    const out: { key: string; section: string; plans: TPlanCard[] }[] = [];
    for (const c of CATEGORIES) {
      const list = arrange((plans.data ?? []).filter((p) => p.plan_category === c.key));
      if (list.length) out.push({ key: c.key, section: c.section, plans: list });
    }
    return out;
  }, [plans.data, arrange]);

  const apply = (keys: string[]) => {
    setSelected(keys);
    saveCategories(keys);
    if (tempId && keys.length)
      void changeFilter(tempId, { categories: keys }).then(() => qc.invalidateQueries({ queryKey: ['filter-info'] }));
    if (!keys.length) navigate(paths.plans(), { replace: !!type });
  };

  // With a quote, nothing on screen moves as its answer and its filter arrive (decisions 2380, 2850). A quote of the
  // visitor's own (no group, member or portal that the answer names in lines above the list) draws the page at
  // once, its order note and tools included, with the list's place held below them (the filter bar holds its own
  // place): the first paint is the largest. Any other quote shows a spinner until both are here.
  const linesAbove =
    !!(ctx.group_id || ctx.portal_id || storage.get('portal_name') || storage.get('user_id')) ||
    storage.get('enroll_type') === 'existing-member';
  if (tempId && linesAbove && ((!answer && !quote.isError) || filterInfo.isPending)) return <Spinner />;

  return (
    <div className="page plans-page">
      <nav className="breadcrumb" aria-label={t('Breadcrumb')}>
        <ol>
          <li>
            <Link to="/">{t('Home')}</Link>
          </li>
          <li aria-current="page">{t('Plans')}</li>
        </ol>
      </nav>
      <ContextLines context={tempId ? (answer?.context ?? null) : undefined} />
      {/* Categories, then the plans, then the edit-search panel: on a phone the plans come before the long form;
          on a wide screen both asides stand in the left column. */}
      <div className="plans-layout">
        <div className="plans-aside plans-categories">
          <div className="card">
            <SelectField
              label={t('Categories')}
              name="categories"
              value=""
              placeholder="Select categories"
              options={categoryOptions.map((c) => ({ value: c.key, label: c.name }))}
              onChange={(e) => e.target.value && apply([...selected, e.target.value])}
            />
            <ul className="chips" aria-label={t('Selected categories')}>
              {selected.map((k) => {
                const name = t(CATEGORIES.find((c) => c.key === k)?.name ?? k);
                return (
                  <li key={k} className="chip">
                    {name}
                    <button
                      type="button"
                      aria-label={t('Remove {{name}}', { name })}
                      onClick={() => apply(selected.filter((x) => x !== k))}
                    >
                      ×
                    </button>
                  </li>
                );
              })}
            </ul>
          </div>
        </div>
        {/* While the list is on its way its place is held a screen high: what follows it (on a phone, the edit-search
            panel) starts below the fold and does not jump down when the plans arrive (decision 2380). */}
        <section className={waiting ? 'plans-results plans-results-waiting' : 'plans-results'} aria-label={t('Plans')}>
          {!tempId && !selected.length && (
            <div className="card">
              <p>{t('Tell us a little about yourself to see plans and prices.')}</p>
              <Button onClick={openGetStarted}>{t(TEXT.FIND_A_PLAN)}</Button>
            </div>
          )}
          {(tempId ? !quote.isError && (!answer || answer.result.length > 0) : plans.isSuccess && (plans.data ?? []).length > 0) && (
            <PlanListControls tools={tools} />
          )}
          {waiting && <Spinner />}
          {plans.isError && <Alert>{plans.error instanceof Error ? plans.error.message : String(plans.error)}</Alert>}
          {plans.isSuccess && !waiting && !sections.length && <p className="muted">{t(TEXT.NO_PLANS)}</p>}
          {sections.map((s) => (
            <section key={s.key} className="plan-section" aria-labelledby={`section-${s.key}`}>
              <h2 id={`section-${s.key}`}>{t(s.section)}</h2>
              <div className="plan-cards">
                {s.plans.map((p) => (
                  <PlanCard key={p.plan_id} plan={p} price={<PlanPrice facts={tools.facts.get(p.plan_id)} />}>
                    <CompareCheck plan={p} choice={choice} />
                  </PlanCard>
                ))}
              </div>
            </section>
          ))}
          <CompareBar choice={choice} />
        </section>
        {/* (its fields are the quote's filter: drawn once it is here, below the list on a phone) */}
        <div className="plans-aside plans-edit">{(!tempId || !filterInfo.isPending) && <EditSearchPanel />}</div>
      </div>
    </div>
  );
}

/** A plan card: the monthly price (given by the list, priced for the quote) right under the name, then the key numbers. */
export function PlanCard({ plan, price, children }: { plan: TPlanCard; price?: ReactNode; children?: ReactNode }) {
  const { t } = useTranslation();
  const text = useFactsText();
  return (
    <article className="plan-card" aria-labelledby={`plan-${plan.plan_id}`}>
      {plan.plan_logo && <img src={plan.plan_logo} alt={plan.carrier ?? plan.plan_name} width={200} height={60} />}
      <h3 id={`plan-${plan.plan_id}`}>{plan.plan_name}</h3>
      {plan.unavailable_message && <PlanUnavailable message={plan.unavailable_message} />}
      {price}
      <KeyNumbers items={text.keyNumbers(plan.plan_category, plan.benefits)} />
      {/* plan_short_text is sanitized by the server (sanitize-html) */}
      <div className="plan-short" dangerouslySetInnerHTML={{ __html: plan.plan_short_text }} />
      {children}
      <Link
        className="btn btn-secondary"
        to={paths.plan(plan.plan_id, plan.plan_name)}
        aria-label={`${t(TEXT.MORE_INFO)}: ${plan.plan_name}`}
      >
        {t(TEXT.MORE_INFO)}
      </Link>
    </article>
  );
}

/** A plan that cannot be bought now (a blackout period): said on its card and its page before anyone tries (issue 37). */
export function PlanUnavailable({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <p className="plan-unavailable">
      <strong>{t('Not available now')}</strong> {t(message)}
    </p>
  );
}
