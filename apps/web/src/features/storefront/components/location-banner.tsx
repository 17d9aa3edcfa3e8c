import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSite } from '../../site/site-context';
import { storage } from '../../../lib/storage';
import { afterPaint } from '../../../lib/after-paint';
import { checkLead, storeLead } from '../api/storefront';

const DISMISSED = 'locationBannerDismissed';
/** This browser's last lead check said "not recorded": the next page shows the banner from its first paint. */
const NOT_RECORDED = 'leadNotRecorded';

/**
 * The location banner (Allow / Don't Allow): shown unless the lead check says this device is known;
 * Allow records the device (store_information=1); Don't Allow hides it for this browser session.
 */
export function LocationBanner() {
  const { t } = useTranslation();
  const site = useSite();
  // A browser that has no device id yet cannot be a recorded lead, nor one whose last check said so: the banner
  // shows from the first paint and does not push the page down later (the check below still decides). Otherwise
  // it waits for the lead check.
  const [show, setShow] = useState(() => !sessionStorage.getItem(DISMISSED) && (!storage.get('deviceId') || localStorage.getItem(NOT_RECORDED) === '1'));
  const [busy, setBusy] = useState(false);
  // The check is asked once the page has painted: the banner's first state above does not wait for it.
  useEffect(() => {
    let cancelled = false;
    if (sessionStorage.getItem(DISMISSED)) return;
    const cancel = afterPaint(() =>
      checkLead()
        .then((recorded) => {
          if (recorded) localStorage.removeItem(NOT_RECORDED);
          else localStorage.setItem(NOT_RECORDED, '1');
          if (!cancelled) setShow(!recorded);
        })
        .catch(() => undefined),
    );
    return () => {
      cancelled = true;
      cancel();
    };
  }, []);
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
              .then(() => localStorage.removeItem(NOT_RECORDED))
              .catch(() => undefined)
              .finally(() => {
                sessionStorage.setItem(DISMISSED, '1');
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
            sessionStorage.setItem(DISMISSED, '1');
            setShow(false);
          }}
        >
          {t("Don't Allow")}
        </button>
      </div>
    </section>
  );
}
