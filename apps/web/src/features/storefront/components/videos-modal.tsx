import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal';
import { useSite } from '../../site/site-context';

/** How-to videos for members and employers (addresses from the site's settings video_member / video_employer). */
export function VideosModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const site = useSite();
  const videos = [
    { key: 'video_member', title: 'Member video', text: 'How to choose a plan and enroll, step by step.' },
    { key: 'video_employer', title: 'Employer video', text: 'How your employees enroll through your group page.' },
  ];
  return (
    <Modal open={open} onClose={onClose} title={t('How-To Videos')} size="lg">
      <div className="videos-grid">
        {videos.map((v) => (
          <section key={v.key} className="card">
            <h3>{t(v.title)}</h3>
            {site.settings[v.key] ? <video controls preload="none" src={site.settings[v.key]} aria-label={t(v.title)} className="how-to-video" /> : null}
            <p>{t(v.text)}</p>
          </section>
        ))}
      </div>
    </Modal>
  );
}
