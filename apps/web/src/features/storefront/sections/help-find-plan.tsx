import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HelpFindPlanModal } from '../../catalog/compare/help-find-plan-modal';

/** The category help block and the 'Help me find a plan' modal. */
export function HelpFindPlan() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <section className="page help-find" aria-labelledby="help-find-title">
      <h2 id="help-find-title">{t('Not sure which plan you need?')}</h2>
      <p>{t('Answer four quick questions and we will show the plans for you.')}</p>
      <button type="button" className="btn btn-secondary" onClick={() => setOpen(true)}>
        {t('Help me find a plan')}
      </button>
      <HelpFindPlanModal open={open} onClose={() => setOpen(false)} />
    </section>
  );
}
