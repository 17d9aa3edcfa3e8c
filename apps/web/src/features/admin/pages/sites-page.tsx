import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ZSiteForm, type TSiteDetail } from '@store/domain/admin-sites';
import { SITE_KINDS } from '@store/domain/codes';
import { SelectField, TextField } from '../../../components/form/fields';
import { applyServerErrors } from '../../../components/form/server-errors';
import { Alert, Spinner } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useCreateSite, useSite, useSites, useUpdateSite } from '../api';
import { ListPage, PagedTable, useListState } from '../components/paged-list';
import { SiteSettings } from './site-settings';
import { SaveOutcome, useSaveOutcome } from '../components/save-outcome';

type SiteFormIn = z.input<typeof ZSiteForm>;
type SiteFormOut = z.output<typeof ZSiteForm>;
const KIND_OPTIONS = SITE_KINDS.map((k) => ({ value: k, label: k }));
const FLAG_OPTIONS = [
  { value: 'true', label: "'true': main site, no external launcher" },
  { value: 'false', label: "'false': external launcher and registration links" },
];

export function SitesPage() {
  const { t } = useTranslation();
  const l = useListState();
  const list = useSites(l.query);
  return (
    <ListPage title={t('Sites')} search={t('Search sites by host or name')} list={l}>
      <PagedTable
        list={list}
        onPage={l.setOffset}
        columns={[t('Host'), t('Name'), t('Kind'), t('Site flag'), t('Active')]}
        row={(s) => (
          <tr key={s.id}>
            <td>
              <Link to={`/admin/sites/${s.id}`}>{s.host}</Link>
            </td>
            <td>{s.name}</td>
            <td>{s.kind}</td>
            <td>{s.site_flag}</td>
            <td>{s.active ? t('Yes') : t('No')}</td>
          </tr>
        )}
      />
      <NewSiteForm />
    </ListPage>
  );
}

function NewSiteForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateSite();
  const outcome = useSaveOutcome();
  const { register, handleSubmit, setError, formState } = useForm<SiteFormIn, unknown, SiteFormOut>({
    resolver: zodResolver(ZSiteForm),
    defaultValues: { kind: 'main', site_flag: 'true', active: true, host: '', name: '' },
    // The error summary takes the focus (its links lead to the fields).
    shouldFocusError: false,
  });
  const onSubmit = handleSubmit((values) =>
    outcome.attempt(
      async () => navigate(`/admin/sites/${(await create.mutateAsync(values)).id}`),
      'Site added.',
      (err) => applyServerErrors(err, setError, ['host', 'kind', 'name', 'site_flag']),
    ),
  );
  return (
    <form className="admin-card" onSubmit={onSubmit} noValidate>
      <h2>{t('Add a site')}</h2>
      <SaveOutcome outcome={outcome} form={formState} />
      <div className="admin-form">
        <TextField label={t('Host')} error={formState.errors.host?.message} {...register('host')} />
        <TextField label={t('Name')} error={formState.errors.name?.message} {...register('name')} />
        <SelectField label={t('Kind')} options={KIND_OPTIONS} {...register('kind')} />
        <SelectField label={t('Site flag')} options={FLAG_OPTIONS} {...register('site_flag')} />
      </div>
      <div className="admin-actions">
        <Button type="submit" busy={formState.isSubmitting}>
          {t('Add site')}
        </Button>
      </div>
    </form>
  );
}

export function SitePage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const site = useSite(id!);
  if (site.isLoading) return <Spinner />;
  if (!site.data) return <Alert>{t('Not found')}</Alert>;
  return (
    <section>
      <p>
        <Link to="/admin/sites">{t('All sites')}</Link>
      </p>
      <h1>{site.data.host}</h1>
      <SiteFields site={site.data} />
      <SiteSettings key={site.data.id} site={site.data} />
    </section>
  );
}

function SiteFields({ site }: { site: TSiteDetail }) {
  const { t } = useTranslation();
  const save = useUpdateSite(site.id);
  const outcome = useSaveOutcome();
  const { attempt } = outcome;
  const { register, handleSubmit, setError, formState } = useForm<SiteFormIn, unknown, SiteFormOut>({
    resolver: zodResolver(ZSiteForm),
    defaultValues: {
      host: site.host,
      kind: site.kind,
      name: site.name,
      site_flag: site.site_flag === 'false' ? 'false' : 'true',
      group_id: site.group_id,
      portal_id: site.portal_id,
      active: site.active,
    },
    // The error summary takes the focus (its links lead to the fields).
    shouldFocusError: false,
  });
  const onSubmit = handleSubmit((values) =>
    attempt(
      () => save.mutateAsync(values),
      'Site saved.',
      (err) => applyServerErrors(err, setError, ['host', 'kind', 'name', 'site_flag', 'group_id', 'portal_id']),
    ),
  );
  const numberOrNull = { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v)) };
  return (
    <form className="admin-card" onSubmit={onSubmit} noValidate>
      <h2>{t('Site')}</h2>
      <SaveOutcome outcome={outcome} form={formState} />
      <div className="admin-form">
        <TextField label={t('Host')} error={formState.errors.host?.message} {...register('host')} />
        <TextField label={t('Name')} error={formState.errors.name?.message} {...register('name')} />
        <SelectField label={t('Kind')} options={KIND_OPTIONS} error={formState.errors.kind?.message} {...register('kind')} />
        <SelectField label={t('Site flag')} options={FLAG_OPTIONS} error={formState.errors.site_flag?.message} {...register('site_flag')} />
        <TextField
          label={t('Group id')}
          inputMode="numeric"
          error={formState.errors.group_id?.message}
          {...register('group_id', numberOrNull)}
        />
        <TextField
          label={t('Portal id')}
          inputMode="numeric"
          error={formState.errors.portal_id?.message}
          {...register('portal_id', numberOrNull)}
        />
        <label className="radio-option">
          <input type="checkbox" {...register('active')} /> {t('Active')}
        </label>
      </div>
      <div className="admin-actions">
        <Button type="submit" busy={formState.isSubmitting}>
          {t('Save site')}
        </Button>
      </div>
    </form>
  );
}
