import { lazy, Suspense, useCallback, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CATEGORIES } from '@store/domain/codes';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/alert';
import { paths } from '../../../config/paths';
import { useStored } from '../../../lib/storage';
import { OPEN_HELP_FIND_PLAN, openGetStarted, useOpenListener } from '../../../lib/quote/ui';

/** The questionnaire (issue 10) loads only when the modal opens with a quote. */
const FindPlanForm = lazy(() => import('./find-plan-form'));

const HELP = [
  { key: 'dental', text: 'Teeth cleaning, fillings and major dental work.' },
  { key: 'vision', text: 'Eye exams, frames, lenses and contacts.' },
  { key: 'term_life', text: 'A sum paid to your family if you pass away during the term.' },
  { key: 'medical', text: 'Doctor visits and hospital care.' },
  { key: 'supplemental', text: 'Cash benefits that add to your main coverage.' },
];

/** The dialog as the app mounts it: opened by `openHelpFindPlan()` from any page (the home page's help block). */
export function HelpFindPlanDialog() {
  const [open, setOpen] = useState(false);
  useOpenListener(
    OPEN_HELP_FIND_PLAN,
    useCallback(() => setOpen(true), []),
  );
  return <HelpFindPlanModal open={open} onClose={() => setOpen(false)} />;
}

/** The 'Help me find a plan' modal: the category help and, with a quote, the questionnaire (home and /plans). */
export function HelpFindPlanModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const tempId = useStored('tempId');
  return (
    <Modal open={open} onClose={onClose} title={t('Help me find a plan')}>
      <dl className="help-categories">
        {HELP.map((h) => (
          <div key={h.key}>
            <dt>
              <Link to={paths.plans(h.key)} onClick={onClose}>
                {t(CATEGORIES.find((c) => c.key === h.key)?.name ?? h.key)}
              </Link>
            </dt>
            <dd>{t(h.text)}</dd>
          </div>
        ))}
      </dl>
      {tempId && (
        <Suspense fallback={<Spinner />}>
          <FindPlanForm tempId={tempId} onDone={onClose} />
        </Suspense>
      )}
      <button
        type="button"
        className="btn btn-primary"
        onClick={() => {
          onClose();
          openGetStarted();
        }}
      >
        {t('Get Started')}
      </button>
    </Modal>
  );
}
