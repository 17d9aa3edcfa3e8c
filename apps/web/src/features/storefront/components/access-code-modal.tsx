import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatPhone } from '@store/domain/validation';
import {
  landingTarget,
  ZValidateAgentQuery,
  ZValidateGroupQuery,
  type TAgentValidation,
  type TGroupValidation,
} from '@store/domain/storefront';
import { Modal } from '../../../components/ui/modal';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/form/fields';
import { applyServerErrors } from '../../../components/form/server-errors';
import { FormErrorSummary } from '../../../components/form/error-summary';
import { storage } from '../../../lib/storage';
import { validateAgentCode, validateGroupCode } from '../api/validate-code';

type Kind = 'agent' | 'group';
/** The form holds the one field of its kind; the resolver is that call's schema. */
type CodeValues = { agent_code?: string; group_code?: string };
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
  const field = kind === 'agent' ? 'agent_code' : 'group_code';
  // One field, named as the call names it (agent_code or group_code), checked by the call's own schema.
  const {
    register,
    handleSubmit,
    setError,
    formState,
    reset: resetForm,
  } = useForm<CodeValues>({
    resolver: zodResolver(kind === 'agent' ? ZValidateAgentQuery : ZValidateGroupQuery) as Resolver<CodeValues>,
    defaultValues: { [field]: '' },
    shouldFocusError: false,
  });
  const [agent, setAgent] = useState<TAgentValidation | null>(null);
  const [group, setGroup] = useState<TGroupValidation | null>(null);

  const reset = () => {
    resetForm({ [field]: '' });
    setAgent(null);
    setGroup(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const onSubmit = handleSubmit(async (values) => {
    const code = (values[field] ?? '').trim();
    try {
      if (kind === 'agent') {
        const a = await validateAgentCode(code);
        if (!a) setError(field, { type: 'server', message: copy.notFound });
        else setAgent(a);
      } else {
        const g = await validateGroupCode(code);
        if (!g) setError(field, { type: 'server', message: copy.notFound });
        else setGroup(g);
      }
    } catch (err) {
      const message = applyServerErrors(err, setError, [field]);
      if (message) setError(field, { type: 'server', message });
    }
  });

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
          <FormErrorSummary form={formState} />
          <TextField
            label={t(copy.label)}
            maxLength={40}
            autoComplete="off"
            error={formState.errors[field]?.message}
            {...register(field)}
          />
          <Button type="submit" busy={formState.isSubmitting}>
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
