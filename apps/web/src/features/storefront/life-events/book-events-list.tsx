import { useId, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isoToUs } from '@store/domain/dates';
import type { TLifeEvent } from '@store/domain/life-events';
import { Alert, Spinner } from '../../../components/ui/alert';
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
  // On a phone each row is a card and each cell says its column (the rep home's tables do the same).
  const table = useRef<HTMLTableElement>(null);
  useLayoutEffect(() => {
    for (const row of table.current?.tBodies[0]?.rows ?? [])
      [...row.cells].forEach((cell, i) => {
        if (columns[i]) cell.dataset.label = columns[i];
      });
  });
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
        <div className="book-events-scroll" role="region" aria-label={caption} tabIndex={0}>
          <table className="book-events-table" ref={table}>
            <caption>{caption}</caption>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th scope="col" key={c}>
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
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
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
