import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ZSiteForm, type TSiteDetail } from '@store/domain/admin';
import { SITE_KINDS } from '@store/domain/codes';
import { SelectField, TextField } from '../../../components/form/fields';
import { applyServerErrors } from '../../../components/form/server-errors';
import { Alert, Spinner } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { useCreateSite, useSite, useSites, useUpdateSite, useUpdateSiteSettings } from '../api';
import { Pager } from '../components/pager';
import { SearchBar } from '../components/search-bar';
import { ImageField } from '../components/image-field';

type SiteFormIn = z.input<typeof ZSiteForm>;
type SiteFormOut = z.output<typeof ZSiteForm>;
const KIND_OPTIONS = SITE_KINDS.map((k) => ({ value: k, label: k }));
const FLAG_OPTIONS = [
  { value: 'true', label: "'true': main site, no external launcher" },
  { value: 'false', label: "'false': external launcher and registration links" },
];
const isImageKey = (key: string) => /(image|logo|icon|background)/.test(key);

export function SitesPage() {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [offset, setOffset] = useState(0);
  const list = useSites({ q, offset, limit: 25 });
  return (
    <section>
      <h1>{t('Sites')}</h1>
      <SearchBar
        label={t('Search sites by host or name')}
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
                <th>{t('Host')}</th>
                <th>{t('Name')}</th>
                <th>{t('Kind')}</th>
                <th>{t('Site flag')}</th>
                <th>{t('Active')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data?.items.map((s) => (
                <tr key={s.id}>
                  <td>
                    <Link to={`/admin/sites/${s.id}`}>{s.host}</Link>
                  </td>
                  <td>{s.name}</td>
                  <td>{s.kind}</td>
                  <td>{s.site_flag}</td>
                  <td>{s.active ? t('Yes') : t('No')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.data && <Pager total={list.data.total} limit={list.data.limit} offset={list.data.offset} onChange={setOffset} />}
      <NewSiteForm />
    </section>
  );
}

function NewSiteForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateSite();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<SiteFormIn, unknown, SiteFormOut>({
    resolver: zodResolver(ZSiteForm),
    defaultValues: { kind: 'main', site_flag: 'true', active: true, host: '', name: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const site = await create.mutateAsync(values);
      navigate(`/admin/sites/${site.id}`);
    } catch (err) {
      setFormError(applyServerErrors(err, setError, ['host', 'kind', 'name', 'site_flag']));
    }
  });
  return (
    <form className="admin-card" onSubmit={onSubmit} noValidate>
      <h2>{t('Add a site')}</h2>
      <Alert>{formError && t(formError)}</Alert>
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
  const [message, setMessage] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
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
  });
  const onSubmit = handleSubmit(async (values) => {
    setMessage(null);
    setFormError(null);
    try {
      await save.mutateAsync(values);
      setMessage('Site saved.');
    } catch (err) {
      setFormError(applyServerErrors(err, setError, ['host', 'kind', 'name', 'site_flag', 'group_id', 'portal_id']));
    }
  });
  const numberOrNull = { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v)) };
  return (
    <form className="admin-card" onSubmit={onSubmit} noValidate>
      <h2>{t('Site')}</h2>
      <Alert>{formError && t(formError)}</Alert>
      <Alert kind="success">{message && t(message)}</Alert>
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

function SiteSettings({ site }: { site: TSiteDetail }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState(site.settings.map((s) => ({ ...s })));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const save = useUpdateSiteSettings(site.id);
  useEffect(() => setMessage(null), [rows]);
  const set = (i: number, patch: Partial<{ key: string; value: string }>) =>
    setRows((r) => r.map((row, j) => (j === i ? { ...row, ...patch } : row)));
  const values = Object.fromEntries(rows.map((r) => [r.key, r.value]));
  return (
    <div className="admin-split">
      <form
        className="admin-card"
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          setErrors({});
          setFormError(null);
          try {
            await save.mutateAsync({ settings: rows.filter((r) => r.key.trim() !== '') });
            setMessage('Branding saved.');
          } catch (err) {
            if (err instanceof ApiError && err.fieldErrors.length)
              setErrors(Object.fromEntries(err.fieldErrors.map((f) => [f.target_element, f.error_message])));
            else setFormError(err instanceof Error ? err.message : 'Something went wrong. Please try again.');
          }
        }}
      >
        <h2>{t('Branding settings')}</h2>
        <Alert>{formError && t(formError)}</Alert>
        <Alert kind="success">{message && t(message)}</Alert>
        {rows.map((row, i) =>
          isImageKey(row.key) && site.settings.some((s) => s.key === row.key) ? (
            <ImageField
              key={i}
              label={row.key}
              name={`settings.${i}.value`}
              value={row.value}
              onChange={(v) => set(i, { value: v })}
              error={errors[`settings.${i}.value`]}
            />
          ) : (
            <div key={i} className="admin-form">
              <TextField
                label={t('Key')}
                name={`settings.${i}.key`}
                value={row.key}
                onChange={(e) => set(i, { key: e.target.value })}
                error={errors[`settings.${i}.key`]}
              />
              <TextField
                label={row.key || t('Value')}
                name={`settings.${i}.value`}
                value={row.value}
                onChange={(e) => set(i, { value: e.target.value })}
                error={errors[`settings.${i}.value`]}
              />
            </div>
          ),
        )}
        <div className="admin-actions">
          <Button variant="secondary" onClick={() => setRows((r) => [...r, { key: '', value: '' }])}>
            {t('Add setting')}
          </Button>
          <Button type="submit" busy={save.isPending}>
            {t('Save branding')}
          </Button>
        </div>
      </form>
      <div className="admin-card">
        <h2>{t('Landing page preview')}</h2>
        <LandingPreview name={values.site_name ?? site.name} settings={values} />
        <p className="muted">
          <a href={`//${site.host}${window.location.port ? `:${window.location.port}` : ''}/`} target="_blank" rel="noopener noreferrer">
            {t('Open the live landing page')}
          </a>
        </p>
      </div>
    </div>
  );
}

/** A rendered preview of the landing page's header and hero with the settings being edited. */
function LandingPreview({ name, settings }: { name: string; settings: Record<string, string> }) {
  return (
    <div
      className="admin-preview"
      data-testid="landing-preview"
      style={{ ['--preview-color' as string]: settings.theme_color || undefined }}
    >
      <div className="admin-preview-header">
        {settings.logo && <img src={settings.logo} alt={name} />}
        <strong>{name}</strong>
      </div>
      <div
        className="admin-preview-hero"
        style={{
          backgroundImage: settings.banner_image ? `url(${settings.banner_image})` : undefined,
          backgroundColor: settings.theme_color || '#334155',
        }}
      >
        <h3>{name}</h3>
      </div>
    </div>
  );
}
