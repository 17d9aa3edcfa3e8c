import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { formatCents } from '@store/domain/pricing';
import { LEDGER_KINDS, LEDGER_METHODS, ZLedgerQuery, type TLedgerQuery, type TLedgerRow } from '@store/domain/ledger';
import { TextField } from '../../../components/form/fields';
import { FormErrorSummary } from '../../../components/form/error-summary';
import { applyServerErrors } from '../../../components/form/server-errors';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ledgerCsvHref, ledgerQuery, useLedger, useVerifyLedger } from '../api/ledger';
import { AdminTable } from '../components/admin-table';
import { when } from '../components/when';
import { RefundForm } from '../components/refund-form';

export const KIND_LABELS = {
  charge: 'Charge',
  payment: 'Payment',
  decline: 'Decline',
  return: 'Return',
  refund: 'Refund',
  adjustment: 'Adjustment',
};
export const METHOD_LABELS = { card: 'Card', eft: 'EFT', list_bill: 'List bill' };

type QueryIn = z.input<typeof ZLedgerQuery>;

/**
 * The ledger (issue 36) by confirmation number, member (number or e-mail) or day: each row's kind, amount, billing
 * period, status and reason; the totals by card, EFT and list bill; the CSV of the same rows; a refund of a card payment.
 */
export function LedgerPage() {
  const { t } = useTranslation();
  const [query, setQuery] = useState<TLedgerQuery | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [failures, setFailures] = useState(0);
  const [refunding, setRefunding] = useState<TLedgerRow | null>(null);
  const ledger = useLedger(query);
  const { register, handleSubmit, setError, formState } = useForm<QueryIn, unknown, TLedgerQuery>({
    resolver: zodResolver(ZLedgerQuery),
    defaultValues: { confirmation: '', member: '', date: '' },
    shouldFocusError: false,
  });
  const qc = useQueryClient();
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setRefunding(null);
    try {
      await qc.fetchQuery(ledgerQuery(values));
      setQuery(values);
    } catch (err) {
      // The server's 422 goes beside its field; what was typed stays.
      setFormError(applyServerErrors(err, setError, ['confirmation', 'member', 'date']));
      setFailures((n) => n + 1);
    }
  });
  const d = ledger.data;
  return (
    <section>
      <h1>{t('Ledger')}</h1>
      <ChainCheck />
      <form className="admin-form" onSubmit={onSubmit} noValidate aria-label={t('Find ledger rows')}>
        <div className="wide">
          <FormErrorSummary form={formState} formError={formError} failures={failures} />
        </div>
        <TextField
          label={t('Confirmation number')}
          error={formState.errors.confirmation?.message && t(formState.errors.confirmation.message)}
          {...register('confirmation')}
        />
        <TextField
          label={t('Member (number or e-mail)')}
          error={formState.errors.member?.message && t(formState.errors.member.message)}
          {...register('member')}
        />
        <TextField
          label={t('Day (YYYY-MM-DD)')}
          inputMode="numeric"
          error={formState.errors.date?.message && t(formState.errors.date.message)}
          {...register('date')}
        />
        <div className="admin-actions">
          <Button type="submit">{t('Find')}</Button>
          {query && d && (
            <a className="btn btn-link" href={ledgerCsvHref(query)} download>
              {t('Download CSV')}
            </a>
          )}
        </div>
      </form>
      {d && (
        <>
          <h2>{t('Totals')}</h2>
          <AdminTable
            caption={t('Totals by card, EFT and list bill')}
            columns={[t('Method'), ...LEDGER_KINDS.map((k) => t(KIND_LABELS[k]))]}
            rows={LEDGER_METHODS}
            row={(m) => (
              <tr key={m}>
                <th scope="row">{t(METHOD_LABELS[m])}</th>
                {LEDGER_KINDS.map((k) => (
                  <td key={k}>{formatCents(d.totals[m][k])}</td>
                ))}
              </tr>
            )}
          />
          <h2>{t('Rows')}</h2>
          {d.truncated && <Alert kind="info">{t('Only the first 500 rows are shown: the CSV has them all.')}</Alert>}
          <AdminTable
            caption={t('Ledger rows')}
            columns={[
              t('Recorded'),
              t('Kind'),
              t('Amount'),
              t('Billing period'),
              t('Status'),
              t('Reason'),
              t('Method'),
              t('Confirmation number'),
              t('Member'),
              '',
            ]}
            rows={d.rows}
            empty={t('No rows.')}
            row={(r) => (
              <tr key={r.id}>
                <td>{when(r.created_at)}</td>
                <td>{t(KIND_LABELS[r.kind])}</td>
                <td>{formatCents(r.amount_cents)}</td>
                <td>{r.period}</td>
                <td>{r.status ?? '—'}</td>
                <td>{r.reason ?? '—'}</td>
                <td>{t(METHOD_LABELS[r.method])}</td>
                <td>{r.confirmation_number ?? '—'}</td>
                <td>{r.member ?? '—'}</td>
                <td>
                  {r.kind === 'payment' && r.method === 'card' && r.payment_id !== null && (
                    <Button variant="secondary" aria-label={`${t('Refund')}: ${t('row')} ${r.id}`} onClick={() => setRefunding(r)}>
                      {t('Refund')}
                    </Button>
                  )}
                </td>
              </tr>
            )}
          />
          {refunding && <RefundForm key={refunding.id} row={refunding} onClose={() => setRefunding(null)} />}
        </>
      )}
    </section>
  );
}

/** The ledger's hash chain checked on the server: every row, or the rows changed or removed. */
function ChainCheck() {
  const { t } = useTranslation();
  const check = useVerifyLedger();
  const d = check.data;
  return (
    <div className="admin-actions">
      <Button variant="secondary" busy={check.isPending} onClick={() => check.mutate()}>
        {t('Check the hash chain')}
      </Button>
      {check.error && <Alert>{t(check.error.message)}</Alert>}
      {d && d.problems.length === 0 && <Alert kind="success">{t('{{rows}} rows checked: the chain is intact.', { rows: d.rows })}</Alert>}
      {d && d.problems.length > 0 && (
        <Alert>
          {t('{{rows}} rows checked: rows changed or removed at {{places}}.', {
            rows: d.rows,
            places: d.problems.map((p) => p.chain_seq ?? '—').join(', '),
          })}
        </Alert>
      )}
    </div>
  );
}
