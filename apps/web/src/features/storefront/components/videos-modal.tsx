import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal';
import { useSite } from '../../../lib/site/site-context';
import { howToVideos } from './how-to-videos';

/**
 * How-to videos for members and employers (storefront.md footer modals): the site's video with English and Spanish
 * captions when its settings name one, and a plain sentence when they do not.
 */
export function VideosModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const site = useSite();
  const lang = i18n.language === 'es' ? 'es' : 'en';
  return (
    <Modal open={open} onClose={onClose} title={t('How-To Videos')} size="lg">
      <div className="videos-grid">
        {howToVideos(site.settings).map((v) => (
          <section key={v.key} className="card">
            <h3>{t(v.title)}</h3>
            {v.src ? (
              <video controls preload="metadata" src={v.src} aria-label={t(v.title)} className="how-to-video">
                {v.captions.map((c) => (
                  <track key={c.lang} kind="captions" src={c.src} srcLang={c.lang} label={c.label} default={c.lang === lang} />
                ))}
              </video>
            ) : (
              <p className="muted">{t('There is no video for this site yet.')}</p>
            )}
            <p>{t(v.text)}</p>
          </section>
        ))}
      </div>
    </Modal>
  );
}
