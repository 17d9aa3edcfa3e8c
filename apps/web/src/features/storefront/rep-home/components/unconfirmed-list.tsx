import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isoToUs } from '@store/domain/dates';
import { formatCents } from '@store/domain/pricing';
import { COVERAGE_CONFIRMATION_TEXT as T } from '@store/domain/coverage-confirmation';
import { Alert, Spinner } from '../../../../components/ui/alert';
import { StackTable } from '../../../../components/ui/stack-table';
import { useRepUnconfirmed } from '../api/get-rep-unconfirmed';

/** Issue 39: the rep's members who paid for a plan the carrier has not confirmed within its window, oldest first. */
export function UnconfirmedList() {
  const { t } = useTranslation();
  const headingId = useId();
  const query = useRepUnconfirmed();
  const items = query.data ?? [];
  return (
    <section className="rep-home-list" aria-labelledby={headingId}>
      <h2 id={headingId}>{t(T.REP_TITLE)}</h2>
      {query.error && <Alert>{t(query.error.message)}</Alert>}
      {query.isLoading ? (
        <Spinner />
      ) : items.length === 0 ? (
        <p>{t(T.REP_NONE)}</p>
      ) : (
        <StackTable
          label={t(T.REP_TITLE)}
          caption={t(T.REP_TITLE)}
          columns={[t('Name'), t('Plan'), t('Carrier'), t('Paid since'), t('Held')]}
        >
          {items.map((u) => (
            <tr key={u.policy_id}>
              <th scope="row">{u.member}</th>
              <td>{u.plan_name}</td>
              <td>{u.carrier}</td>
              <td>{isoToUs(u.paid_since.slice(0, 10))}</td>
              <td>{formatCents(u.held_cents)}</td>
            </tr>
          ))}
        </StackTable>
      )}
    </section>
  );
}
