import type { TFieldDef, TFieldValue } from '@store/domain/enrollment';

/** Field definitions of a step: [name, required, read_only], with the saved (visible) values. */
export function fieldDefs(spec: [string, boolean, boolean?][], values: Record<string, TFieldValue | undefined> | null): TFieldDef[] {
  return spec.map(([field_name, required, read_only]) => ({
    field_name,
    required,
    read_only: !!read_only,
    value: values?.[field_name] ?? '',
  }));
}
