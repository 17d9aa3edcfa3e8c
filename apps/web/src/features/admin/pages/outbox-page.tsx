import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { OUTBOX_STATUSES } from '@store/domain/admin-records';
import { Alert, Spinner } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { adminMediaUrl, useOutbox, useOutboxMail, useResendMail } from '../api';
import { when } from '../components/when';
import { ListPage, PagedTable, useListState } from '../components/paged-list';

const STATUS_LABELS: Record<string, string> = {
  pending: 'Pending',
  sending: 'Sending',
  sent: 'Sent',
  kept: 'Kept (no mail server)',
  failed: 'Failed',
};

export function OutboxPage() {
  const { t } = useTranslation();
  const l = useListState();
  const list = useOutbox({ ...l.query, status: l.filter });
  return (
    <ListPage
      title={t('Outbox')}
      search={t('Search by recipient or subject')}
      list={l}
      filter={{
        label: t('Status'),
        name: 'status',
        placeholder: 'Any status',
        options: OUTBOX_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
      }}
    >
      <PagedTable
        list={list}
        onPage={l.setOffset}
        columns={[t('Created'), t('To'), t('Subject'), t('Status'), t('Attempts')]}
        empty={t('No mail.')}
        row={(m) => (
          <tr key={m.id}>
            <td>{when(m.created_at)}</td>
            <td>{m.to_address}</td>
            <td>
              <Link to={`/admin/outbox/${m.id}`}>{m.subject}</Link>
            </td>
            <td>
              <span className={`admin-status admin-status-${m.status}`}>{t(STATUS_LABELS[m.status] ?? m.status)}</span>
            </td>
            <td>{m.attempts}</td>
          </tr>
        )}
      />
    </ListPage>
  );
}

/** One mail: its status, its HTML in a sandboxed frame (no script, no same-origin), its text, and resend. */
export function MailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const mail = useOutboxMail(id!);
  const resend = useResendMail(id!);
  const [message, setMessage] = useState<string | null>(null);
  if (mail.isLoading) return <Spinner />;
  if (!mail.data) return <Alert>{t('Not found')}</Alert>;
  const m = mail.data;
  return (
    <section>
      <p>
        <Link to="/admin/outbox">{t('All mail')}</Link>
      </p>
      <h1>{m.subject}</h1>
      <div className="admin-card">
        <dl className="admin-kv">
          <dt>{t('To')}</dt>
          <dd>{m.to_address}</dd>
          <dt>{t('Kind')}</dt>
          <dd>{m.kind}</dd>
          <dt>{t('Status')}</dt>
          <dd>
            <span className={`admin-status admin-status-${m.status}`}>{t(STATUS_LABELS[m.status] ?? m.status)}</span>
          </dd>
          <dt>{t('Attempts')}</dt>
          <dd>{m.attempts}</dd>
          <dt>{t('Last error')}</dt>
          <dd>{m.last_error ?? '—'}</dd>
          <dt>{t('Created')}</dt>
          <dd>{when(m.created_at)}</dd>
          <dt>{t('Sent')}</dt>
          <dd>{when(m.sent_at)}</dd>
          <dt>{t('Enrollment')}</dt>
          <dd>{m.enrollment_id ? <Link to={`/admin/enrollments/${m.enrollment_id}`}>{m.enrollment_id}</Link> : '—'}</dd>
          <dt>{t('Attachments')}</dt>
          <dd>
            {m.attachments.length
              ? m.attachments.map((a) => (
                  <a key={a.mediaId} href={adminMediaUrl(a.mediaId)} target="_blank" rel="noopener noreferrer">
                    {a.filename}{' '}
                  </a>
                ))
              : '—'}
          </dd>
        </dl>
        <Alert kind="success">{message && t(message)}</Alert>
        <div className="admin-actions">
          <Button
            busy={resend.isPending}
            onClick={async () => {
              await resend.mutateAsync();
              setMessage('The mail is queued to be sent again.');
            }}
          >
            {t('Resend')}
          </Button>
        </div>
      </div>
      <div className="admin-card">
        <h2>{t('Content')}</h2>
        <iframe className="admin-mail-frame" title={t('Mail content')} sandbox="" srcDoc={m.html} referrerPolicy="no-referrer" />
        <h3>{t('Plain text')}</h3>
        <pre className="admin-pre">{m.text}</pre>
      </div>
    </section>
  );
}
