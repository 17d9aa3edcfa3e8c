import { useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TEXT } from '@store/domain/texts';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ZSaveLaterForm, type TSaveLaterForm } from '@store/domain/enrollment';
import { Modal } from '../../../components/ui/modal';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/form/fields';
import { Alert } from '../../../components/ui/alert';
import { applyServerErrors } from '../../../components/form/server-errors';
import { ErrorSummary, summaryOfMessage, summaryOfRecord } from '../../../components/form/error-summary';
import { saveEnrollment } from '../api/continue';

/** The shared 'code-send' modal of Save & Continue Later (section 2.12). */
export function SaveLaterModal({
  open,
  enrollmentId,
  savedTab,
  defaultEmail,
  emailLoading = false,
  onClose,
  onDone,
}: {
  open: boolean;
  enrollmentId: string;
  savedTab: string;
  defaultEmail?: string;
  /** The contact e-mail is on its way: the field waits for it (typing meanwhile would join what is filled in). */
  emailLoading?: boolean;
  onClose(): void;
  onDone(): void;
}) {
  const { t } = useTranslation();
  const { register, handleSubmit, setError, clearErrors, setValue, getFieldState, formState } = useForm<TSaveLaterForm>({
    resolver: zodResolver(ZSaveLaterForm),
    defaultValues: { email: defaultEmail ?? '' },
    shouldFocusError: false,
  });
  // The contact e-mail may come after the modal opened: it fills the field unless something was typed there (in an
  // earlier opening: while it is on its way the field is read-only). In the same commit that makes the field editable.
  useLayoutEffect(() => {
    if (defaultEmail && !getFieldState('email').isDirty) setValue('email', defaultEmail);
  }, [defaultEmail, getFieldState, setValue]);
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const send = handleSubmit(async ({ email }) => {
    setFormError(null);
    try {
      await saveEnrollment({ enrollment_id: enrollmentId, email, tab: savedTab });
      setSaved(true);
    } catch (err) {
      // The e-mail stays as typed; the server's message shows beside it (or above the form).
      setFormError(applyServerErrors(err, setError, ['email']));
    }
  });
  const busy = formState.isSubmitting;
  // Whatever the rule that failed in the browser, the modal asks for a valid e-mail; the server's message is its own.
  const emailError =
    formState.errors.email && (formState.errors.email.type === 'server' ? formState.errors.email.message : TEXT.ENTER_VALID_EMAIL);

  const close = () => {
    setSaved(false);
    clearErrors();
    setFormError(null);
    onClose();
  };

  return (
    <Modal
      open={open}
      title={saved ? t('Save & Continue Later') : t(TEXT.ALTERNATE_EMAIL_PROMPT)}
      onClose={close}
      size="sm"
      className="code-send"
    >
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
        <form className="form-stack" noValidate onSubmit={send}>
          <ErrorSummary
            attempts={formState.submitCount}
            items={[...summaryOfMessage(formError), ...summaryOfRecord({ email: emailError })]}
          />
          <TextField
            label={t('Email')}
            type="email"
            autoComplete="email"
            error={emailError}
            readOnly={emailLoading}
            aria-busy={emailLoading || undefined}
            {...register('email')}
          />
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
