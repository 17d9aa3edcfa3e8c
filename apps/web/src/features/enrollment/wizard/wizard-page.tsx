import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { STEP_ROUTES, type TabName } from '@store/domain/codes';
import { SAVED_TAB_KEY } from '@store/domain/enrollment';
import { storage, useStored } from '../../../lib/storage';
import { uploadScreenshot } from '../../../lib/screenshot';
import { Spinner, Alert } from '../../../components/ui/alert';
import type { StepNav } from './contract';
import { dynamicTabsKey, useDynamicTabs } from '../api/dynamic-tabs';
import { fetchSavedStep } from '../api/saved-steps';
import { STEPS, ReceiptComponent } from './steps';
import { WizardNavBar } from './nav-bar';
import { SaveLaterModal } from './save-later-modal';
import '../enrollment.css';

const tabOfPath = (path: string | undefined): TabName | null =>
  (Object.keys(STEP_ROUTES) as TabName[]).find((t) => STEP_ROUTES[t].path === path) ?? null;

/**
 * The enrollment wizard: the steps the server marks required (GET /get-dynamic-tabs), in their order, at
 * /enrollment/<step>; the navigation bar; the shared Save & Continue Later modal.
 */
export function WizardPage() {
  const { t } = useTranslation();
  const params = useParams();
  const stepPath = params['*']?.replace(/\/$/, '');
  const navigate = useNavigate();
  const enrollmentId = useStored('tempId');
  const tabsQuery = useDynamicTabs(enrollmentId);
  const tabs = useMemo(() => tabsQuery.data ?? storage.getJson<TabName[]>('nav_array') ?? [], [tabsQuery.data]);
  const tab = tabOfPath(stepPath);
  const [saveLaterOpen, setSaveLaterOpen] = useState(false);
  const queryClient = useQueryClient();
  // The furthest step reached: steps before it stay done while the person goes back to change one (issue 37). A
  // Change from the review (navto stored) reached the review, also after a reload.
  const [furthest, setFurthest] = useState<{ id: string | null; index: number }>({ id: enrollmentId, index: -1 });
  const currentIndex = tab ? tabs.indexOf(tab) : -1;
  const reached = Math.max(
    currentIndex,
    furthest.id === enrollmentId ? furthest.index : -1,
    storage.get('navto') ? tabs.indexOf('review_info') : -1,
  );
  useEffect(() => {
    if (furthest.id !== enrollmentId || reached > furthest.index) setFurthest({ id: enrollmentId, index: reached });
  }, [enrollmentId, reached, furthest]);

  // The first load: the step is known from the address while the tabs are on their way; its own first requests
  // start now rather than one round trip later.
  useEffect(() => {
    if (enrollmentId && tab && !queryClient.getQueryData(dynamicTabsKey(enrollmentId))) STEPS[tab]?.prefetch?.(enrollmentId, queryClient);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const hrefOf = useCallback(
    (target: TabName | 'receipt') => (target === 'receipt' ? '/enrollment/receipt' : `/enrollment/${STEP_ROUTES[target].path}`),
    [],
  );

  // /enrollment alone, or a step this enrollment does not need: open the first required step.
  useEffect(() => {
    if (stepPath === 'receipt' || !tabsQuery.data || !tabsQuery.data.length) return;
    if (!tab || !tabsQuery.data.includes(tab)) navigate(hrefOf(tabsQuery.data[0]), { replace: true });
  }, [stepPath, tab, tabsQuery.data, navigate, hrefOf]);

  // A new step (or the receipt): focus moves to its heading once it shows, so keyboard and screen-reader users
  // start at the top of the new step instead of on a button that is gone. However long the step takes to load (it
  // looked for 8 s only, and a loaded machine took longer now and then), unless the person has put the focus
  // somewhere else meanwhile (the header, a dialog; the wizard's own tabs and buttons count as the wizard's); a minute
  // at most.
  useEffect(() => {
    let frame = 0;
    const until = Date.now() + 60_000;
    const tick = () => {
      const active = document.activeElement;
      const free =
        !active || active === document.body || (!!active.closest('.enrollment-wizard, .receipt-page') && !active.closest('dialog'));
      if (!free) return;
      const heading = document.querySelector<HTMLElement>('.wizard-step-view h2, .receipt-page h1');
      if (heading) {
        heading.tabIndex = -1;
        heading.focus();
      } else if (Date.now() < until) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [stepPath]);

  const contact = useQuery({
    queryKey: ['temp-info', enrollmentId, 'contact_info'],
    enabled: !!enrollmentId && saveLaterOpen,
    queryFn: async () => String((await fetchSavedStep(enrollmentId!, 'contact_info')).email_address ?? ''),
  });

  const nav: StepNav | null = useMemo(() => {
    if (!enrollmentId || !tab) return null;
    return {
      enrollmentId,
      tabs,
      goNext() {
        if (storage.get('navto')) {
          storage.remove('navto');
          navigate(hrefOf('review_info'));
          return;
        }
        const i = tabs.indexOf(tab);
        navigate(i >= 0 && i < tabs.length - 1 ? hrefOf(tabs[i + 1]) : hrefOf('receipt'));
      },
      goBack() {
        const i = tabs.indexOf(tab);
        navigate(i > 0 ? hrefOf(tabs[i - 1]) : '/cart');
      },
      goTo(target) {
        navigate(hrefOf(target));
      },
      openSaveForLater() {
        setSaveLaterOpen(true);
      },
      async captureScreenshot(element) {
        // A record of what was shown; a failure (or a slow capture) never blocks the step.
        await Promise.race([uploadScreenshot(enrollmentId, STEP_ROUTES[tab].path, element), new Promise((r) => setTimeout(r, 4000))]);
      },
    };
  }, [enrollmentId, tab, tabs, navigate, hrefOf]);

  if (stepPath === 'receipt') {
    return ReceiptComponent ? <ReceiptComponent /> : <Spinner />;
  }
  if (!enrollmentId) {
    return (
      <section className="page narrow">
        <h1>{t('Enrollment')}</h1>
        <Alert kind="info">{t('There is no enrollment in progress on this device.')}</Alert>
        <p>
          <Link to="/continue-enrollment">{t('Continue a saved enrollment')}</Link>
        </p>
      </section>
    );
  }
  if (tabsQuery.isError) {
    return (
      <section className="page narrow">
        <Alert>{t('This enrollment could not be opened.')}</Alert>
        <p>
          <Link to="/continue-enrollment">{t('Continue a saved enrollment')}</Link>
        </p>
      </section>
    );
  }
  const step = tab ? STEPS[tab] : undefined;
  return (
    <section className="page enrollment-wizard">
      <WizardNavBar tabs={tabs} current={tab} reached={reached} hrefOf={hrefOf} />
      <div className="wizard-step-view">
        {!tabsQuery.data && <Spinner />}
        {tabsQuery.data && tab && nav && step && (
          // A step whose form loads when it is reached (the beneficiaries) shows the spinner meanwhile.
          <Suspense fallback={<Spinner />}>
            <step.Component key={tab} nav={nav} />
          </Suspense>
        )}
        {tabsQuery.data && tab && !step && <Alert kind="info">{t('This step is not available yet.')}</Alert>}
      </div>
      {nav && tab && (
        <SaveLaterModal
          key={tab}
          open={saveLaterOpen}
          enrollmentId={enrollmentId}
          savedTab={SAVED_TAB_KEY[tab]}
          defaultEmail={contact.data ?? ''}
          emailLoading={contact.isFetching}
          onClose={() => setSaveLaterOpen(false)}
          onDone={() => {
            setSaveLaterOpen(false);
            navigate('/');
          }}
        />
      )}
    </section>
  );
}
