import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TEXT } from '@store/domain/texts';

/** /landing-config-error/{Group or Agent}: a validated group or rep without a landing address. */
export function LandingConfigErrorPage() {
  const { t } = useTranslation();
  const { type } = useParams();
  const kind = type === 'Group' ? 'Group' : 'Agent';
  return (
    <section className="error-page">
      <h1>
        {t(TEXT.LANDING_NOT_CONFIGURED)} {t(kind)}
      </h1>
      <Link to="/" className="btn btn-primary">
        {t(TEXT.BACK_TO_HOMEPAGE)}
      </Link>
    </section>
  );
}
