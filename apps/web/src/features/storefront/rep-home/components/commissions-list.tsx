import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isoToUs } from '@store/domain/dates';
import { COMMISSION_KIND_WORDS, percentOf, type TCommissionLine } from '@store/domain/commissions';
import { formatCents } from '@store/domain/pricing';
import { Alert, Spinner } from '../../../../components/ui/alert';
import { StackTable } from '../../../../components/ui/stack-table';
import { statementCsvHref, statementPdfHref, useRepCommissions } from '../api/get-rep-commissions';

/**
 * The rep's commissions (issue 39): this month so far (earned on premium collected, not yet on a statement) and each
 * monthly statement with its PDF and CSV. Tables become cards on a phone (StackTable).
 */
export function CommissionsList() {
  const { t } = useTranslation();
  const headingId = useId();
  const query = useRepCommissions();
  const data = query.data;
  return (
    <section className="rep-home-list rep-home-commissions" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('Commissions')}</h2>
      {query.error && <Alert>{t(query.error.message)}</Alert>}
      {query.isLoading || !data ? (
        !query.error && <Spinner />
      ) : (
        <>
          <h3>{t('This month so far')}</h3>
          <p>{t('Earned on premium collected and not yet on a statement: {{amount}}', { amount: formatCents(data.so_far.total_cents) })}</p>
          {data.so_far.lines.length > 0 && <Lines lines={data.so_far.lines} caption={t('This month so far')} />}
          <h3>{t('Statements')}</h3>
          {data.statements.length === 0 ? (
            <p>{t('No statements yet.')}</p>
          ) : (
            <StackTable
              label={t('Commission statements')}
              caption={t('Commission statements')}
              columns={[t('Month'), t('Issued'), t('Total'), t('Download')]}
            >
              {data.statements.map((s) => (
                <tr key={s.id}>
                  <th scope="row">{s.month}</th>
                  <td>{isoToUs(s.issued_on)}</td>
                  <td>{formatCents(s.total_cents)}</td>
                  <td>
                    <span className="rep-home-actions">
                      <a href={statementPdfHref(s.id)} download>
                        {t('PDF')} <span className="sr-only">{t('statement of {{month}}', { month: s.month })}</span>
                      </a>
                      <a href={statementCsvHref(s.id)} download>
                        {t('CSV')} <span className="sr-only">{t('statement of {{month}}', { month: s.month })}</span>
                      </a>
                    </span>
                  </td>
                </tr>
              ))}
            </StackTable>
          )}
        </>
      )}
    </section>
  );
}

function Lines({ lines, caption }: { lines: TCommissionLine[]; caption: string }) {
  const { t } = useTranslation();
  const cols = [t('Member'), t('Plan'), t('Kind'), t('Coverage month'), t('Rate'), t('Amount')];
  return (
    <StackTable label={caption} caption={caption} columns={cols}>
      {lines.map((l, i) => (
        <tr key={i}>
          <th scope="row">{l.member || '—'}</th>
          <td>{l.plan_name}</td>
          <td>{t(COMMISSION_KIND_WORDS[l.kind])}</td>
          <td>{l.period}</td>
          <td>{l.rate_bp === null ? '—' : percentOf(l.rate_bp)}</td>
          <td>{formatCents(l.amount_cents)}</td>
        </tr>
      ))}
    </StackTable>
  );
}
