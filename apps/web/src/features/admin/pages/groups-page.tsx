import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useForm, Controller } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ZGroupForm } from '@store/domain/admin';
import type { TGroup as Group } from '@store/domain/contract/admin';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from '@store/domain/codes';
import { SelectField, TextAreaField, TextField } from '../../../components/form/fields';
import { applyServerErrors } from '../../../components/form/server-errors';
import { Alert, Spinner } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useGroup, useGroups, useSaveGroup } from '../api';
import { Pager } from '../components/pager';
import { SearchBar } from '../components/search-bar';
import { PortalChecks } from '../components/portal-checks';
import { AccountsPanel } from '../components/accounts-panel';
import { ImageField } from '../components/image-field';

type GroupIn = z.input<typeof ZGroupForm>;
type GroupOut = z.output<typeof ZGroupForm>;

export function GroupsPage() {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [offset, setOffset] = useState(0);
  const list = useGroups({ q, offset, limit: 25 });
  return (
    <section>
      <h1>{t('Groups')}</h1>
      <div className="admin-actions">
        <Link className="btn btn-primary" to="/admin/groups/new">
          {t('Add a group')}
        </Link>
      </div>
      <SearchBar
        label={t('Search groups by name, code, landing url or id')}
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
                <th>{t('Id')}</th>
                <th>{t('Name')}</th>
                <th>{t('Group code')}</th>
                <th>{t('Rep')}</th>
                <th>{t('Landing url')}</th>
                <th>{t('Active')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data?.items.map((g) => (
                <tr key={g.group_id}>
                  <td>{g.group_id}</td>
                  <td>
                    <Link to={`/admin/groups/${g.group_id}`}>{g.gname}</Link>
                  </td>
                  <td>{g.gcode}</td>
                  <td>{g.agent_id ? <Link to={`/admin/agents/${g.agent_id}`}>{g.agent_id}</Link> : '—'}</td>
                  <td>{g.landing_url ?? '—'}</td>
                  <td>{g.active ? t('Yes') : t('No')}</td>
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

export function GroupPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const isNew = id === 'new';
  const group = useGroup(isNew || !id ? null : id);
  if (!isNew && group.isLoading) return <Spinner />;
  if (!isNew && !group.data) return <Alert>{t('Not found')}</Alert>;
  return (
    <section>
      <p>
        <Link to="/admin/groups">{t('All groups')}</Link>
      </p>
      <h1>{isNew ? t('Add a group') : group.data!.gname}</h1>
      <GroupForm key={group.data?.group_id ?? 'new'} group={group.data ?? null} />
      {group.data && <AccountsPanel role="group" groupId={group.data.group_id} accounts={group.data.accounts} />}
    </section>
  );
}

const TEXTS: [keyof GroupIn, string][] = [
  ['gname', 'Group name'],
  ['gcode', 'Group code'],
  ['landing_url', 'Landing url'],
  ['display_name', 'Display name'],
  ['display_phone', 'Display phone'],
  ['display_email', 'Display email'],
  ['display_about_name', 'About name'],
  ['tagline', 'Tagline'],
  ['image_link', 'Image link'],
  ['phone', 'Phone'],
  ['address1', 'Address'],
  ['city', 'City'],
  ['state', 'State'],
  ['zip', 'Zip'],
];

function GroupForm({ group }: { group: Group | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveGroup(group ? group.group_id : null);
  const [formError, setFormError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState, control } = useForm<GroupIn, unknown, GroupOut>({
    resolver: zodResolver(ZGroupForm),
    defaultValues: group ? ({ ...group } as GroupIn) : { active: true, portals: [], show_quotation: 'yes' },
  });
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setMessage(null);
    try {
      const saved = await save.mutateAsync(values);
      setMessage('Group saved.');
      if (!group) navigate(`/admin/groups/${saved.group_id}`);
    } catch (err) {
      setFormError(applyServerErrors(err, setError, ['group_id', 'agent_id', 'portals', 'gweb_aboutus', ...TEXTS.map(([k]) => k)]));
    }
  });
  const e = formState.errors as Record<string, { message?: string } | undefined>;
  const numberOrNull = { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v)) };
  return (
    <form className="admin-card" onSubmit={onSubmit} noValidate>
      <Alert>{formError && t(formError)}</Alert>
      <Alert kind="success">{message && t(message)}</Alert>
      <div className="admin-form">
        <TextField label={t('Group id')} inputMode="numeric" readOnly={!!group} error={e.group_id?.message} {...register('group_id')} />
        <TextField label={t('Rep id')} inputMode="numeric" error={e.agent_id?.message} {...register('agent_id', numberOrNull)} />
        {TEXTS.map(([name, label]) => (
          <TextField key={name} label={t(label)} error={e[name]?.message} {...register(name)} />
        ))}
        <SelectField
          label={t('Personalized quote allowed')}
          options={[
            { value: 'yes', label: 'Yes' },
            { value: 'no', label: 'No' },
          ]}
          {...register('show_quotation')}
        />
        <SelectField
          label={t('Payment method')}
          options={[{ value: '', label: 'Store rule' }, ...PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))]}
          error={e.payment_method?.message}
          {...register('payment_method')}
        />
        {(['logo', 'image', 'banner_image'] as const).map((name) => (
          <Controller
            key={name}
            control={control}
            name={name}
            render={({ field }) => (
              <ImageField
                label={t({ logo: 'Logo', image: 'Image', banner_image: 'Banner image' }[name])}
                name={name}
                value={(field.value as string) ?? ''}
                onChange={field.onChange}
                error={e[name]?.message}
              />
            )}
          />
        ))}
        <div className="wide">
          <TextAreaField label={t('About text')} rows={5} error={e.gweb_aboutus?.message} {...register('gweb_aboutus')} />
        </div>
        <Controller
          control={control}
          name="portals"
          render={({ field }) => <PortalChecks value={(field.value as number[]) ?? []} onChange={field.onChange} />}
        />
        <label className="radio-option">
          <input type="checkbox" {...register('active')} /> {t('Active')}
        </label>
      </div>
      <div className="admin-actions">
        <Button type="submit" busy={formState.isSubmitting}>
          {t('Save group')}
        </Button>
      </div>
    </form>
  );
}
