import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSite } from '../../../lib/site/site-context';

/**
 * The external launcher (only where the site flag is 'false'): admin, message center, file management,
 * dashboards, ticket management and single sign-on, plus the registration links. Addresses come from the
 * site's settings (launcher_<key>); without one the link goes to our own sign-in page.
 */
const APPS = [
  { key: 'admin', label: 'External Admin' },
  { key: 'message_center', label: 'Message Center' },
  { key: 'file_management', label: 'File Management' },
  { key: 'rep_dashboard', label: 'Rep Dashboard' },
  { key: 'member_dashboard', label: 'Member Dashboard' },
  { key: 'group_dashboard', label: 'Group Dashboard' },
  { key: 'ticket_management', label: 'Ticket Management' },
  { key: 'sso', label: 'Single Sign-On' },
];
const REGISTRATIONS = [
  { key: 'rep_registration', label: 'Rep Registration' },
  { key: 'member_registration', label: 'Member Registration' },
  { key: 'group_registration', label: 'Group Registration' },
];

export function Launcher() {
  const { t } = useTranslation();
  const site = useSite();
  const [open, setOpen] = useState(false);
  const href = (key: string) => site.settings[`launcher_${key}`] ?? '/sign-in';
  return (
    <div className="launcher">
      <button type="button" className="btn btn-link" aria-expanded={open} aria-controls="launcher-list" onClick={() => setOpen((o) => !o)}>
        {t('Apps')}
      </button>
      {open && (
        <div id="launcher-list" className="launcher-list">
          <ul aria-label={t('Apps')}>
            {APPS.map((a) => (
              <li key={a.key}>
                <a href={href(a.key)}>{t(a.label)}</a>
              </li>
            ))}
          </ul>
          <ul aria-label={t('Registration')}>
            {REGISTRATIONS.map((a) => (
              <li key={a.key}>
                <a href={href(a.key)}>{t(a.label)}</a>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
