import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSite } from '../../../lib/site/site-context';
import { LOCATION_DECLINED, LOCATION_DISMISSED, locationBannerClosed, useSession } from '../../../lib/session';
import { storeLead } from '../api/leads-and-chat';

/**
 * This browser's device is a recorded lead (its Allow, or the last lead check, said so): pages start without the
 * banner. Any other browser shows it from the first paint, the check deciding after (lib/storage.ts keeps the key
 * through a logout, as it keeps the device id).
 */
export const LEAD_RECORDED = 'leadRecorded';
/** The key of an earlier version ("not recorded"), removed when seen. */
const OLD_NOT_RECORDED = 'leadNotRecorded';

/**
 * The location banner (Allow / Don't Allow): shown unless the lead check says this device is known;
 * Allow records the device (store_information=1); Don't Allow is remembered by this browser, which is not asked again.
 */
export function LocationBanner() {
  const { t } = useTranslation();
  const site = useSite();
  // Shown from the first paint unless this browser knows its device is recorded: the check below rarely changes
  // that, so the banner almost never appears or goes after the page has painted (it would move the page).
  const [show, setShow] = useState(() => !locationBannerClosed() && localStorage.getItem(LEAD_RECORDED) !== '1');
  const [busy, setBusy] = useState(false);
  // The check is the session's answer (one call with who is signed in and the cart, decision 2760): the banner's first
  // state above does not wait for it.
  const recorded = useSession((s) => s.lead_recorded).data;
  useEffect(() => {
    if (recorded === undefined || recorded === null || locationBannerClosed()) return;
    localStorage.removeItem(OLD_NOT_RECORDED);
    if (recorded) localStorage.setItem(LEAD_RECORDED, '1');
    else localStorage.removeItem(LEAD_RECORDED);
    // Don't Allow pressed while the check was on its way keeps the banner closed.
    setShow(!recorded && !locationBannerClosed());
  }, [recorded]);
  if (!show) return null;
  return (
    <section className="location-banner" aria-label={t('Location')}>
      <p>{t('{{name}} would like to use your location to show plans and a rep near you.', { name: site.name })}</p>
      <div className="location-actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            storeLead()
              .then(() => localStorage.setItem(LEAD_RECORDED, '1'))
              .catch(() => undefined)
              .finally(() => {
                sessionStorage.setItem(LOCATION_DISMISSED, '1');
                setShow(false);
              });
          }}
        >
          {t('Allow')}
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => {
            localStorage.setItem(LOCATION_DECLINED, '1');
            setShow(false);
          }}
        >
          {t("Don't Allow")}
        </button>
      </div>
    </section>
  );
}
