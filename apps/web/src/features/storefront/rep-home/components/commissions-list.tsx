import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isoToUs } from '@store/domain/dates';
import { COMMISSION_KIND_WORDS, percentOf, type TCommissionLine } from '@store/domain/commissions';
import { formatCents } from '@store/domain/pricing';
import { Alert, Spinner } from '../../../../components/ui/alert';
import { statementCsvHref, statementPdfHref, useRepCommissions } from '../api/get-rep-commissions';

/**
 * The rep's commissions (issue 39): this month so far (earned on premium collected, not yet on a statement) and each
 * monthly statement with its PDF and CSV. Tables become cards on a phone (rep-home.css).
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
            <div className="rep-home-scroll" role="region" aria-label={t('Commission statements')} tabIndex={0}>
              <table className="rep-home-table">
                <caption>{t('Commission statements')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('Month')}</th>
                    <th scope="col">{t('Issued')}</th>
                    <th scope="col">{t('Total')}</th>
                    <th scope="col">{t('Download')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.statements.map((s) => (
                    <tr key={s.id}>
                      <th scope="row" data-label={t('Month')}>
                        {s.month}
                      </th>
                      <td data-label={t('Issued')}>{isoToUs(s.issued_on)}</td>
                      <td data-label={t('Total')}>{formatCents(s.total_cents)}</td>
                      <td data-label={t('Download')}>
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
                </tbody>
              </table>
            </div>
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
    <div className="rep-home-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table className="rep-home-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {cols.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {lines.map((l, i) => (
            <tr key={i}>
              <th scope="row" data-label={cols[0]}>
                {l.member || '—'}
              </th>
              <td data-label={cols[1]}>{l.plan_name}</td>
              <td data-label={cols[2]}>{t(COMMISSION_KIND_WORDS[l.kind])}</td>
              <td data-label={cols[3]}>{l.period}</td>
              <td data-label={cols[4]}>{l.rate_bp === null ? '—' : percentOf(l.rate_bp)}</td>
              <td data-label={cols[5]}>{formatCents(l.amount_cents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
