import { useTranslation } from 'react-i18next';
import { fillPath } from '@store/domain/contract/endpoint';
import { adminSignedApplication } from '@store/domain/contract/consent';

/** The console's link to a completed enrollment's signed application PDF (issue 22); the view is recorded in its trail. */
export function SignedApplicationLink({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <p>
      <a href={fillPath(adminSignedApplication.path, { id })} target="_blank" rel="noopener noreferrer">
        {t('Signed application')}
      </a>
    </p>
  );
}
