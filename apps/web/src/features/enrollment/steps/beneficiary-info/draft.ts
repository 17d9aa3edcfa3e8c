import { BENEFICIARY_RELATIONSHIPS, type TBeneficiaryForm } from '@store/domain/enrollment-beneficiaries';

/** One beneficiary as the step's list keeps it: the form's values (the save request's), the percentage as text. */
export type BeneficiaryRow = TBeneficiaryForm & { beneficiary_percentage: string };

/** What the browser keeps of a beneficiary: never its SSN; whether the SSN was the saved (masked) one the server gave. */
interface KeptBeneficiary {
  beneficiary_id: string;
  first_name: string;
  middle_name: string;
  last_name: string;
  birthdate: string;
  relationship: TBeneficiaryForm['relationship'];
  beneficiary_percentage: string;
  ssn_saved: boolean;
}

const TEXT_FIELDS = ['beneficiary_id', 'first_name', 'middle_name', 'last_name', 'birthdate', 'beneficiary_percentage'] as const;

const isKept = (v: unknown): v is KeptBeneficiary => {
  if (!v || typeof v !== 'object') return false;
  const o = v as Record<string, unknown>;
  return (
    TEXT_FIELDS.every((f) => typeof o[f] === 'string') &&
    (BENEFICIARY_RELATIONSHIPS as readonly unknown[]).concat('').includes(o.relationship) &&
    typeof o.ssn_saved === 'boolean'
  );
};

/**
 * The beneficiary step's draft (decision 2890): the list without the SSNs. A beneficiary saved earlier gets its masked
 * SSN back from the server's list (the server keeps the number it sealed); one added or whose number was changed since
 * comes back without it, and the step asks for it again.
 */
export function beneficiaryDraft(saved: BeneficiaryRow[]) {
  const savedSsn = new Map(saved.filter((b) => b.beneficiary_id).map((b) => [b.beneficiary_id!, b.ssn]));
  return {
    keep: (list: BeneficiaryRow[]): KeptBeneficiary[] =>
      list.map((b) => ({
        beneficiary_id: b.beneficiary_id ?? '',
        first_name: b.first_name,
        middle_name: b.middle_name ?? '',
        last_name: b.last_name,
        birthdate: b.birthdate,
        relationship: b.relationship,
        beneficiary_percentage: b.beneficiary_percentage,
        ssn_saved: !!b.ssn && !!b.beneficiary_id && savedSsn.get(b.beneficiary_id) === b.ssn,
      })),
    restore(kept: unknown): BeneficiaryRow[] | null {
      if (!Array.isArray(kept) || !kept.every(isKept)) return null;
      return kept.map(({ ssn_saved, ...b }) => ({ ...b, ssn: ssn_saved ? (savedSsn.get(b.beneficiary_id) ?? '') : '' }));
    },
  };
}

/** A beneficiary whose SSN the draft did not keep: it must be entered again before the list is saved. */
export const ssnMissing = (b: BeneficiaryRow) => !b.ssn;
