import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** /confirmation: the documents do not show its content; a plain confirmation with the way home. */
export function ConfirmationPage() {
  const { t } = useTranslation();
  return (
    <section className="page narrow">
      <h1>{t('Thank you')}</h1>
      <p>{t('Your request has been received. You will receive an e-mail with the details shortly.')}</p>
      <Link to="/" className="btn btn-primary">
        {t('Return to homepage')}
      </Link>
    </section>
  );
}
