import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isoToUs } from '@store/domain/dates';
import { formatCents } from '@store/domain/pricing';
import { RENEWAL_TEXT, risePercent, type TRepRenewal } from '@store/domain/renewals';
import { Alert, Spinner } from '../../../../components/ui/alert';
import { StackTable } from '../../../../components/ui/stack-table';
import { useRepRenewals } from '../api/get-rep-renewals';

/** Why a client is on the list, in words. */
function reasonsOf(c: TRepRenewal, t: (s: string) => string): string {
  return c.reasons
    .map((r) =>
      r === 'price_rise'
        ? t(RENEWAL_TEXT.REASON_PRICE).replace('{percent}', String(risePercent(c.current_cents ?? 0, c.renewal_cents ?? 0)))
        : t(r === 'discontinued' ? RENEWAL_TEXT.REASON_DISCONTINUED : RENEWAL_TEXT.REASON_PAYMENT),
    )
    .join('; ');
}

/** The rep's renewal list (issue 38, decision 2560): whom to call before the renewal date. */
export function RenewalsList() {
  const { t } = useTranslation();
  const headingId = useId();
  const query = useRepRenewals();
  const items = query.data?.items ?? [];
  return (
    <section className="rep-home-list" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('Renewals')}</h2>
      {query.error && <Alert>{t(query.error.message)}</Alert>}
      {query.isLoading ? (
        <Spinner />
      ) : items.length === 0 ? (
        <p>{t(RENEWAL_TEXT.NO_RENEWAL)}</p>
      ) : (
        <StackTable
          label={t('Clients to call before their renewal')}
          caption={t('Clients to call before their renewal')}
          columns={[t('Name'), t('Renewal date'), t('Now'), t('From the renewal'), t('Why')]}
        >
          {items.map((c) => (
            <tr key={c.user_id}>
              <th scope="row">{c.member_name}</th>
              <td>{c.starts_on ? isoToUs(c.starts_on) : '—'}</td>
              <td>{c.current_cents === null ? '—' : formatCents(c.current_cents)}</td>
              <td>{c.renewal_cents === null ? '—' : formatCents(c.renewal_cents)}</td>
              <td>{reasonsOf(c, t)}</td>
            </tr>
          ))}
        </StackTable>
      )}
    </section>
  );
}
