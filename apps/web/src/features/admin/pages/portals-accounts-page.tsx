import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ZPortalForm } from '@store/domain/admin-people';
import type { ACCOUNT_ROLES, TPortalRow } from '@store/domain/contract/admin';
import { TextField } from '../../../components/form/fields';
import { applyServerErrors } from '../../../components/form/server-errors';
import { Button } from '../../../components/ui/button';
import { useAccounts, usePortals, useSavePortal } from '../api';
import { ListPage, PagedList, PagedTable, useListState } from '../components/paged-list';
import { AccountsPanel } from '../components/accounts-panel';
import { SaveOutcome, useSaveOutcome } from '../components/save-outcome';

type PortalIn = z.input<typeof ZPortalForm>;
type PortalOut = z.output<typeof ZPortalForm>;
type Portal = TPortalRow;

export function PortalsPage() {
  const { t } = useTranslation();
  const l = useListState();
  const list = usePortals(l.query);
  return (
    <ListPage title={t('Portals')} search={t('Search portals by name or code')} list={l}>
      <PagedList list={list} onPage={l.setOffset}>
        {list.data?.items.map((p) => (
          <PortalForm key={p.platform_group_id} portal={p} />
        ))}
      </PagedList>
      <h2>{t('Add a portal')}</h2>
      <PortalForm portal={null} />
    </ListPage>
  );
}

function PortalForm({ portal }: { portal: Portal | null }) {
  const { t } = useTranslation();
  const save = useSavePortal(portal ? portal.platform_group_id : null);
  const outcome = useSaveOutcome();
  const { attempt } = outcome;
  const { register, handleSubmit, setError, formState, reset } = useForm<PortalIn, unknown, PortalOut>({
    resolver: zodResolver(ZPortalForm),
    defaultValues: portal ?? { active: true },
    // The error summary takes the focus (its links lead to the fields).
    shouldFocusError: false,
  });
  const onSubmit = handleSubmit((values) =>
    attempt(
      async () => {
        await save.mutateAsync(values);
        if (!portal) reset({ active: true });
      },
      'Portal saved.',
      (err) => applyServerErrors(err, setError, ['platform_group_id', 'platform_name', 'platform_code']),
    ),
  );
  return (
    <form className="admin-card" onSubmit={onSubmit} noValidate aria-label={portal ? portal.platform_name : t('Add a portal')}>
      <SaveOutcome outcome={outcome} form={formState} />
      <div className="admin-form">
        <TextField
          label={t('Portal id')}
          inputMode="numeric"
          readOnly={!!portal}
          error={formState.errors.platform_group_id?.message}
          {...register('platform_group_id')}
        />
        <TextField label={t('Portal name')} error={formState.errors.platform_name?.message} {...register('platform_name')} />
        <TextField label={t('Portal code')} error={formState.errors.platform_code?.message} {...register('platform_code')} />
        <label className="radio-option">
          <input type="checkbox" {...register('active')} /> {t('Active')}
        </label>
      </div>
      <div className="admin-actions">
        <Button type="submit" busy={formState.isSubmitting}>
          {portal ? t('Save portal') : t('Add portal')}
        </Button>
      </div>
    </form>
  );
}

const ROLE_OPTIONS = [
  { value: '', label: 'All roles' },
  { value: 'operator', label: 'Operator' },
  { value: 'rep', label: 'Rep' },
  { value: 'group', label: 'Group' },
  { value: 'member', label: 'Member' },
];

export function AccountsPage() {
  const { t } = useTranslation();
  const l = useListState<(typeof ACCOUNT_ROLES)[number]>();
  const list = useAccounts({ ...l.query, role: l.filter || undefined });
  const operators = useAccounts({ role: 'operator', limit: 100 });
  return (
    <ListPage
      title={t('Accounts')}
      search={t('Search accounts by e-mail')}
      list={l}
      filter={{ label: t('Role'), name: 'role', options: ROLE_OPTIONS }}
    >
      <PagedTable
        list={list}
        onPage={l.setOffset}
        columns={[t('Email'), t('Role'), t('Rep'), t('Group'), t('Active')]}
        row={(a) => (
          <tr key={a.id}>
            <td>{a.email}</td>
            <td>{a.role}</td>
            <td>{a.agent_id ? <Link to={`/admin/agents/${a.agent_id}`}>{a.agent_id}</Link> : '—'}</td>
            <td>{a.group_id ? <Link to={`/admin/groups/${a.group_id}`}>{a.group_id}</Link> : '—'}</td>
            <td>{a.active ? t('Yes') : t('No')}</td>
          </tr>
        )}
      />
      <p className="muted">{t('Rep and group accounts are managed on the rep or group page.')}</p>
      {operators.data && <AccountsPanel role="operator" accounts={operators.data.items} />}
    </ListPage>
  );
}
