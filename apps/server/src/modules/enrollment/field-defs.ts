import { z } from 'zod';
import { ZFieldDef, type TFieldDef } from '@store/domain/enrollment';
import { responses } from '../../lib/http.ts';

/** Field definitions of a step: [name, required, read_only], with the saved (visible) values. */
export function fieldDefs(spec: [string, boolean, boolean?][], values: Record<string, unknown> | null): TFieldDef[] {
  return spec.map(([field_name, required, read_only]) => ({
    field_name,
    required,
    read_only: !!read_only,
    value: values?.[field_name] ?? '',
  }));
}
export const fieldDefsResponse = responses(z.object({ result: z.array(ZFieldDef) }));
