import { useTranslation } from 'react-i18next';
import { openHelpFindPlan } from '../../../lib/quote/ui';

/** The category help block; its button opens the 'Help me find a plan' dialog (mounted by the app: app/layout.tsx). */
export function HelpFindPlan() {
  const { t } = useTranslation();
  return (
    <section className="page help-find" aria-labelledby="help-find-title">
      <h2 id="help-find-title">{t('Not sure which plan you need?')}</h2>
      <p>{t('Answer four quick questions and we will show the plans for you.')}</p>
      <button type="button" className="btn btn-secondary" onClick={openHelpFindPlan}>
        {t('Help me find a plan')}
      </button>
    </section>
  );
}
