import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatPhone } from '@store/domain/format';
import { useSite } from '../../../lib/site/site-context';
import { paths } from '../../../config/paths';
import { Alert } from '../../../components/ui/alert';
import { useTicketLink } from '../api/get-site-lists';
import { lazyWhenOpen } from '../../../lib/lazy';
import { HelpWidget } from './help-widget';
import '../storefront.css';

/** The footer's dialogs load when first opened. */
const AccessCodeModal = lazyWhenOpen(() => import('./access-code-modal'), 'AccessCodeModal');
const SignUpModal = lazyWhenOpen(() => import('./signup-modal'), 'SignUpModal');
const VideosModal = lazyWhenOpen(() => import('./videos-modal'), 'VideosModal');

const isAppleDevice = () =>
  typeof navigator !== 'undefined' && /iPhone|iPad|iPod|Macintosh/i.test(navigator.userAgent) && !/Android/i.test(navigator.userAgent);

/**
 * The footer: call line, app links (Android hidden on Apple devices), support ticket, how-to videos, the
 * Access Code (rep) and Employee Enrollment (group) modals, the rep Sign Up query and the provider list;
 * the help widget floats above it.
 */
export function Footer() {
  const { t } = useTranslation();
  const site = useSite();
  const ticket = useTicketLink();
  const [modal, setModal] = useState<'agent' | 'group' | 'signup' | 'videos' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const phone = site.settings.support_phone;
  const close = () => setModal(null);
  return (
    <footer className="site-footer">
      <div className="footer-inner footer-grid">
        <section>
          <h2 className="footer-title">{t('Need help?')}</h2>
          <p>
            {t('Call us Monday to Friday, 8 am to 8 pm Eastern Time')}
            {phone && (
              <>
                {': '}
                <a href={`tel:${phone}`}>{formatPhone(phone)}</a>
              </>
            )}
          </p>
          <p>
            <a href={ticket.data ?? '#'} target="_blank" rel="noreferrer" className="footer-target">
              {t('Submit a support ticket')}
            </a>
          </p>
          <p>
            <Link to={paths.providerList} target="_blank" rel="noopener" className="provider-banner footer-target">
              {t('Find a dentist or eye doctor near you')}
            </Link>
          </p>
        </section>
        <section>
          <h2 className="footer-title">{t('Enrollment')}</h2>
          <ul className="footer-links">
            <li>
              <button type="button" className="btn btn-link" onClick={() => setModal('agent')}>
                {t('Access Code')}
              </button>
            </li>
            <li>
              <button type="button" className="btn btn-link" onClick={() => setModal('group')}>
                {t('Employee Enrollment')}
              </button>
            </li>
            <li>
              <button type="button" className="btn btn-link" onClick={() => setModal('signup')}>
                {t('Sign Up')}
              </button>
            </li>
            <li>
              <button type="button" className="btn btn-link" onClick={() => setModal('videos')}>
                {t('How-To Videos')}
              </button>
            </li>
            <li>
              <Link to={paths.privacy}>{t('Privacy')}</Link>
            </li>
          </ul>
        </section>
        <section>
          <h2 className="footer-title">{t('Get the app')}</h2>
          <ul className="footer-links app-links">
            <li>
              <a href={site.settings.app_store_link ?? 'https://apps.apple.com/'} target="_blank" rel="noreferrer">
                {t('Download on the App Store')}
              </a>
            </li>
            {!isAppleDevice() && (
              <li>
                <a href={site.settings.play_store_link ?? 'https://play.google.com/store'} target="_blank" rel="noreferrer">
                  {t('Get it on Google Play')}
                </a>
              </li>
            )}
          </ul>
        </section>
        <section className="footer-copy">
          <p>{t('Access to the plans requires membership in a national wellness association, for a $5 monthly membership fee.')}</p>
          <p>{t('More than 100,000 members; 75% of dentists nationwide in our networks.')}</p>
          <p className="muted-light">
            © {new Date().getFullYear()} {site.name}
          </p>
        </section>
      </div>
      {notice && (
        <div className="footer-notice">
          <Alert kind="success">{notice}</Alert>
        </div>
      )}
      <AccessCodeModal kind="agent" open={modal === 'agent'} onClose={close} />
      <AccessCodeModal kind="group" open={modal === 'group'} onClose={close} />
      <SignUpModal open={modal === 'signup'} onClose={close} onDone={setNotice} />
      <VideosModal open={modal === 'videos'} onClose={close} />
      <HelpWidget />
    </footer>
  );
}
