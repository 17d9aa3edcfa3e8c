import { useTranslation } from 'react-i18next';
import { REP_HOME_DEFAULT_LIMIT } from '@store/domain/rep-home';
import { useRepQuotes } from '../api/get-rep-quotes';
import { ListFrame, useListState } from './list-frame';
import { formatWhen } from './format';

/** The personalised quotes the rep sent from a cart, newest first. */
export function QuotesList() {
  const { t, i18n } = useTranslation();
  const [state, setState] = useListState();
  const query = useRepQuotes({ q: state.q, page: state.page, limit: REP_HOME_DEFAULT_LIMIT });
  return (
    <ListFrame
      list="quotes"
      title={t('Quotes sent')}
      caption={t('Quotes sent, newest first')}
      columns={[t('Recipient'), t('Email'), t('Sent')]}
      state={state}
      onState={setState}
      query={query}
      limit={REP_HOME_DEFAULT_LIMIT}
      empty={t('No quote sent yet.')}
    >
      {query.data?.items.map((q) => (
        <tr key={q.id}>
          <th scope="row">{q.to_name}</th>
          <td>{q.to_email}</td>
          <td>{formatWhen(q.sent_at, i18n.language)}</td>
        </tr>
      ))}
    </ListFrame>
  );
}
