import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStored } from '../../../lib/storage';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/alert';
import { useAbout } from '../api/get-about';

/** 'About' in the header: the rep's bio (get-agent-about-page-info) or the group's (get-group-about-page-info). */
export function AboutButton() {
  const { t } = useTranslation();
  const openType = useStored('open_type');
  const agentId = useStored('agent_id');
  const groupId = useStored('group_id');
  const kind = openType === 'group' && groupId ? 'group' : agentId ? 'agent' : null;
  const id = kind === 'group' ? groupId : agentId;
  const [open, setOpen] = useState(false);
  const about = useAbout(kind, id, open);
  if (!kind) return null;
  return (
    <>
      <button type="button" className="btn btn-link" onClick={() => setOpen(true)}>
        {t('About')}
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={about.data?.name ? `${t('About')} ${about.data.name}` : t('About')}>
        {about.isLoading ? <Spinner /> : <p className="about-text">{about.data?.text ?? t('No information yet.')}</p>}
      </Modal>
    </>
  );
}
