import { TIERS } from '@store/domain/codes';
import {
  GENDER_LABELS,
  SECTIONS,
  agreementRows,
  beneficiaryRows,
  billingRows,
  contactRows,
  dependentRows,
  employerRows,
  personalRows,
  type DependentAnswers,
  type Row,
} from '@store/domain/review-rows';

type Obj = Record<string, unknown>;
export interface AnswerSection {
  title: string;
  rows: Row[];
}

/** Labels whose values are sensitive numbers: last four digits only, whatever the masked tabs hold. */
const SENSITIVE = new Set(['SSN', 'Account Number', 'Routing Number', 'Card Number']);
const lastFour = (v: string) => v.replace(/\d(?=(?:\D*\d){4})/g, '•');
const masked = ([label, value]: Row): Row => [label, SENSITIVE.has(label) || /\bSSN\b/.test(value) ? lastFour(value) : value];
const obj = (v: unknown): Obj | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : null);

/**
 * An enrollment's saved steps as the review shows them (issue 37): the review's section titles, labels and words for
 * codes (packages/domain review-rows), numbers masked, from the operator's masked tabs. Health answers stay sealed:
 * the section says they were saved, and the signed application prints them.
 */
export function answersOf(tabs: Obj): AnswerSection[] {
  const title = (tab: string) => SECTIONS.find((x) => x.tab === tab)!.title;
  const out: AnswerSection[] = [];
  const add = (t: string, rows: Row[]) => {
    const shown = rows.filter(([, v]) => v !== '' && v !== '[hidden]').map(masked);
    if (shown.length) out.push({ title: t, rows: shown });
  };
  const tab = (key: string) => obj(tabs[key]);
  if (tab('primary_info')) add(title('primary_info'), personalRows(tab('primary_info')!));
  if (tab('contact_info')) add(title('contact_info'), contactRows(tab('contact_info')!));
  if (tab('employer_info')) add(title('employer_info'), employerRows(tab('employer_info')!));
  if (tab('benificiary_info')) add(title('beneficiary_info'), beneficiaryRows(tab('benificiary_info')!));
  if (tabs.health_info) add(title('primary_health_info'), [['Answers', 'Saved, sealed: see the signed application']]);
  const dependents = Array.isArray(tabs.dependent_info) ? tabs.dependent_info : (obj(tabs.dependent_info)?.dependents ?? null);
  if (Array.isArray(dependents))
    add(title('dependent_info'), dependentRows(dependents.filter((d): d is DependentAnswers => !!obj(obj(d)?.primary_info))));
  if (tab('payment_info')) add(title('billing_info'), billingRows(tab('payment_info')!));
  if (tab('aggrement_info')) add(title('agreement_info'), agreementRows(tab('aggrement_info')!));
  const notes = tab('review_info')?.additional_notes;
  if (typeof notes === 'string' && notes) add('Review & Confirmation', [['Additional Notes', notes]]);
  return out;
}

/** The quote's filter in words: zip, birth date, gender, tier, tobacco (the raw filter has codes such as "gender 1"). */
export function quoteRows(filter: Obj): Row[] {
  const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  const tier = TIERS.find((x) => x.code === s(filter.tier))?.label ?? s(filter.tier);
  const smoker = s(filter.is_smoker ?? filter.tobacco);
  const rows: Row[] = [
    ['Zip', s(filter.zip)],
    ['Birthdate', s(filter.dob)],
    ['Gender', GENDER_LABELS[s(filter.gender)] ?? s(filter.gender)],
    ['Coverage', tier],
    ['Tobacco', smoker === '1' ? 'Yes' : smoker === '0' ? 'No' : smoker],
  ];
  return rows.filter(([, v]) => v !== '');
}
