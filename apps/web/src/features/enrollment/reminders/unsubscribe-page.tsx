import { useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { UNSUBSCRIBE_LINK_INVALID } from '@store/domain/reminders';
import { Alert, Spinner } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { chosenLanguage, setLanguage } from '../../../lib/i18n';
import { ApiError } from '../../../lib/api-client';
import { useUnsubscribe, useUnsubscribeStatus } from '../api/reminders';

/**
 * /reminders/unsubscribe/{token}: the link of the reminder e-mails. Opening it changes nothing (mail scanners
 * open links); the button turns the reminders off. The page speaks the mail's language (?lang=) unless the
 * visitor chose one here before.
 */
export function UnsubscribePage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const mailLang = search.get('lang');
  useEffect(() => {
    if ((mailLang === 'es' || mailLang === 'en') && !chosenLanguage()) void setLanguage(mailLang);
  }, [mailLang]);
  const status = useUnsubscribeStatus(token);
  const unsubscribe = useUnsubscribe(token);
  const failure = status.error ?? unsubscribe.error;
  const message =
    failure instanceof ApiError && failure.status === 404
      ? UNSUBSCRIBE_LINK_INVALID
      : failure
        ? 'Something went wrong. Please try again.'
        : null;

  return (
    <section className="page narrow">
      <h1>{t('Reminder e-mails')}</h1>
      {message ? (
        <Alert>{t(message)}</Alert>
      ) : status.isPending ? (
        <Spinner label={t('Loading')} />
      ) : status.data?.unsubscribed ? (
        <Alert kind="success">{t('You are unsubscribed. You will not get more reminders about this enrollment.')}</Alert>
      ) : (
        <>
          <p>{t('Stop the e-mails that remind you to finish your saved enrollment?')}</p>
          <Button busy={unsubscribe.isPending} onClick={() => unsubscribe.mutate()}>
            {t('Unsubscribe')}
          </Button>
        </>
      )}
    </section>
  );
}
