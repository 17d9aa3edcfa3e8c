import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TContinueResult } from '@store/domain/enrollment';
import { Alert, Spinner } from '../../../components/ui/alert';
import { directContinue } from '../api/continue';
import { openSavedTab } from './open-saved-tab';

const fromBase64 = (v: string) => {
  try {
    return atob(v.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
};

/**
 * A link opens the enrollment in the first browser session that uses it: one request per link, shared by the
 * effect's runs (React's development double run would otherwise race for the link with two new sessions).
 */
const opening = new Map<string, Promise<TContinueResult>>();
const openLink = (id: string) => {
  let request = opening.get(id);
  if (!request) {
    request = directContinue(id);
    opening.set(id, request);
  }
  return request;
};

/** /direct-continue/{id}/{tab}: the signed link of the enrollment-code e-mail (both parameters base64). */
export function DirectContinuePage() {
  const { t } = useTranslation();
  const { id, tab } = useParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    (async () => {
      try {
        const r = await openLink(id ?? '');
        if (cancelled) return;
        navigate(await openSavedTab(r, (tab && fromBase64(tab)) || r.saved_tab), { replace: true });
      } catch (err) {
        if (!cancelled) setError(err instanceof Error ? err.message : 'This link is not valid or has expired');
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [id, tab, navigate]);
  return (
    <section className="page narrow">
      <h1>{t('Continue Enrollment')}</h1>
      {error ? (
        <>
          <Alert>{t(error)}</Alert>
          <p>
            <Link to="/continue-enrollment">{t('Continue with your enrollment code')}</Link>
          </p>
        </>
      ) : (
        <Spinner />
      )}
    </section>
  );
}
