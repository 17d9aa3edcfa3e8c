import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TMe } from '@store/domain/auth';
import { TEXT } from '@store/domain/texts';
import type { TAgentGroup } from '@store/domain/catalog';
import { useAgentGroups, usePortals } from '../api/get-enrollment-choices';
import { storage } from '../../../lib/storage';
import { paths } from '../../../config/paths';
import { Modal } from '../../../components/ui/modal';
import { Button } from '../../../components/ui/button';
import { Alert, Spinner } from '../../../components/ui/alert';
import { RadioGroup, SelectField } from '../../../components/form/fields';

type Kind = 'rep' | 'group';

/**
 * Rep and group homes: Start Enrollment; 'Who do you want to enroll for?' (New Member or Current Member);
 * 'Choose Enrollment Portal' (required); for a rep, then a group or 'Start New Member Enrollment'.
 * Saving stores the enrollment mode, clears tempId and opens /home.
 */
export function EnrollmentHome({ kind, me }: { kind: Kind; me: TMe }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [step, setStep] = useState<'closed' | 'who' | 'portal' | 'group'>('closed');
  const [portalId, setPortalId] = useState('');
  const [groupId, setGroupId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const idQuery = kind === 'rep' ? { agent_id: me.agent_id } : { group_id: me.group_id };
  const portals = usePortals(idQuery, step !== 'closed');
  const groups = useAgentGroups(me.agent_id, kind === 'rep' && step === 'group');

  const open = () => {
    setPortalId('');
    setGroupId('');
    setError(null);
    setStep('who');
  };

  function save(group: TAgentGroup | null) {
    const portal = portals.data?.find((p) => String(p.platform_group_id) === portalId);
    if (!portal) return;
    storage.remove('tempId', 'cartCount', 'isFilterDataSubmitted');
    storage.set('eprocess', kind);
    storage.set('portal_id', portal.platform_group_id);
    storage.set('portal_code', portal.platform_code);
    storage.set('portal_name', portal.platform_name);
    if (kind === 'rep') {
      storage.set('agent_id', me.agent_id);
      storage.set('AGENT_ID', me.agent_id);
      storage.set('enroll_type', group ? 'new-group-member' : 'new-member');
      if (group) {
        storage.set('group_id', group.gid);
        storage.set('gname', group.gname);
        storage.set('gcode', group.gcode);
      } else storage.remove('group_id', 'gname', 'gcode');
    } else {
      storage.set('enroll_type', 'new-group-member');
      storage.set('group_id', me.group_id);
      storage.set('open_type', 'group');
    }
    setStep('closed');
    navigate(paths.homeVariant('home'));
  }

  function onPortalSubmit() {
    if (!portalId) {
      setError(TEXT.CHOOSE_PLATFORM);
      return;
    }
    setError(null);
    if (kind === 'rep') setStep('group');
    else save(null);
  }

  function onGroupEnroll() {
    const g = groups.data?.find((x) => String(x.gid) === groupId);
    if (!g) {
      setError(TEXT.CHOOSE_GROUP);
      return;
    }
    save(g);
  }

  const portalOptions = (portals.data ?? []).map((p) => ({ value: String(p.platform_group_id), label: p.platform_name }));
  return (
    <section className="page enrollment-home">
      <h1>{t('Welcome {{name}}', { name: me.name ?? '' })}</h1>
      <p>
        {kind === 'rep'
          ? t('Enroll new members or manage your current members.')
          : t('Enroll your employees or manage your current members.')}
      </p>
      <Button onClick={open}>{t('Start Enrollment')}</Button>

      <Modal open={step === 'who'} onClose={() => setStep('closed')} title={t(TEXT.WHO_DO_YOU_WANT_TO_ENROLL)} size="sm">
        <div className="row choice-row">
          <Button onClick={() => setStep('portal')}>{t('New Member')}</Button>
          <Button variant="secondary" onClick={() => navigate(kind === 'rep' ? paths.agentSelectMember : paths.groupSelectMember)}>
            {t('Current Member')}
          </Button>
        </div>
      </Modal>

      <Modal
        open={step === 'portal'}
        onClose={() => setStep('closed')}
        title={t(TEXT.CHOOSE_ENROLLMENT_PORTAL)}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setStep('who')}>
              {t('Back')}
            </Button>
            <Button onClick={onPortalSubmit}>{t('Submit')}</Button>
          </>
        }
      >
        {portals.isLoading ? (
          <Spinner />
        ) : portals.isError ? (
          <Alert>{t('The enrollment portals could not be loaded.')}</Alert>
        ) : (
          <RadioGroup
            legend={t('Enrollment portal')}
            name="portal"
            value={portalId}
            options={portalOptions}
            onChange={(v) => (setPortalId(v), setError(null))}
            error={error}
          />
        )}
      </Modal>

      <Modal
        open={step === 'group'}
        onClose={() => setStep('closed')}
        title={t(TEXT.CHOOSE_OPTION_NEW_MEMBER)}
        size="sm"
        footer={
          <Button variant="secondary" onClick={() => (setError(null), setStep('portal'))}>
            {t('Back')}
          </Button>
        }
      >
        <div className="form-stack">
          <Button onClick={() => save(null)}>{t(TEXT.START_NEW_MEMBER_ENROLLMENT)}</Button>
          <p className="or-line">{t('or')}</p>
          {groups.isLoading ? (
            <Spinner />
          ) : (
            <SelectField
              label={t('Group')}
              name="group"
              placeholder="Select a group"
              options={(groups.data ?? []).map((g) => ({ value: String(g.gid), label: g.gname }))}
              value={groupId}
              onChange={(e) => (setGroupId(e.target.value), setError(null))}
              error={error}
            />
          )}
          <Button variant="secondary" onClick={onGroupEnroll}>
            {t('Enroll')}
          </Button>
        </div>
      </Modal>
    </section>
  );
}
