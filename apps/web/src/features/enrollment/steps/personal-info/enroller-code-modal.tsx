import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { TEXT } from '@store/domain/texts';
import { ZEnrollerCodeForm, type TEnrollerCodeForm } from '@store/domain/enrollment-personal';
import { TextField } from '../../../../components/form/fields';
import { Button } from '../../../../components/ui/button';
import { Modal } from '../../../../components/ui/modal';
import { ApiError } from '../../../../lib/api-client';
import { invalidateFieldDefs } from '../../api/field-defs';
import { saveEnrollerCode } from '../../api/personal-info';

/** The 'quote-confirmation' modal 'Enter Enroller Code' (states: empty, required, error, saved). */
export function EnrollerCodeModal({
  open,
  enrollmentId,
  initial,
  onClose,
  onSaved,
}: {
  open: boolean;
  enrollmentId: string;
  initial: string;
  onClose(): void;
  onSaved(code: string): void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { register, handleSubmit, setError, formState } = useForm<TEnrollerCodeForm>({
    resolver: zodResolver(ZEnrollerCodeForm),
    defaultValues: { enrollerCode: initial },
  });
  const save = handleSubmit(async ({ enrollerCode }) => {
    try {
      const saved = await saveEnrollerCode(enrollmentId, enrollerCode);
      void invalidateFieldDefs(qc, 'personal');
      onSaved(saved);
    } catch (e) {
      // The code stays as typed; the server's message shows beside it.
      const message = e instanceof ApiError ? (e.fieldErrors[0]?.error_message ?? e.message) : 'Something went wrong. Please try again.';
      setError('enrollerCode', { type: 'server', message });
    }
  });
  const busy = formState.isSubmitting;
  return (
    <Modal open={open} title={t(TEXT.ENTER_ENROLLER_CODE)} onClose={onClose} size="sm" className="quote-confirmation">
      <form className="form-stack" noValidate onSubmit={save}>
        <TextField label={t('Enroller Code')} maxLength={30} error={formState.errors.enrollerCode?.message} {...register('enrollerCode')} />
        <div className="modal-actions">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('Cancel')}
          </Button>
          <Button type="submit" busy={busy}>
            {t('Save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
