import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ZSiteSetting, type TSiteDetail, type TSiteSettingsUpdate } from '@store/domain/admin-sites';
import { TextField } from '../../../components/form/fields';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { useUpdateSiteSettings } from '../api';
import { ImageField } from '../components/image-field';
import { SaveOutcome, useSaveOutcome } from '../components/save-outcome';

const isImageKey = (key: string) => /(image|logo|icon|background)/.test(key);

/**
 * The branding form: every row as shown; rows left without a key are not sent, the others follow the shared
 * ZSiteSetting of ZSiteSettingsUpdate (their messages at the row as shown).
 */
const ZSettingsForm = z
  .object({ settings: z.array(z.object({ key: z.string(), value: z.string() })) })
  .superRefine((v, ctx) => {
    v.settings.forEach((row, i) => {
      if (row.key.trim() === '') return;
      const parsed = ZSiteSetting.safeParse(row);
      if (!parsed.success)
        for (const issue of parsed.error.issues)
          ctx.addIssue({ code: 'custom', path: ['settings', i, ...issue.path], message: issue.message });
    });
  })
  .transform((v): TSiteSettingsUpdate => ({ settings: v.settings.filter((r) => r.key.trim() !== '').map((r) => ZSiteSetting.parse(r)) }));
type SettingsIn = z.input<typeof ZSettingsForm>;

export function SiteSettings({ site }: { site: TSiteDetail }) {
  const { t } = useTranslation();
  const outcome = useSaveOutcome();
  const { setMessage, attempt } = outcome;
  const save = useUpdateSiteSettings(site.id);
  const { register, watch, setValue, getValues, reset, handleSubmit, setError, formState } = useForm<
    SettingsIn,
    unknown,
    TSiteSettingsUpdate
  >({
    resolver: zodResolver(ZSettingsForm),
    defaultValues: { settings: site.settings.map((s) => ({ ...s })) },
    // The error summary takes the focus (its links lead to the fields).
    shouldFocusError: false,
  });
  // Rows by key (react-hook-form's useFieldArray would add to the forms file every enrollment page loads).
  const [keys, setKeys] = useState(() => site.settings.map((_, i) => i));
  const nextKey = useRef(site.settings.length);
  const rows = watch('settings');
  // A saved message goes once the settings change again.
  useEffect(() => {
    const sub = watch(() => setMessage(null));
    return () => sub.unsubscribe();
  }, [watch, setMessage]);
  const addRow = () => {
    reset({ settings: [...getValues('settings'), { key: '', value: '' }] }, { keepSubmitCount: true });
    setKeys([...keys, nextKey.current++]);
  };
  const onSubmit = handleSubmit((body) => {
    // The server numbers the rows it was sent; the form shows every row (those without a key too).
    const shown = getValues('settings').flatMap((r, i) => (r.key.trim() !== '' ? [i] : []));
    return attempt(
      () => save.mutateAsync(body),
      'Branding saved.',
      (err) => {
        const loose: string[] = [];
        for (const fe of err instanceof ApiError ? err.fieldErrors : []) {
          const m = /^settings\.(\d+)\.(key|value)$/.exec(fe.target_element);
          const i = m ? shown[Number(m[1])] : undefined;
          if (m && i !== undefined) setError(`settings.${i}.${m[2] as 'key' | 'value'}`, { type: 'server', message: fe.error_message });
          else loose.push(fe.error_message);
        }
        if (!(err instanceof ApiError && err.fieldErrors.length))
          loose.push(err instanceof Error ? err.message : 'Something went wrong. Please try again.');
        return loose.join(' ') || null;
      },
    );
  });
  const errs = formState.errors.settings;
  const msg = (m?: string) => (m ? t(m) : undefined);
  const values = Object.fromEntries(rows.map((r) => [r.key, r.value]));
  return (
    <div className="admin-split">
      <form className="admin-card" noValidate onSubmit={onSubmit}>
        <h2>{t('Branding settings')}</h2>
        <SaveOutcome outcome={outcome} form={formState} />
        {keys.map((key, i) =>
          isImageKey(rows[i].key) && site.settings.some((s) => s.key === rows[i].key) ? (
            <ImageField
              key={key}
              label={rows[i].key}
              name={`settings.${i}.value`}
              value={rows[i].value}
              onChange={(v) => setValue(`settings.${i}.value`, v, { shouldDirty: true })}
              error={msg(errs?.[i]?.value?.message)}
            />
          ) : (
            <div key={key} className="admin-form">
              <TextField label={t('Key')} error={msg(errs?.[i]?.key?.message)} {...register(`settings.${i}.key`)} />
              <TextField label={rows[i].key || t('Value')} error={msg(errs?.[i]?.value?.message)} {...register(`settings.${i}.value`)} />
            </div>
          ),
        )}
        <div className="admin-actions">
          <Button variant="secondary" onClick={addRow}>
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
