import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isoToUs } from '@store/domain/dates';
import { STANDING_LABELS } from '@store/domain/ledger';
import { Alert, Spinner } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { StackTable } from '../../../../components/ui/stack-table';
import { useRepPaymentStanding } from '../api/get-rep-payment-standing';

const LIMIT = 25;
const METHOD_LABELS = { card: 'Card', eft: 'Bank debit (EFT)', list_bill: 'List bill' } as const;

/** Each client's payment standing (issue 36): current, retrying, in grace or ended, and since when it is not current. */
export function PaymentStandingList() {
  const { t } = useTranslation();
  const headingId = useId();
  const [offset, setOffset] = useState(0);
  const query = useRepPaymentStanding({ limit: LIMIT, offset });
  const total = query.data?.total ?? 0;
  const page = offset / LIMIT + 1;
  const pages = Math.max(1, Math.ceil(total / LIMIT));
  const title = t('Payment standing');
  return (
    <section className="rep-home-list" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {query.error && <Alert>{t(query.error.message)}</Alert>}
      {query.isLoading ? (
        <Spinner />
      ) : total === 0 ? (
        <p>{t('No clients with payments yet.')}</p>
      ) : (
        <>
          <StackTable
            label={t("Clients' payment standing")}
            caption={t("Clients' payment standing")}
            columns={[t('Name'), t('Confirmation number'), t('Pays by'), t('Payment standing'), t('Unpaid since')]}
          >
            {query.data?.items.map((c) => (
              <tr key={c.enrollment_id}>
                <th scope="row">{c.name}</th>
                <td>{c.confirmation_number ?? '—'}</td>
                <td>{t(METHOD_LABELS[c.method])}</td>
                <td>
                  <span className={`rep-home-standing rep-home-standing-${c.standing}`}>{t(STANDING_LABELS[c.standing])}</span>
                </td>
                <td>{c.since ? isoToUs(c.since) : '—'}</td>
              </tr>
            ))}
          </StackTable>
          <nav className="rep-home-pager" aria-label={t('Pages of {{list}}', { list: title })}>
            <Button variant="secondary" disabled={page <= 1} onClick={() => setOffset(offset - LIMIT)}>
              {t('Previous')}
            </Button>
            <span aria-live="polite">{t('Page {{page}} of {{pages}} ({{total}} in all)', { page, pages, total })}</span>
            <Button variant="secondary" disabled={page >= pages} onClick={() => setOffset(offset + LIMIT)}>
              {t('Next')}
            </Button>
          </nav>
        </>
      )}
    </section>
  );
}
