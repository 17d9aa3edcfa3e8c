import { Link, useNavigate, useParams } from 'react-router';
import { OpenEnrollmentSetting } from '../components/open-enrollment-setting';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ZGroupForm } from '@store/domain/admin-people';
import type { TGroup as Group } from '@store/domain/contract/admin';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from '@store/domain/codes';
import { SelectField, TextField } from '../../../components/form/fields';
import { applyServerErrors } from '../../../components/form/server-errors';
import { Alert, Spinner } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useGroup, useGroups, useSaveGroup } from '../api';
import { ListPage, PagedTable, useListState } from '../components/paged-list';
import { AccountsPanel } from '../components/accounts-panel';
import { BRANDING_TEXTS, BrandingFields, type FieldErrorsByName } from '../components/branding-fields';
import { SaveOutcome, useSaveOutcome } from '../components/save-outcome';

type GroupIn = z.input<typeof ZGroupForm>;
type GroupOut = z.output<typeof ZGroupForm>;

export function GroupsPage() {
  const { t } = useTranslation();
  const l = useListState();
  const list = useGroups(l.query);
  return (
    <ListPage
      title={t('Groups')}
      actions={
        <Link className="btn btn-primary" to="/admin/groups/new">
          {t('Add a group')}
        </Link>
      }
      search={t('Search groups by name, code, landing url or id')}
      list={l}
    >
      <PagedTable
        list={list}
        onPage={l.setOffset}
        columns={[t('Id'), t('Name'), t('Group code'), t('Rep'), t('Landing url'), t('Active')]}
        row={(g) => (
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
        )}
      />
    </ListPage>
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
      {group.data && <OpenEnrollmentSetting groupId={group.data.group_id} />}
      {group.data && <AccountsPanel role="group" groupId={group.data.group_id} accounts={group.data.accounts} />}
    </section>
  );
}

const TEXTS: [keyof GroupIn, string][] = [
  ['gname', 'Group name'],
  ['gcode', 'Group code'],
  ['landing_url', 'Landing url'],
  ...BRANDING_TEXTS,
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
  const outcome = useSaveOutcome();
  const { attempt } = outcome;
  const { register, handleSubmit, setError, formState, control } = useForm<GroupIn, unknown, GroupOut>({
    resolver: zodResolver(ZGroupForm),
    defaultValues: group ? ({ ...group } as GroupIn) : { active: true, portals: [], show_quotation: 'yes', bill_day: 1 },
    // The error summary takes the focus (its links lead to the fields).
    shouldFocusError: false,
  });
  const onSubmit = handleSubmit((values) =>
    attempt(
      async () => {
        const saved = await save.mutateAsync(values);
        if (!group) navigate(`/admin/groups/${saved.group_id}`);
      },
      'Group saved.',
      (err) =>
        applyServerErrors(err, setError, [
          'group_id',
          'agent_id',
          'portals',
          'gweb_aboutus',
          'enrollment_opens_on',
          'enrollment_closes_on',
          'bill_day',
          'open_enrollment_reminder_days',
          ...TEXTS.map(([k]) => k),
        ]),
    ),
  );
  const e = formState.errors as FieldErrorsByName;
  const numberOrNull = { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v)) };
  return (
    <form className="admin-card" onSubmit={onSubmit} noValidate>
      <SaveOutcome outcome={outcome} form={formState} />
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
        <TextField
          label={t('Bill day')}
          inputMode="numeric"
          hint={t('The day of the month the list bill is made, 1 to 31 (in a shorter month, its last day).')}
          error={e.bill_day?.message}
          {...register('bill_day')}
        />
        <TextField
          type="date"
          label={t('Enrollment opens on')}
          hint={t('Empty: no start date')}
          error={e.enrollment_opens_on?.message}
          {...register('enrollment_opens_on')}
        />
        <TextField
          type="date"
          label={t('Enrollment closes on')}
          hint={t('Empty: no end date')}
          error={e.enrollment_closes_on?.message}
          {...register('enrollment_closes_on')}
        />
        <TextField
          label={t('Open enrollment reminder days')}
          inputMode="numeric"
          hint={t('An active open enrollment reminds who has not chosen this many days before it closes, 1 to 60.')}
          error={e.open_enrollment_reminder_days?.message}
          {...register('open_enrollment_reminder_days')}
        />
        <BrandingFields control={control} register={register} errors={e} about="gweb_aboutus" />
      </div>
      <div className="admin-actions">
        <Button type="submit" busy={formState.isSubmitting}>
          {t('Save group')}
        </Button>
      </div>
    </form>
  );
}
