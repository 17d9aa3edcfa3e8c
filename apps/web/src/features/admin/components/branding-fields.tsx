import { useTranslation } from 'react-i18next';
import { Controller, type Control, type FieldValues, type Path, type UseFormRegister } from 'react-hook-form';
import type { TAgentForm, TGroupForm } from '@store/domain/admin-people';
import { TextAreaField } from '../../../components/form/fields';
import { ImageField } from './image-field';
import { PortalChecks } from './portal-checks';

/** A form's field errors by name, as the console's forms read them. */
export type FieldErrorsByName = Record<string, { message?: string } | undefined>;

/**
 * The display texts a rep and a group share (the `display` fields of ZAgentForm and ZGroupForm), in the forms'
 * order: each form puts them among its own texts.
 */
export const BRANDING_TEXTS: [keyof TAgentForm & keyof TGroupForm, string][] = [
  ['display_name', 'Display name'],
  ['display_phone', 'Display phone'],
  ['display_email', 'Display email'],
  ['display_about_name', 'About name'],
  ['tagline', 'Tagline'],
  ['image_link', 'Image link'],
];

const IMAGES = ['logo', 'image', 'banner_image'] as const;

/**
 * A rep's or group's landing page look and reach: logo, image and banner (each a URL with an upload), the about
 * text (`about`, the schema's name for it), the portals it is offered on, and whether it is active.
 */
export function BrandingFields<T extends FieldValues, O extends FieldValues>({
  control,
  register,
  errors,
  about,
}: {
  control: Control<T, unknown, O>;
  register: UseFormRegister<T>;
  errors: FieldErrorsByName;
  about: Path<T>;
}) {
  const { t } = useTranslation();
  const labels = { logo: t('Logo'), image: t('Image'), banner_image: t('Banner image') };
  return (
    <>
      {IMAGES.map((name) => (
        <Controller
          key={name}
          control={control}
          name={name as Path<T>}
          render={({ field }) => (
            <ImageField
              label={labels[name]}
              name={name}
              value={(field.value as string) ?? ''}
              onChange={field.onChange}
              error={errors[name]?.message}
            />
          )}
        />
      ))}
      <div className="wide">
        <TextAreaField label={t('About text')} rows={5} error={errors[about]?.message} {...register(about)} />
      </div>
      <Controller
        control={control}
        name={'portals' as Path<T>}
        render={({ field }) => <PortalChecks value={(field.value as number[]) ?? []} onChange={field.onChange} />}
      />
      <label className="radio-option">
        <input type="checkbox" {...register('active' as Path<T>)} /> {t('Active')}
      </label>
    </>
  );
}
