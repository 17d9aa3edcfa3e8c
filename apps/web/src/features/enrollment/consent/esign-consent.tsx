import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ESIGN_DISCLOSURE } from '@store/domain/consent';
import { Alert } from '../../../components/ui/alert';
import { useEsignConsent, useGiveEsignConsent } from './api';

/**
 * The ESIGN disclosure before the signature (issue 22): paper copies, withdrawal, what is needed; agreed with a
 * checkbox that records the consent (its version) on the server at once. Once given it stays checked.
 */
export function EsignConsent({ enrollmentId, error }: { enrollmentId: string; error?: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'es' ? 'es' : 'en';
  const d = ESIGN_DISCLOSURE[lang];
  const consent = useEsignConsent(enrollmentId);
  const give = useGiveEsignConsent(enrollmentId);
  // Checked at once (a controlled box would flip back until the server answers); unchecked again if it refuses.
  const [ticked, setTicked] = useState(false);
  const agreed = !!consent.data?.agreed;
  const message = give.error ? (give.error as Error).message : error && !agreed ? t(error) : null;
  return (
    <section className="esign-consent card" aria-labelledby="esign-consent-title">
      <h3 id="esign-consent-title">{d.title}</h3>
      {d.paragraphs.map((p) => (
        <p key={p.slice(0, 24)}>{p}</p>
      ))}
      <label className="checkbox-row">
        <input
          type="checkbox"
          name="esign_consent"
          checked={agreed || ticked}
          disabled={agreed || give.isPending}
          aria-describedby={message ? 'esign_consent_message' : undefined}
          onChange={(e) => {
            if (!e.target.checked) return;
            setTicked(true);
            give.mutate(lang, { onError: () => setTicked(false) });
          }}
        />
        <span>{d.checkbox}</span>
      </label>
      {message && (
        <div id="esign_consent_message" className="field-error" role="alert">
          {message}
        </div>
      )}
      {consent.isError && <Alert>{(consent.error as Error).message}</Alert>}
    </section>
  );
}
