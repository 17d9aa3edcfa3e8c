import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CATEGORIES } from '@store/domain/codes';
import { Modal } from '../../../components/ui/modal';
import { openGetStarted } from '../../quote/api/ui';
import { paths } from '../../../config/paths';
import { useStored } from '../../../lib/storage';
import { Spinner } from '../../../components/ui/alert';

/** The questionnaire (issue 10) loads only when the modal opens with a quote. */
const FindPlanForm = lazy(() => import('../../catalog/compare/find-plan-form'));

const HELP = [
  { key: 'dental', text: 'Teeth cleaning, fillings and major dental work.' },
  { key: 'vision', text: 'Eye exams, frames, lenses and contacts.' },
  { key: 'term_life', text: 'A sum paid to your family if you pass away during the term.' },
  { key: 'medical', text: 'Doctor visits and hospital care.' },
  { key: 'supplemental', text: 'Cash benefits that add to your main coverage.' },
];

/** The category help block and the 'Help me find a plan' modal. */
export function HelpFindPlan() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const tempId = useStored('tempId');
  return (
    <section className="page help-find" aria-labelledby="help-find-title">
      <h2 id="help-find-title">{t('Not sure which plan you need?')}</h2>
      <p>{t('Answer four quick questions and we will show the plans for you.')}</p>
      <button type="button" className="btn btn-secondary" onClick={() => setOpen(true)}>
        {t('Help me find a plan')}
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={t('Help me find a plan')}>
        <dl className="help-categories">
          {HELP.map((h) => (
            <div key={h.key}>
              <dt>
                <Link to={paths.plans(h.key)} onClick={() => setOpen(false)}>
                  {t(CATEGORIES.find((c) => c.key === h.key)?.name ?? h.key)}
                </Link>
              </dt>
              <dd>{t(h.text)}</dd>
            </div>
          ))}
        </dl>
        {tempId && (
          <Suspense fallback={<Spinner />}>
            <FindPlanForm tempId={tempId} onDone={() => setOpen(false)} />
          </Suspense>
        )}
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            setOpen(false);
            openGetStarted();
          }}
        >
          {t('Get Started')}
        </button>
      </Modal>
    </section>
  );
}
