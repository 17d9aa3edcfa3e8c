import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ZAgentRegistrationQuery, type TAgentRegistrationQuery } from '@store/domain/storefront';
import { LIMITS } from '@store/domain/codes';
import { Modal } from '../../../components/ui/modal';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { SelectField, TextField } from '../../../components/form/fields';
import { ApiError } from '../../../lib/api-client';
import { firstErrors } from '../../quote/components/quote-options';
import { sendAgentRegistration, useStates } from '../api/storefront';

type Values = Record<keyof TAgentRegistrationQuery, string>;
const EMPTY: Values = { name: '', state: '', phone: '', email: '' };

/** The rep Sign Up query: reset on open; 422 messages beside the fields; closes and clears on success. */
export function SignUpModal({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: (message: string) => void }) {
  const { t } = useTranslation();
  const states = useStates();
  const [v, setV] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Values>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Reset on open, in the render that opens it: the fields never show the last opening's values, not even for a frame.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setV(EMPTY);
      setErrors({});
      setFormError(null);
    }
  }
  const set = (k: keyof Values, value: string) => {
    setV((s) => ({ ...s, [k]: value }));
    setErrors((e) => ({ ...e, [k]: undefined }));
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    const parsed = ZAgentRegistrationQuery.safeParse(v);
    if (!parsed.success) {
      setErrors(firstErrors(parsed.error.issues));
      return;
    }
    setBusy(true);
    try {
      const message = await sendAgentRegistration(parsed.data);
      setV(EMPTY);
      onDone(message || t('Thank you! Our team will reach out to you soon.'));
      onClose();
    } catch (err) {
      if (err instanceof ApiError) {
        const placed: Partial<Values> = {};
        for (const fe of err.fieldErrors) if (fe.target_element in EMPTY) placed[fe.target_element as keyof Values] ??= fe.error_message;
        setErrors(placed);
        setFormError(err.message);
      } else setFormError(String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open={open} onClose={onClose} title={t('Sign Up')}>
      <form className="form-stack" noValidate onSubmit={(e) => void onSubmit(e)}>
        <p className="muted">{t('Become a rep: leave your details and our team will contact you.')}</p>
        <TextField
          label={t('Name')}
          name="name"
          autoComplete="name"
          maxLength={100}
          value={v.name}
          onChange={(e) => set('name', e.target.value)}
          error={errors.name}
        />
        <SelectField
          label={t('State')}
          name="state"
          placeholder="Select"
          options={(states.data ?? []).map((s) => ({ value: s.abbrev, label: s.name }))}
          value={v.state}
          onChange={(e) => set('state', e.target.value)}
          error={errors.state}
        />
        <TextField
          label={t('Phone')}
          name="phone"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={LIMITS.phone}
          value={v.phone}
          onChange={(e) => set('phone', e.target.value)}
          error={errors.phone}
        />
        <TextField
          label={t('Email')}
          name="email"
          type="email"
          autoComplete="email"
          value={v.email}
          onChange={(e) => set('email', e.target.value)}
          error={errors.email}
        />
        <Alert>{formError ? t(formError) : null}</Alert>
        <Button type="submit" busy={busy}>
          {t('Submit')}
        </Button>
      </form>
    </Modal>
  );
}
