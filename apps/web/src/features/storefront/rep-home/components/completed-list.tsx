import { useTranslation } from 'react-i18next';
import { formatCents } from '@store/domain/pricing';
import { REP_HOME_DEFAULT_LIMIT } from '@store/domain/rep-home';
import { useRepCompleted } from '../api/get-rep-completed';
import { ListFrame, useListState } from './list-frame';
import { formatWhen } from './format';

/** Enrollments completed this month and their monthly premium, with the month's count and total. */
export function CompletedList() {
  const { t, i18n } = useTranslation();
  const [state, setState] = useListState();
  const query = useRepCompleted({ q: state.q, page: state.page, limit: REP_HOME_DEFAULT_LIMIT });
  const d = query.data;
  return (
    <ListFrame
      list="completed"
      title={t('Completed this month')}
      caption={t('Enrollments completed this month, newest first')}
      columns={[t('Name'), t('Confirmation number'), t('Completed'), t('Monthly premium')]}
      state={state}
      onState={setState}
      query={query}
      limit={REP_HOME_DEFAULT_LIMIT}
      empty={t('No enrollment completed this month yet.')}
      summary={
        d ? (
          <p className="rep-home-summary">
            {t('{{count}} completed this month, {{premium}} a month in premium', {
              count: d.month_count,
              premium: formatCents(d.month_premium_cents),
            })}
          </p>
        ) : null
      }
    >
      {d?.items.map((e) => (
        <tr key={e.enrollment_id}>
          <th scope="row">{e.name}</th>
          <td>{e.confirmation_number ?? '—'}</td>
          <td>{formatWhen(e.completed_at, i18n.language)}</td>
          <td>{formatCents(e.premium_cents)}</td>
        </tr>
      ))}
    </ListFrame>
  );
}
