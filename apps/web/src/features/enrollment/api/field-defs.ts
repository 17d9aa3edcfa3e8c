import { useDeferredValue } from 'react';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { TFieldDef } from '@store/domain/enrollment';
import {
  getFormFieldsBeneficiaryInfo,
  getFormFieldsContactInfo,
  getFormFieldsEmployerInfo,
  getFormFieldsPersonalInfo,
} from '@store/domain/contract/enrollment';
import { call } from '../../../lib/api-client';

/** The steps whose form fields the server defines (get-form-fields-<step>). */
const FIELD_DEFS = {
  personal: getFormFieldsPersonalInfo,
  contact: getFormFieldsContactInfo,
  employer: getFormFieldsEmployerInfo,
  beneficiary: getFormFieldsBeneficiaryInfo,
} as const;
export type FieldDefsStep = keyof typeof FIELD_DEFS;

/** Field definitions of a step by field name (required, read-only, value), from the server. */
export type FieldDefs = Record<string, TFieldDef>;

export function byFieldName(list: readonly TFieldDef[] | undefined): FieldDefs {
  const out: FieldDefs = {};
  for (const d of list ?? []) out[d.field_name] = d;
  return out;
}

async function loadFieldDefs(which: FieldDefsStep, enrollmentId: string): Promise<FieldDefs> {
  const r = await call(FIELD_DEFS[which], { query: { enrollment_id: enrollmentId } });
  return byFieldName(r.data?.result);
}

/** Definitions asked for before their step showed (primeFieldDefs): taken once by that step, while fresh. */
const primed = new Map<string, { at: number; defs: Promise<FieldDefs> }>();
const PRIMED_FRESH_MS = 5_000;
const primedKey = (which: FieldDefsStep, enrollmentId: string) => `${which}\n${enrollmentId}`;

/**
 * Starts loading a step's field definitions before the step renders (the wizard's first load knows the step from
 * the address while it still waits for the tabs): the step's own query then takes this answer instead of asking
 * again, one round trip later. Kept a few seconds only: a step shown later asks afresh.
 */
export function primeFieldDefs(which: FieldDefsStep, enrollmentId: string): void {
  const defs = loadFieldDefs(which, enrollmentId);
  defs.catch(() => undefined); // the step's query reports a failure (and asks again)
  primed.set(primedKey(which, enrollmentId), { at: Date.now(), defs });
}

function takePrimed(which: FieldDefsStep, enrollmentId: string): Promise<FieldDefs> | undefined {
  const key = primedKey(which, enrollmentId);
  const hit = primed.get(key);
  primed.delete(key);
  return hit && Date.now() - hit.at < PRIMED_FRESH_MS ? hit.defs : undefined;
}

export const fieldDefsKey = (which: FieldDefsStep, enrollmentId?: string | null) =>
  enrollmentId === undefined ? ['field-defs', which] : ['field-defs', which, enrollmentId];

/**
 * A step's field definitions. Never from an earlier visit's cache (`gcTime` 0: the form takes its first values
 * from them once). The data is handed on as a deferred value: the step's form renders in a background,
 * time-sliced render, not in the blocking one a query's answer causes (a long task on a slow phone).
 */
export function useFieldDefs(which: FieldDefsStep, enrollmentId: string | null) {
  const q = useQuery({
    queryKey: fieldDefsKey(which, enrollmentId),
    enabled: !!enrollmentId,
    staleTime: 0,
    gcTime: 0,
    queryFn: () => takePrimed(which, enrollmentId!) ?? loadFieldDefs(which, enrollmentId!),
  });
  const data = useDeferredValue(q.data);
  return { data, isError: q.isError, error: q.error };
}

/** After a change the step's definitions depend on (the enroller code). */
export const invalidateFieldDefs = (qc: QueryClient, which: FieldDefsStep) => qc.invalidateQueries({ queryKey: fieldDefsKey(which) });

/** Initial form values from field definitions ('' for missing). */
export function valuesFrom(defs: FieldDefs | undefined, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const n of names) {
    const v = defs?.[n]?.value;
    out[n] = v === null || v === undefined ? '' : String(v);
  }
  return out;
}
