import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/alert';
import { useChatLeads, useSignupRequests } from '../api';
import { Pager } from '../components/pager';
import { when } from '../components/when';
import { SearchBar } from '../components/search-bar';

/** Leads to follow up: the help chat's conversations and the rep sign-up requests. */
export function LeadsPage() {
  const { t } = useTranslation();
  return (
    <section>
      <h1>{t('Leads')}</h1>
      <ChatLeads />
      <SignupRequests />
    </section>
  );
}

function ChatLeads() {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [offset, setOffset] = useState(0);
  const list = useChatLeads({ q, offset, limit: 10 });
  return (
    <section className="admin-card" aria-labelledby="chat-leads-title">
      <h2 id="chat-leads-title">{t('Help chat')}</h2>
      <SearchBar
        label={t('Search the answers')}
        onSearch={(v) => {
          setQ(v);
          setOffset(0);
        }}
      />
      {list.isLoading ? (
        <Spinner />
      ) : (
        <>
          {list.data?.items.length === 0 && <p className="muted">{t('No conversations.')}</p>}
          <ul className="admin-leads">
            {list.data?.items.map((lead) => (
              <li key={lead.device_id}>
                <article aria-label={t('Conversation of {{when}}', { when: when(lead.updated_at) })}>
                  <p className="muted">
                    {when(lead.updated_at)}
                    {lead.agent_name && (
                      <>
                        {' '}
                        · {t('Rep')}: {lead.agent_name}
                      </>
                    )}
                    {lead.web_url && <> · {lead.web_url}</>}
                  </p>
                  <dl className="admin-lead-answers">
                    {lead.answers.map((a, i) => (
                      <div key={i}>
                        <dt>{t(a.question)}</dt>
                        <dd>{a.answer}</dd>
                      </div>
                    ))}
                  </dl>
                </article>
              </li>
            ))}
          </ul>
        </>
      )}
      {list.data && <Pager total={list.data.total} limit={list.data.limit} offset={list.data.offset} onChange={setOffset} />}
    </section>
  );
}

function SignupRequests() {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [offset, setOffset] = useState(0);
  const list = useSignupRequests({ q, offset, limit: 25 });
  return (
    <section className="admin-card" aria-labelledby="signup-requests-title">
      <h2 id="signup-requests-title">{t('Rep sign-up requests')}</h2>
      <SearchBar
        label={t('Search by name, e-mail or phone')}
        onSearch={(v) => {
          setQ(v);
          setOffset(0);
        }}
      />
      {list.isLoading ? (
        <Spinner />
      ) : (
        <div className="admin-table-wrap" tabIndex={0}>
          <table className="admin-table">
            <thead>
              <tr>
                <th>{t('Received')}</th>
                <th>{t('Name')}</th>
                <th>{t('State')}</th>
                <th>{t('Phone')}</th>
                <th>{t('Email')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data?.items.length === 0 && (
                <tr>
                  <td colSpan={5}>{t('No requests.')}</td>
                </tr>
              )}
              {list.data?.items.map((r) => (
                <tr key={r.id}>
                  <td>{when(r.created_at)}</td>
                  <td>{r.name}</td>
                  <td>{r.state}</td>
                  <td>
                    <a href={`tel:${r.phone}`}>{r.phone}</a>
                  </td>
                  <td>
                    <a href={`mailto:${r.email}`}>{r.email}</a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.data && <Pager total={list.data.total} limit={list.data.limit} offset={list.data.offset} onChange={setOffset} />}
    </section>
  );
}
