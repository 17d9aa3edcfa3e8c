import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TEXT } from '@store/domain/texts';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="error-page">
      <h1>{t(TEXT.PAGE_NOT_FOUND)}</h1>
      <Link to="/" className="btn btn-primary">
        {t(TEXT.BACK_TO_HOMEPAGE)}
      </Link>
    </section>
  );
}
