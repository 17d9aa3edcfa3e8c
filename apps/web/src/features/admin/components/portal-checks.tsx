import { useTranslation } from 'react-i18next';
import { usePortals } from '../api';

/** Which portals a rep or group has: one checkbox per portal. */
export function PortalChecks({ value, onChange }: { value: number[]; onChange: (v: number[]) => void }) {
  const { t } = useTranslation();
  const portals = usePortals({ limit: 100 });
  return (
    <fieldset className="field wide">
      <legend className="field-label">{t('Portals')}</legend>
      <div className="admin-checks">
        {portals.data?.items.map((p) => (
          <label key={p.platform_group_id}>
            <input
              type="checkbox"
              checked={value.includes(p.platform_group_id)}
              onChange={(e) =>
                onChange(e.target.checked ? [...value, p.platform_group_id] : value.filter((v) => v !== p.platform_group_id))
              }
            />
            {p.platform_name} ({p.platform_code})
          </label>
        ))}
      </div>
    </fieldset>
  );
}
