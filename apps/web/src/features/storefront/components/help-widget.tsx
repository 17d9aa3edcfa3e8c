import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TEXT } from '@store/domain/texts';
import { lazyPage } from '../../../lib/lazy';
import { Spinner } from '../../../components/ui/alert';
import { useTicketLink } from '../api/get-site-lists';

const LeadChat = lazyPage(() => import('./lead-chat'), 'LeadChat');

/**
 * The help widget 'We are here to help you': Contact Support, Give Us Your Feedback and Contact Rep.
 * Contact Rep opens the lead chat: one question at a time, past answers editable, the 24-hour message when
 * none remain; an error shows for 5 seconds; the scroll panel is at most 400 high.
 */
export function HelpWidget() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [chat, setChat] = useState(false);
  const ticket = useTicketLink();
  const feedback = ticket.data ? ticket.data.replace(/subject=[^&]*/, `subject=${encodeURIComponent('Feedback')}`) : undefined;
  return (
    <div className="help-widget">
      {open && (
        <section className="help-panel" role="dialog" aria-label={t(TEXT.WE_ARE_HERE_TO_HELP)}>
          <div className="help-panel-head">
            <h2>{t(TEXT.WE_ARE_HERE_TO_HELP)}</h2>
            <button type="button" className="modal-close" aria-label={t('Close')} onClick={() => setOpen(false)}>
              ×
            </button>
          </div>
          {chat ? (
            <Suspense fallback={<Spinner />}>
              <LeadChat onBack={() => setChat(false)} />
            </Suspense>
          ) : (
            <div className="help-actions">
              <a className="btn btn-secondary" href={ticket.data ?? '#'} target="_blank" rel="noreferrer">
                {t('Contact Support')}
              </a>
              <a className="btn btn-secondary" href={feedback ?? '#'} target="_blank" rel="noreferrer">
                {t('Give Us Your Feedback')}
              </a>
              <button type="button" className="btn btn-primary" onClick={() => setChat(true)}>
                {t('Contact Rep')}
              </button>
            </div>
          )}
        </section>
      )}
      <button type="button" className="help-toggle" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {open ? t('Close help') : t('Help')}
      </button>
    </div>
  );
}
