import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { ZAgentRegistrationQuery, type TAgentRegistrationQuery } from '@store/domain/storefront';
import { LIMITS } from '@store/domain/codes';
import { Modal } from '../../../components/ui/modal';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/form/fields';
import { applyServerErrors } from '../../../components/form/server-errors';
import { FormErrorSummary } from '../../../components/form/error-summary';
import { sendAgentRegistration } from '../api/send-agent-registration';
import { useStates } from '../api/get-site-lists';

const FIELDS = ['name', 'state', 'phone', 'email'] as const;
const EMPTY: TAgentRegistrationQuery = { name: '', state: '', phone: '', email: '' };

/**
 * The rep Sign Up query: empty on every opening (the form mounts with the dialog's opening); 422 messages beside
 * the fields; closes and clears on success.
 */
export function SignUpModal({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: (message: string) => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={t('Sign Up')}>
      {open && <SignUpForm onClose={onClose} onDone={onDone} />}
    </Modal>
  );
}

function SignUpForm({ onClose, onDone }: { onClose: () => void; onDone: (message: string) => void }) {
  const { t } = useTranslation();
  const states = useStates();
  const { register, handleSubmit, setError, formState } = useForm<TAgentRegistrationQuery>({
    resolver: zodResolver(ZAgentRegistrationQuery),
    defaultValues: EMPTY,
    shouldFocusError: false,
  });
  const [formError, setFormError] = useState<string | null>(null);
  const errors = formState.errors;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const message = await sendAgentRegistration(values);
      onDone(message || t('Thank you! Our team will reach out to you soon.'));
      onClose();
    } catch (err) {
      setFormError(applyServerErrors(err, setError, FIELDS));
    }
  });

  return (
    <form className="form-stack" noValidate onSubmit={(e) => void onSubmit(e)}>
      <FormErrorSummary form={formState} formError={formError} />
      <p className="muted">{t('Become a rep: leave your details and our team will contact you.')}</p>
      <TextField label={t('Name')} autoComplete="name" maxLength={100} error={errors.name?.message} {...register('name')} />
      <SelectField
        label={t('State')}
        placeholder="Select"
        options={(states.data ?? []).map((s) => ({ value: s.abbrev, label: s.name }))}
        error={errors.state?.message}
        {...register('state')}
      />
      <TextField
        label={t('Phone')}
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={LIMITS.phone}
        error={errors.phone?.message}
        {...register('phone')}
      />
      <TextField label={t('Email')} type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <Button type="submit" busy={formState.isSubmitting}>
        {t('Submit')}
      </Button>
    </form>
  );
}
