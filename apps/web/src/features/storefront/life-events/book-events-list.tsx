import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isoToUs } from '@store/domain/dates';
import type { TLifeEvent } from '@store/domain/life-events';
import { Alert, Spinner } from '../../../components/ui/alert';
import { StackTable } from '../../../components/ui/stack-table';
import './book-events.css';

/**
 * The life events of a rep's clients or a group's employees (issue 38, decision 2650): who, which event, its date,
 * where it stands and when its window closes. Statuses only: never the document or any health answer (the server's
 * list carries none).
 */
export function BookEventsList({
  query,
  caption,
}: {
  query: { data?: TLifeEvent[]; isLoading: boolean; error: Error | null };
  caption: string;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const columns = [t('Name'), t('Life event'), t('Date of the event'), t('Status'), t('Window closes')];
  const events = query.data ?? [];
  return (
    <section className="book-events card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('Life events')}</h2>
      {query.error && <Alert>{t(query.error.message)}</Alert>}
      {query.isLoading ? (
        <Spinner />
      ) : events.length === 0 ? (
        <p>{t('No life events reported.')}</p>
      ) : (
        // On a phone each row is a card and each cell says its column (StackTable).
        <StackTable label={caption} caption={caption} columns={columns}>
          {events.map((e) => (
            <tr key={e.id}>
              <th scope="row">{e.member_name}</th>
              <td>
                {t(e.event_label)}
                {e.reported_by_rep ? ` (${t('reported by the representative')})` : ''}
              </td>
              <td>{isoToUs(e.event_date)}</td>
              <td>{t(e.status_label)}</td>
              <td>{isoToUs(e.window_closes)}</td>
            </tr>
          ))}
        </StackTable>
      )}
    </section>
  );
}
