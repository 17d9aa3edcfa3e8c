import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { TEXT } from '@store/domain/texts';
import { Alert, Spinner } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ApiError } from '../../lib/api-client';
import { storage, useStored } from '../../lib/storage';
import { paths } from '../../config/paths';
import { changeFilter as changeQuoteFilter, createExistingMemberFilter, updateFilterPortal, useFilterInfo } from '../../lib/quote/filter';
import { openBasicDetails, openGetStarted } from '../../lib/quote/ui';
import { useMe } from '../../lib/auth/get-me';
import { ensureMe } from '../../lib/session';
import { fetchPlanDescription, usePlanDetail, usePlanTextLang, usePricing, useRelatedPlans } from './api/catalog';
import { ContextLines } from './components/context-lines';
import { PriceSection } from './components/price-section';
import { IncomeHoursModal, SelectPortalModal, TierModal, TobaccoModal } from './components/plan-modals';
import { PlanCard, PlanUnavailable } from './plans-page';
import { PlanHero, PlanKeyNumbers, PlanSections } from './components/plan-overview';
import { PlanEstimate } from './compare/estimate';
import { CompareBar, CompareCheck, useCompareChoice } from './compare/plan-list-tools';
import './catalog.css';

const CLICK_HERE = 'clicking here.';

/** /plan/{id}/{name}: plan detail with server-side prices, pricing errors, modals and related plans. */
export function PlanDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const id = Number(useParams().id);
  const tempId = useStored('tempId');
  const currentMember = useStored('isCurrentMemberAvailable') === 'true';
  const { filter } = useFilterInfo();
  const me = useMe();
  const detail = usePlanDetail(id);
  const pricing = usePricing(id, tempId);
  const related = useRelatedPlans(id, tempId, usePlanTextLang());
  const choice = useCompareChoice(tempId);
  const [modal, setModal] = useState<null | 'income' | 'tobacco' | 'tier' | 'portal' | 'changePortal'>(null);
  const code = pricing.data?.errorCode ?? null;
  const [portalChangeError, setPortalChangeError] = useState<string | null>(null);

  useEffect(() => {
    if (code === 'changePid' && pricing.data && pricing.data.pid !== id) {
      const pid = pricing.data.pid;
      void fetchPlanDescription(pid).then((d) => navigate(paths.plan(pid, d.plan_name), { replace: true }));
    }
  }, [code, pricing.data, id, navigate]);
  useEffect(() => {
    if (detail.data) storage.set('planName', detail.data.plan_name);
  }, [detail.data]);

  const refresh = async () => {
    await qc.invalidateQueries({ queryKey: ['filter-info'] });
    await qc.invalidateQueries({ queryKey: ['plan-pricing'] });
    await qc.invalidateQueries({ queryKey: ['plan-facts'] }); // the yearly cost estimate follows the quote
  };
  const changeFilter = async (fields: Record<string, string>) => {
    await changeQuoteFilter(tempId!, fields);
    await refresh();
    setModal(null);
  };
  const role = me.data?.role;
  const startQuote = async () => {
    // Who is signed in decides the way (a rep or a group picks a portal first): a click quicker than that answer waits for it.
    const who = me.data ?? (await ensureMe(qc).catch(() => null));
    const needsPortal = !tempId && (who?.role === 'rep' || who?.role === 'group') && !storage.get('portal_id');
    if (needsPortal) return setModal('portal');
    if (currentMember && storage.get('user_id')) return setModal('tier');
    openGetStarted();
  };

  // The page first shows once the plan and its price (or the reason there is none) are known, so nothing moves in
  // later; a new price after that (another quote) replaces the old one in place.
  const [priced, setPriced] = useState(false);
  if (!priced && !pricing.isLoading) setPriced(true);
  if (detail.isLoading || (!priced && pricing.isLoading)) return <Spinner />;
  if (!detail.data)
    return (
      <div className="page">
        <Alert>{t('Plan not found')}</Alert>
      </div>
    );
  const plan = detail.data;
  const errMessage = pricing.data?.message ?? null;
  const clickable = (text: string, open: () => void) => {
    const i = text.indexOf(CLICK_HERE);
    if (i < 0)
      return (
        <>
          {text}{' '}
          <button type="button" className="btn-link inline-link" onClick={open}>
            {t('Edit')}
          </button>
        </>
      );
    return (
      <>
        {text.slice(0, i)}
        <button type="button" className="btn-link inline-link" onClick={open}>
          {CLICK_HERE}
        </button>
      </>
    );
  };

  return (
    <div className="page plan-detail-page">
      <nav className="breadcrumb" aria-label={t('Breadcrumb')}>
        <ol>
          <li>
            <Link to="/">{t('Home')}</Link>
          </li>
          {currentMember && (
            <li>
              <Link to={role === 'group' ? paths.groupSelectMember : paths.agentSelectMember}>{t('Current Member')}</Link>
            </li>
          )}
          <li>
            <Link to={paths.plans()}>{t('Plans')}</Link>
          </li>
          <li aria-current="page">{t('Plan Details')}</li>
        </ol>
      </nav>
      <PlanHero plan={plan} />
      <ContextLines />
      {tempId && filter && plan.uses_income && (
        <div className="income-line">
          <span>
            {t('Annual Income')}: {filter.annual_incode != null ? `$${filter.annual_incode}` : '-'}
          </span>
          <span>
            {t('Working Hours')}: {filter.working_hours != null ? String(filter.working_hours) : '-'}
          </span>
          <Button variant="link" onClick={() => setModal('income')}>
            {t('Edit')}
          </Button>
        </div>
      )}
      {/* The price beside the key numbers on a wide screen; on a phone the price comes first. */}
      <div className="plan-layout">
        <aside className="plan-side" aria-label={t('Price')}>
          {plan.unavailable_message && <PlanUnavailable message={plan.unavailable_message} />}
          {pricing.isError && <Alert>{pricing.error instanceof Error ? pricing.error.message : String(pricing.error)}</Alert>}
          {code === 'enrollmentIdError' && !tempId && (
            <div className="card">
              <p>{t('Tell us a little about yourself to see plans and prices.')}</p>
              <Button onClick={() => void startQuote()}>{t(TEXT.FIND_A_PLAN)}</Button>
            </div>
          )}
          {code === 'enrollmentIdError' && tempId && currentMember && (
            <Button onClick={() => setModal('tier')}>{t('Please choose the tier')}</Button>
          )}
          {code && code !== 'enrollmentIdError' && code !== 'changePid' && code !== 'newQuestionsError' && errMessage && (
            // The tobacco question (smokerError) is a question to answer, not a mistake: the specification's words,
            // shown as a question (issue 37).
            <p
              className={`pricing-error${code === 'smokerError' ? ' pricing-question' : ''}`}
              role={code === 'smokerError' ? 'status' : 'alert'}
              data-error-code={code}
            >
              {code === 'salaryError' || code === 'hourError'
                ? clickable(t(errMessage), () => setModal('income'))
                : code === 'smokerError'
                  ? clickable(t(errMessage), () => setModal('tobacco'))
                  : t(errMessage)}
              {['stateError', 'tierError', 'ageError', 'metError'].includes(code) && (
                <Button
                  variant="link"
                  onClick={() => openBasicDetails(code === 'tierError' ? 'tier' : code === 'ageError' ? 'dob' : 'zip')}
                >
                  {t('Edit')}
                </Button>
              )}
              {code === 'portalError' && tempId && (role === 'rep' || role === 'group') && (
                <Button variant="link" onClick={() => setModal('changePortal')}>
                  {t('Change portal')}
                </Button>
              )}
            </p>
          )}
          <Alert>{portalChangeError && t(portalChangeError)}</Alert>
          {tempId && pricing.data && (!code || code === 'newQuestionsError') && (
            <PriceSection
              plan={plan}
              cards={pricing.data.plans}
              tempId={tempId}
              tier={String(filter?.tier ?? 'IO')}
              questionsOutdated={code === 'newQuestionsError'}
            />
          )}
          {tempId && pricing.data && !code && (
            <div className="plan-compare">
              <CompareCheck plan={plan} choice={choice} />
              <CompareBar choice={choice} />
            </div>
          )}
        </aside>
        <div className="plan-main">
          <PlanKeyNumbers plan={plan} />
          <PlanSections plan={plan} />
          {tempId && (!code || code === 'newQuestionsError') && (
            <PlanEstimate tempId={tempId} planId={plan.plan_id} category={plan.plan_category} />
          )}
        </div>
      </div>
      {!!related.data?.length && (
        <section aria-labelledby="related-title">
          <h2 id="related-title">{t('Related Plans')}</h2>
          <div className="plan-cards">
            {related.data.map((p) => (
              <PlanCard key={p.plan_id} plan={p} />
            ))}
          </div>
        </section>
      )}
      <IncomeHoursModal
        open={modal === 'income'}
        initial={{
          income: filter?.annual_incode != null ? String(filter.annual_incode) : '',
          hours: filter?.working_hours != null ? String(filter.working_hours) : '',
        }}
        onClose={() => setModal(null)}
        onSave={(v) => changeFilter({ annual_incode: v.income, working_hours: v.hours })}
      />
      <TobaccoModal open={modal === 'tobacco'} onClose={() => setModal(null)} onChoose={(s) => changeFilter({ is_smoker: s })} />
      <TierModal
        open={modal === 'tier'}
        onClose={() => setModal(null)}
        onChoose={async (tier) => {
          if (tempId) return changeFilter({ tier });
          const r = await createExistingMemberFilter({
            user_id: storage.get('user_id'),
            tier,
            eprocess: storage.get('eprocess') || undefined,
          });
          storage.set('tempId', r.temp_enrollment_id);
          if (r.portal_id) storage.set('portal_id', r.portal_id);
          setModal(null);
          await refresh();
        }}
      />
      {/* A rep or group administrator whose quote is in another portal moves it (update-filter-portal). */}
      <SelectPortalModal
        open={modal === 'changePortal'}
        isRep={false}
        onClose={() => setModal(null)}
        onDone={async ({ portal }) => {
          setPortalChangeError(null);
          try {
            await updateFilterPortal({ enrollment_id: tempId!, platform_group_id: portal.id });
          } catch (err) {
            setModal(null);
            setPortalChangeError(
              err instanceof ApiError ? (err.fieldErrors[0]?.error_message ?? err.message) : 'Something went wrong. Please try again.',
            );
            return;
          }
          storage.set('portal_id', portal.id);
          storage.set('portal_name', portal.name);
          storage.set('portal_code', portal.code);
          setModal(null);
          await qc.invalidateQueries({ queryKey: ['group-agent-member-info'] });
          await refresh();
        }}
      />
      <SelectPortalModal
        open={modal === 'portal'}
        isRep={role === 'rep'}
        onClose={() => setModal(null)}
        onDone={({ portal, group }) => {
          storage.set('portal_id', portal.id);
          storage.set('portal_name', portal.name);
          storage.set('portal_code', portal.code);
          if (group) {
            storage.set('group_id', group.id);
            storage.set('gname', group.name);
            storage.set('gcode', group.code);
          }
          setModal(null);
          openGetStarted();
        }}
      />
    </div>
  );
}
