import { TIERS } from '@store/domain/codes';

export const TIER_OPTIONS = TIERS.map((t) => ({ value: t.code, label: t.code }));
export const SMOKER_OPTIONS = [
  { value: '', label: 'Any' },
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];
