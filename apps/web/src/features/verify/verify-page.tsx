import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert';
import { useVerifyDocument } from './api/verify-document';

/**
 * /verify (issue 22): anyone picks a signed application PDF and learns whether the store issued it, unchanged, with
 * its confirmation number and signing time; nothing else.
 */
export function VerifyPage() {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const verify = useVerifyDocument();
  const r = verify.data;
  return (
    <section className="page narrow verify-page card">
      <h1>{t('Verify a signed application')}</h1>
      <p>{t('Choose a signed application PDF from the store to check that it is the document we issued, unchanged.')}</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (file) verify.mutate(file);
        }}
      >
        <div className="field">
          <label htmlFor="verify-file">{t('PDF file')}</label>
          <input
            id="verify-file"
            name="file"
            type="file"
            accept="application/pdf,.pdf"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              verify.reset();
            }}
          />
        </div>
        <button className="btn btn-primary" type="submit" disabled={!file || verify.isPending}>
          {t('Verify')}
        </button>
      </form>
      <div aria-live="polite">
        {verify.isError && <Alert>{(verify.error as Error).message}</Alert>}
        {r?.valid && (
          <Alert kind="success">
            {t('Valid: this is the signed application {{number}}, signed on {{at}}, unchanged.', {
              number: r.confirmation_number ?? '',
              at: r.signed_at ? new Date(r.signed_at).toLocaleString(undefined, { timeZone: 'UTC', timeZoneName: 'short' }) : '',
            })}
          </Alert>
        )}
        {r && !r.valid && <Alert>{t('Not valid: this file is not a document the store issued, or it was changed.')}</Alert>}
      </div>
    </section>
  );
}
