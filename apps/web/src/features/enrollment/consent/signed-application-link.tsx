import { useTranslation } from 'react-i18next';
import { signedApplicationUrl } from './signed-application-url';

/** The receipt page's link to the signed application PDF (issue 22). */
export function SignedApplicationLink({ enrollmentId }: { enrollmentId: string }) {
  const { t } = useTranslation();
  return (
    <a href={signedApplicationUrl(enrollmentId)} download>
      {t('Download your signed application (PDF)')}
    </a>
  );
}
