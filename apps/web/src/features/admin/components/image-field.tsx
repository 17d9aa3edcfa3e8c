import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaUrl } from '@store/domain/media';
import { ApiError } from '../../../lib/api-client';
import { uploadImage } from '../api';

/** A URL field with an image upload beside it (PNG, JPEG, WebP or SVG; checked by the server). */
export function ImageField({
  label,
  name,
  value,
  onChange,
  error,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (url: string) => void;
  error?: string | null;
}) {
  const { t } = useTranslation();
  const id = useId().replace(/:/g, '');
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const shown = uploadError ?? error;
  const preview = mediaUrl(value);
  return (
    <div className={`field admin-image-field ${shown ? 'field-invalid' : ''}`}>
      <label className="field-label" htmlFor={`${id}-url`}>
        {label}
      </label>
      <div className="admin-image-row">
        {preview && <img src={preview} alt="" className="admin-thumb" />}
        <input
          id={`${id}-url`}
          name={name}
          className="input"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-describedby={shown ? `${name}_message` : undefined}
        />
      </div>
      <label className="field-label admin-upload-label" htmlFor={`${id}-file`}>
        {t('Upload image for {{label}}', { label })}
      </label>
      <input
        id={`${id}-file`}
        type="file"
        accept="image/png,image/jpeg,image/webp,image/svg+xml"
        disabled={busy}
        onChange={async (e) => {
          const file = e.target.files?.[0];
          if (!file) return;
          setUploadError(null);
          setBusy(true);
          try {
            const r = await uploadImage(file);
            onChange(r.url);
          } catch (err) {
            setUploadError(err instanceof ApiError ? (err.fieldErrors[0]?.error_message ?? err.message) : 'The file could not be read.');
          } finally {
            setBusy(false);
            e.target.value = '';
          }
        }}
      />
      {shown && (
        <div id={`${name}_message`} className="field-error" role="alert">
          {t(shown)}
        </div>
      )}
    </div>
  );
}
