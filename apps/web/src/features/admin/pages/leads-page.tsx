import { useTranslation } from 'react-i18next';
import { useChatLeads, useSignupRequests } from '../api';
import { when } from '../components/when';
import { ListSearch, PagedList, PagedTable, useListState } from '../components/paged-list';

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
  const l = useListState(10);
  const list = useChatLeads(l.query);
  return (
    <section className="admin-card" aria-labelledby="chat-leads-title">
      <h2 id="chat-leads-title">{t('Help chat')}</h2>
      <ListSearch label={t('Search the answers')} list={l} />
      <PagedList list={list} onPage={l.setOffset}>
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
      </PagedList>
    </section>
  );
}

function SignupRequests() {
  const { t } = useTranslation();
  const l = useListState();
  const list = useSignupRequests(l.query);
  return (
    <section className="admin-card" aria-labelledby="signup-requests-title">
      <h2 id="signup-requests-title">{t('Rep sign-up requests')}</h2>
      <ListSearch label={t('Search by name, e-mail or phone')} list={l} />
      <PagedTable
        list={list}
        onPage={l.setOffset}
        columns={[t('Received'), t('Name'), t('State'), t('Phone'), t('Email')]}
        empty={t('No requests.')}
        row={(r) => (
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
        )}
      />
    </section>
  );
}
