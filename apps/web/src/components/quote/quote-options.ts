import { GENDERS, TIERS } from '@store/domain/codes';
import { TEXT } from '@store/domain/texts';

/** Options of the quote fields (labels are i18n keys). */
export const GENDER_OPTIONS = GENDERS.map((g) => ({ value: g.code, label: g.label }));
export const TIER_OPTIONS = TIERS.map((t) => ({ value: t.code, label: t.label }));
export const SMOKER_OPTIONS = [
  { value: '1', label: 'Yes' },
  { value: '0', label: 'No' },
];
export const genderLabel = (code: string | null | undefined) => GENDERS.find((g) => g.code === String(code ?? ''))?.label ?? '';
/** Tier label; with a premier plan in the cart IC reads 'Member + 1 Child'. */
export const tierLabel = (code: string | null | undefined, premier = false) =>
  premier && code === 'IC' ? TEXT.MEMBER_PLUS_ONE_CHILD : (TIERS.find((t) => t.code === code)?.label ?? code ?? '');
export const tierOptions = (premier: boolean) => TIERS.map((t) => ({ value: t.code, label: tierLabel(t.code, premier) }));

/** First message per field of a zod safeParse failure. */
export function firstErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of issues) {
    const k = String(i.path[0] ?? 'form');
    out[k] ??= i.message;
  }
  return out;
}
