import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TEXT } from '@store/domain/texts';
import { ZSaveLaterForm } from '@store/domain/enrollment';
import { Modal } from '../../../components/ui/modal';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/form/fields';
import { Alert } from '../../../components/ui/alert';
import { ApiError } from '../../../lib/api-client';
import { saveEnrollment } from '../api/continue';

/** The shared 'code-send' modal of Save & Continue Later (section 2.12). */
export function SaveLaterModal({
  open,
  enrollmentId,
  savedTab,
  defaultEmail,
  onClose,
  onDone,
}: {
  open: boolean;
  enrollmentId: string;
  savedTab: string;
  defaultEmail?: string;
  onClose(): void;
  onDone(): void;
}) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(defaultEmail ?? '');
  // The contact e-mail may come after the modal opened: it fills the field unless something was typed there.
  const [typed, setTyped] = useState(false);
  useEffect(() => {
    if (!typed && defaultEmail) setEmail(defaultEmail);
  }, [defaultEmail, typed]);
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);

  const send = async () => {
    setFormError(null);
    const parsed = ZSaveLaterForm.safeParse({ email });
    if (!parsed.success) {
      setError(TEXT.ENTER_VALID_EMAIL);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await saveEnrollment({ enrollment_id: enrollmentId, email: parsed.data.email, tab: savedTab });
      setSaved(true);
    } catch (err) {
      if (err instanceof ApiError && err.fieldErrors.length) {
        const onEmail = err.fieldErrors.find((f) => f.target_element === 'email');
        if (onEmail) setError(onEmail.error_message);
        else setFormError(err.fieldErrors.map((f) => f.error_message).join(' '));
      } else setFormError(err instanceof Error ? err.message : 'Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  const close = () => {
    setSaved(false);
    setError(null);
    setFormError(null);
    onClose();
  };

  return (
    <Modal open={open} title={saved ? t('Save & Continue Later') : t(TEXT.ALTERNATE_EMAIL_PROMPT)} onClose={close} size="sm" className="code-send">
      {saved ? (
        <div className="form-stack">
          <Alert kind="success">{t(TEXT.INFORMATION_SAVED)}</Alert>
          <div className="modal-actions">
            <Button
              onClick={() => {
                setSaved(false);
                onDone();
              }}
            >
              {t('Done')}
            </Button>
          </div>
        </div>
      ) : (
        <form
          className="form-stack"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          <Alert>{formError && t(formError)}</Alert>
          <TextField label={t('Email')} name="save_later_email" type="email" autoComplete="email" value={email} onChange={(e) => {
            setTyped(true);
            setEmail(e.target.value);
          }} error={error} />
          <div className="modal-actions">
            <Button variant="secondary" onClick={close} disabled={busy}>
              {t('Back')}
            </Button>
            <Button type="submit" busy={busy}>
              {t('Send Code')}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
