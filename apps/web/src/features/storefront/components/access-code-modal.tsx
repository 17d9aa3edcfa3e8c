import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TEXT } from '@store/domain/texts';
import { formatPhone } from '@store/domain/validation';
import { landingTarget, type TAgentValidation, type TGroupValidation } from '@store/domain/storefront';
import { Modal } from '../../../components/ui/modal';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/form/fields';
import { ApiError } from '../../../lib/api-client';
import { storage } from '../../../lib/storage';
import { validateAgentCode, validateGroupCode } from '../api/storefront';

type Kind = 'agent' | 'group';
const COPY = {
  agent: {
    title: 'Access Code',
    label: 'Access Code',
    notFound: 'No rep was found with this code.',
    confirm: 'Is this your rep?',
    type: 'Agent' as const,
  },
  group: {
    title: 'Employee Enrollment',
    label: 'Group Code',
    notFound: 'No group was found with this code.',
    confirm: 'Is this your company?',
    type: 'Group' as const,
  },
};

/**
 * Access Code (rep) and Employee Enrollment (group): validate the code, show who it belongs to and ask to
 * confirm. Yes opens the landing page (full reload) or the config-error page; No resets and closes.
 */
export function AccessCodeModal({ kind, open, onClose }: { kind: Kind; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const copy = COPY[kind];
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [agent, setAgent] = useState<TAgentValidation | null>(null);
  const [group, setGroup] = useState<TGroupValidation | null>(null);

  const reset = () => {
    setCode('');
    setError(null);
    setAgent(null);
    setGroup(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!code.trim()) {
      setError(TEXT.FIELD_REQUIRED);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      if (kind === 'agent') {
        const a = await validateAgentCode(code.trim());
        if (!a) setError(copy.notFound);
        else setAgent(a);
      } else {
        const g = await validateGroupCode(code.trim());
        if (!g) setError(copy.notFound);
        else setGroup(g);
      }
    } catch (err) {
      setError(err instanceof ApiError ? (err.fieldErrors[0]?.error_message ?? err.message) : String(err));
    } finally {
      setBusy(false);
    }
  }

  function onYes() {
    const found = agent ?? group;
    if (!found) return;
    const target = landingTarget(copy.type, found.landing_url);
    storage.remove('tempId', 'cartCount', 'landing', 'enroll_type', 'portal_id', 'referral');
    if (agent) storage.set('agent_code', agent.agent_code);
    if (group) {
      storage.set('gname', group.name);
      storage.set('gcode', group.gcode);
    }
    reset();
    onClose();
    if (found.landing_url) window.location.assign(target);
    else navigate(target);
  }

  const confirming = agent ?? group;
  return (
    <Modal open={open} onClose={close} title={t(copy.title)} size="sm">
      {!confirming ? (
        <form className="form-stack" noValidate onSubmit={(e) => void onSubmit(e)}>
          <TextField
            label={t(copy.label)}
            name={kind === 'agent' ? 'agent_code' : 'group_code'}
            value={code}
            maxLength={40}
            autoComplete="off"
            onChange={(e) => setCode(e.target.value)}
            error={error}
          />
          <Button type="submit" busy={busy}>
            {t('Submit')}
          </Button>
        </form>
      ) : (
        <div className="form-stack">
          <p className="confirm-question">{t(copy.confirm)}</p>
          {agent && (
            <dl className="confirm-list">
              <dt>{t('Name')}</dt>
              <dd>
                {agent.first_name} {agent.last_name}
              </dd>
              <dt>{t('Code')}</dt>
              <dd>{agent.agent_code}</dd>
              {agent.email && (
                <>
                  <dt>{t('Email')}</dt>
                  <dd>{agent.email}</dd>
                </>
              )}
              {agent.phone && (
                <>
                  <dt>{t('Phone')}</dt>
                  <dd>{formatPhone(agent.phone)}</dd>
                </>
              )}
            </dl>
          )}
          {group && (
            <dl className="confirm-list">
              <dt>{t('Company')}</dt>
              <dd>{group.name}</dd>
            </dl>
          )}
          <div className="row">
            <Button onClick={onYes}>{t('Yes')}</Button>
            <Button variant="secondary" onClick={close}>
              {t('No')}
            </Button>
          </div>
          {group && (
            <button type="button" className="btn btn-link" onClick={reset}>
              {t('Re-enter the code')}
            </button>
          )}
        </div>
      )}
    </Modal>
  );
}
