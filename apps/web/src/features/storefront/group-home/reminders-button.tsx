import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useRemindEmployees } from './api/group-home';

/** A reminder by e-mail to every employee not finished (a few times a day at most, the server says when). */
export function RemindersButton({ pending }: { pending: number }) {
  const { t } = useTranslation();
  const remind = useRemindEmployees();
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const send = async () => {
    setMessage(null);
    try {
      const r = await remind.mutateAsync();
      setMessage({ kind: 'success', text: t('Reminders queued for {{count}} employees.', { count: r.queued }) });
    } catch (err) {
      setMessage({ kind: 'error', text: err instanceof Error ? err.message : t('Something went wrong. Please try again.') });
    }
  };
  return (
    <section className="card form-stack group-home-card" aria-labelledby="gh-remind-title">
      <h2 id="gh-remind-title">{t('Reminders')}</h2>
      <p>{t('{{count}} employees have not finished enrolling.', { count: pending })}</p>
      <Alert kind={message?.kind ?? 'success'}>{message?.text}</Alert>
      <div>
        <Button onClick={send} busy={remind.isPending} disabled={pending === 0}>
          {t('Send reminders')}
        </Button>
      </div>
    </section>
  );
}
