import { EnrollmentCoverage } from '../components/enrollment-coverage';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isoToUs } from '@store/domain/dates';
import { Alert, Spinner } from '../../../components/ui/alert';
import { CodeForm } from '../../../components/form/code-form';
import { checkSecondFactor, needsSecondFactor, screenshotUrl, useEnrollment, useEnrollments } from '../api';
import { PagedTable } from '../components/paged-list';
import { when } from '../components/when';
import { EnrollmentSearch, STATUS_LABELS } from '../components/enrollment-search';
import { SignedApplicationLink } from '../components/signed-application-link';
import { CancelEnrollment, EnrollmentCarrierFiles } from '../components/enrollment-carriers';

/** Enrollments: search by name, confirmation number or id, status and date (server-paged). */
export function EnrollmentsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const status = params.get('status') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const offset = Number(params.get('offset') ?? 0) || 0;
  const list = useEnrollments({ q, status, from, to, offset, limit: 25 });
  const update = (patch: Record<string, string | number>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === '' || v === 0) next.delete(k);
      else next.set(k, String(v));
    }
    setParams(next, { replace: true });
  };
  return (
    <section>
      <h1>{t('Enrollments')}</h1>
      <EnrollmentSearch
        q={q}
        status={status}
        from={from}
        to={to}
        onSearch={(v) => update({ ...v, offset: 0 })}
        onStatus={(v) => update({ status: v, offset: 0 })}
      />
      <PagedTable
        list={list}
        error={list.isError && t('The enrollments could not be loaded.')}
        onPage={(o) => update({ offset: o })}
        columns={[t('Created'), t('Name'), t('Confirmation number'), t('Status'), t('Process'), t('Rep'), t('Group')]}
        empty={t('No enrollments match.')}
        row={(e) => (
          <tr key={e.id}>
            <td>{when(e.created_at)}</td>
            <td>
              <Link to={`/admin/enrollments/${e.id}`}>{[e.first_name, e.last_name].filter(Boolean).join(' ') || t('(no name yet)')}</Link>
            </td>
            <td>{e.confirmation_number ?? '—'}</td>
            <td>
              <span className={`admin-status admin-status-${e.status}`}>{t(STATUS_LABELS[e.status] ?? e.status)}</span>
            </td>
            <td>{e.eprocess}</td>
            <td>{e.agent_id ?? '—'}</td>
            <td>{e.group_id ?? '—'}</td>
          </tr>
        )}
      />
    </section>
  );
}

/** One enrollment as saved: steps (masked), cart, screenshots, signature and receipt, mails. The view is audited. */
export function EnrollmentPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const e = useEnrollment(id!);
  if (e.isLoading) return <Spinner />;
  if (needsSecondFactor(e.error)) {
    // Personal data: the server wants a fresh code (the sign-in's counts for 5 minutes).
    return (
      <section>
        <p>
          <Link to="/admin/enrollments">{t('All enrollments')}</Link>
        </p>
        <h1>{t('Enrollment')}</h1>
        <p>{t('Enter a code of your authenticator app to see personal data.')}</p>
        <CodeForm
          submitLabel="Show"
          onCode={async (body) => {
            await checkSecondFactor(body);
            await e.refetch();
          }}
        />
      </section>
    );
  }
  if (!e.data) return <Alert>{t('Enrollment not found')}</Alert>;
  const d = e.data;
  return (
    <section>
      <p>
        <Link to="/admin/enrollments">{t('All enrollments')}</Link>
      </p>
      <h1>{[d.first_name, d.last_name].filter(Boolean).join(' ') || t('Enrollment')}</h1>
      <div className="admin-card">
        <dl className="admin-kv">
          <dt>{t('Enrollment id')}</dt>
          <dd>{d.id}</dd>
          <dt>{t('Confirmation number')}</dt>
          <dd>{d.confirmation_number ?? '—'}</dd>
          <dt>{t('Status')}</dt>
          <dd>{t(STATUS_LABELS[d.status] ?? d.status)}</dd>
          <dt>{t('Type')}</dt>
          <dd>
            {d.type} · {d.eprocess}
          </dd>
          <dt>{t('Rep')}</dt>
          <dd>{d.agent_id ? <Link to={`/admin/agents/${d.agent_id}`}>{d.agent_id}</Link> : '—'}</dd>
          <dt>{t('Group')}</dt>
          <dd>{d.group_id ? <Link to={`/admin/groups/${d.group_id}`}>{d.group_id}</Link> : '—'}</dd>
          <dt>{t('Created')}</dt>
          <dd>{when(d.created_at)}</dd>
          <dt>{t('Completed')}</dt>
          <dd>{when(d.completed_at)}</dd>
          <dt>{t('Effective date')}</dt>
          <dd>{d.effective_date ? isoToUs(d.effective_date) : '—'}</dd>
          <dt>{t('Last saved step')}</dt>
          <dd>{d.saved_tab ?? '—'}</dd>
        </dl>
        <p className="muted">{t('Sensitive values are masked. This view is recorded in the audit log.')}</p>
      </div>
      <div className="admin-card">
        <h2>{t('Plans in the cart')}</h2>
        {d.cart.length === 0 ? (
          <p className="muted">{t('No plans.')}</p>
        ) : (
          <ul>
            {d.cart.map((c) => (
              <li key={c.plan_id}>
                {c.plan_name}: ${c.price.toFixed(2)}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="admin-card">
        <h2>{t('Documents')}</h2>
        {d.documents.length === 0 ? (
          <p className="muted">{t('No signature or receipt yet.')}</p>
        ) : (
          <ul>
            {d.documents.map((doc) => (
              <li key={doc.url}>
                <a href={doc.url} target="_blank" rel="noopener noreferrer">
                  {t(doc.label)}
                </a>
              </li>
            ))}
          </ul>
        )}
        {d.status === 'completed' && <SignedApplicationLink id={d.id} />}
        {d.mails.length > 0 && (
          <>
            <h3>{t('Mails')}</h3>
            <ul>
              {d.mails.map((m) => (
                <li key={m.id}>
                  <Link to={`/admin/outbox/${m.id}`}>{m.subject}</Link> ({m.status})
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      {d.status === 'completed' && <EnrollmentCarrierFiles id={d.id} />}
      {d.status === 'completed' && <EnrollmentCoverage id={d.id} />}
      {d.status === 'completed' && <CancelEnrollment id={d.id} />}
      <div className="admin-card">
        <h2>{t('Quote')}</h2>
        <Rows rows={d.quote} />
      </div>
      <div className="admin-card">
        <h2>{t('Saved steps')}</h2>
        {d.answers.length === 0 && <p className="muted">{t('No steps saved yet.')}</p>}
        {d.answers.map((section) => (
          <section key={section.title}>
            <h3>{t(section.title)}</h3>
            <Rows rows={section.rows} />
          </section>
        ))}
      </div>
      <div className="admin-card">
        <h2>{t('Step screenshots')}</h2>
        {d.screenshots.length === 0 ? (
          <p className="muted">{t('No screenshots.')}</p>
        ) : (
          <div className="admin-shots">
            {d.screenshots.map((s) => {
              const src = screenshotUrl(d.id, s.id);
              return (
                <figure key={s.id}>
                  <a href={src} target="_blank" rel="noopener noreferrer">
                    <img src={src} alt={t('Screenshot of {{name}}', { name: s.name })} loading="lazy" />
                  </a>
                  <figcaption>
                    {s.name} · {when(s.created_at)}
                  </figcaption>
                </figure>
              );
            })}
          </div>
        )}
      </div>
    </section>
  );
}

/** Labelled answers as the review shows them (the server words and masks them: modules/admin/enrollment-answers.ts). */
function Rows({ rows }: { rows: [string, string][] }) {
  const { t } = useTranslation();
  if (!rows.length) return <span className="muted">—</span>;
  return (
    <dl className="admin-kv admin-answers">
      {rows.map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt>{t(label)}</dt>
          <dd>{t(value)}</dd>
        </div>
      ))}
    </dl>
  );
}
