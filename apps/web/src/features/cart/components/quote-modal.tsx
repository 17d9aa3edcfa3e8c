import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { ZQuoteForm, type TQuoteForm } from '@store/domain/save-enrollment';
import { Modal } from '../../../components/ui/modal';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/form/fields';
import { applyServerErrors } from '../../../components/form/server-errors';
import { FormErrorSummary } from '../../../components/form/error-summary';
import { fetchQuotePreview, sendQuote } from '../api/cart';

/**
 * Send Personalized Quote: Name, Email, Message; Preview shows the very HTML that Send mails (rendered and
 * escaped by the server) in a box that scrolls at 500px. Values stay in the form after any failure.
 */
export function QuoteModal({ tempId, open, onClose }: { tempId: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { register, handleSubmit, setError, formState, reset } = useForm<TQuoteForm>({
    resolver: zodResolver(ZQuoteForm),
    defaultValues: { name: '', email: '', message: '' },
    shouldFocusError: false,
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState<'preview' | 'send' | null>(null);

  const onPreview = handleSubmit(async (values) => {
    setFormError(null);
    setBusy('preview');
    try {
      setPreview(await fetchQuotePreview(tempId, values));
    } catch (err) {
      setFormError(applyServerErrors(err, setError, ['name', 'email', 'message']));
    } finally {
      setBusy(null);
    }
  });

  const onSend = handleSubmit(async (values) => {
    setFormError(null);
    setBusy('send');
    try {
      const message = await sendQuote(tempId, values);
      setPreview(null);
      setSent(message ?? 'Your quote has been sent.');
      reset();
      onClose();
    } catch (err) {
      setFormError(applyServerErrors(err, setError, ['name', 'email', 'message']));
    } finally {
      setBusy(null);
    }
  });

  return (
    <>
      <Modal
        open={open}
        title={t('Send Personalized Quote')}
        onClose={onClose}
        footer={
          <>
            <Button variant="secondary" onClick={onPreview} busy={busy === 'preview'}>
              {t('Preview')}
            </Button>
            <Button onClick={onSend} busy={busy === 'send'}>
              {t('Send')}
            </Button>
          </>
        }
      >
        <form onSubmit={onSend} noValidate className="form-stack">
          <FormErrorSummary form={formState} formError={formError} />
          <TextField label={t('Name')} autoComplete="name" required error={formState.errors.name?.message} {...register('name')} />
          <TextField
            label={t('Email')}
            type="email"
            autoComplete="email"
            required
            error={formState.errors.email?.message}
            {...register('email')}
          />
          <TextAreaField label={t('Message')} rows={4} error={formState.errors.message?.message} {...register('message')} />
        </form>
      </Modal>
      <Modal
        open={preview !== null}
        title={t('Preview')}
        onClose={() => setPreview(null)}
        size="lg"
        footer={<Button onClick={() => setPreview(null)}>{t('Close')}</Button>}
      >
        {/* The server renders this HTML and escapes every value in it; it is exactly what Send mails. */}
        <div
          className="quote-preview"
          data-testid="quote-preview"
          style={{ maxHeight: 500, overflowY: 'auto' }}
          dangerouslySetInnerHTML={{ __html: preview ?? '' }}
        />
      </Modal>
      <Modal
        open={sent !== null}
        title={t('Quote Sent')}
        onClose={() => setSent(null)}
        size="sm"
        footer={<Button onClick={() => setSent(null)}>{t('OK')}</Button>}
      >
        <p>{sent && t(sent)}</p>
      </Modal>
    </>
  );
}
