import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ZAgentForm, type TAgent } from '@store/domain/admin-people';
import { TextField } from '../../../components/form/fields';
import { applyServerErrors } from '../../../components/form/server-errors';
import { Alert, Spinner } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useAgent, useAgents, useSaveAgent } from '../api';
import { ListPage, PagedTable, useListState } from '../components/paged-list';
import { AccountsPanel } from '../components/accounts-panel';
import { BRANDING_TEXTS, BrandingFields, type FieldErrorsByName } from '../components/branding-fields';
import { SaveOutcome, useSaveOutcome } from '../components/save-outcome';
import { RepLicensingPanel } from '../components/rep-licensing-panel';
import { RepHierarchyPanel } from '../components/rep-hierarchy-panel';
import { LicenseCsvImport } from '../components/license-csv-import';

type AgentIn = z.input<typeof ZAgentForm>;
type AgentOut = z.output<typeof ZAgentForm>;

export function AgentsPage() {
  const { t } = useTranslation();
  const l = useListState();
  const list = useAgents(l.query);
  return (
    <ListPage
      title={t('Reps')}
      actions={
        <Link className="btn btn-primary" to="/admin/agents/new">
          {t('Add a rep')}
        </Link>
      }
      search={t('Search reps by name, code, landing url or id')}
      list={l}
    >
      <PagedTable
        list={list}
        onPage={l.setOffset}
        columns={[t('Id'), t('Name'), t('Agent code'), t('Landing url'), t('Active')]}
        row={(a) => (
          <tr key={a.agent_id}>
            <td>{a.agent_id}</td>
            <td>
              <Link to={`/admin/agents/${a.agent_id}`}>
                {a.first_name} {a.last_name}
              </Link>
            </td>
            <td>{a.agent_code}</td>
            <td>{a.landing_url ?? '—'}</td>
            <td>{a.active ? t('Yes') : t('No')}</td>
          </tr>
        )}
      />
      <LicenseCsvImport />
    </ListPage>
  );
}

export function AgentPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const isNew = id === 'new';
  const agent = useAgent(isNew || !id ? null : id);
  if (!isNew && agent.isLoading) return <Spinner />;
  if (!isNew && !agent.data) return <Alert>{t('Not found')}</Alert>;
  return (
    <section>
      <p>
        <Link to="/admin/agents">{t('All reps')}</Link>
      </p>
      <h1>{isNew ? t('Add a rep') : `${agent.data!.first_name} ${agent.data!.last_name}`}</h1>
      <AgentForm key={agent.data?.agent_id ?? 'new'} agent={agent.data ?? null} />
      {agent.data && (
        <>
          <div className="admin-card">
            <h2>{t('Groups of this rep')}</h2>
            {agent.data.groups.length === 0 ? (
              <p className="muted">{t('No groups.')}</p>
            ) : (
              <ul>
                {agent.data.groups.map((g) => (
                  <li key={g.group_id}>
                    <Link to={`/admin/groups/${g.group_id}`}>
                      {g.gname} ({g.group_id})
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <RepLicensingPanel agentId={agent.data.agent_id} />
          <RepHierarchyPanel agentId={agent.data.agent_id} />
          <AccountsPanel role="rep" agentId={agent.data.agent_id} accounts={agent.data.accounts} />
        </>
      )}
    </section>
  );
}

const TEXTS: [keyof AgentIn, string][] = [
  ['first_name', 'First name'],
  ['middle_name', 'Middle name'],
  ['last_name', 'Last name'],
  ['agent_code', 'Agent code'],
  ['landing_url', 'Landing url'],
  ['email', 'Email'],
  ['phone', 'Phone'],
  ...BRANDING_TEXTS,
];

function AgentForm({ agent }: { agent: TAgent | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveAgent(agent ? agent.agent_id : null);
  const outcome = useSaveOutcome();
  const { attempt } = outcome;
  const { register, handleSubmit, setError, formState, control } = useForm<AgentIn, unknown, AgentOut>({
    resolver: zodResolver(ZAgentForm),
    defaultValues: agent ? ({ ...agent } as AgentIn) : { active: true, portals: [] },
    // The error summary takes the focus (its links lead to the fields).
    shouldFocusError: false,
  });
  const onSubmit = handleSubmit((values) =>
    attempt(
      async () => {
        const saved = await save.mutateAsync(values);
        if (!agent) navigate(`/admin/agents/${saved.agent_id}`);
      },
      'Rep saved.',
      (err) => applyServerErrors(err, setError, ['agent_id', 'portals', ...TEXTS.map(([k]) => k), 'agent_bio']),
    ),
  );
  const e = formState.errors as FieldErrorsByName;
  return (
    <form className="admin-card" onSubmit={onSubmit} noValidate>
      <SaveOutcome outcome={outcome} form={formState} />
      <div className="admin-form">
        <TextField label={t('Rep id')} inputMode="numeric" readOnly={!!agent} error={e.agent_id?.message} {...register('agent_id')} />
        {TEXTS.map(([name, label]) => (
          <TextField key={name} label={t(label)} error={e[name]?.message} {...register(name)} />
        ))}
        <BrandingFields control={control} register={register} errors={e} about="agent_bio" />
      </div>
      <div className="admin-actions">
        <Button type="submit" busy={formState.isSubmitting}>
          {t('Save rep')}
        </Button>
      </div>
    </form>
  );
}
