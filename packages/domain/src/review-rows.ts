import type { TabName } from './codes.ts';
import { MARITAL_STATUSES, PAYMENT_METHOD_LABELS, type PaymentMethod } from './codes.ts';
import { COMPENSATION_TYPES, EMPLOYMENT_STATUSES, HOLIDAY_FLAGS } from './enrollment-employer.ts';
import { billDateLabel } from './billing.ts';

/**
 * The review cards and the rows of their answers (enrollment.md 2.9): the review step shows them and the signed
 * application prints them (issue 22), the same labels and the same codes turned into words.
 */
export type Row = [label: string, value: string];
type Obj = Record<string, unknown>;
const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));

export const SECTIONS: { tab: TabName; title: string; column?: string }[] = [
  { tab: 'primary_info', title: 'Personal Info', column: 'primary_info' },
  { tab: 'contact_info', title: 'Contact Info', column: 'contact_info' },
  { tab: 'employer_info', title: 'Employer Info', column: 'employer_info' },
  { tab: 'beneficiary_info', title: 'Beneficiary Info', column: 'benificiary_info' },
  { tab: 'primary_health_info', title: 'Health Questions' },
  { tab: 'dependent_info', title: 'Dependent Info' },
  { tab: 'billing_info', title: 'Billing Info', column: 'payment_info' },
  { tab: 'agreement_info', title: 'Agreement & Signature', column: 'aggrement_info' },
];

/**
 * Answers the review shows without a Change link (issue 37): the quote's gender and birthdate, which the price was
 * rated on and the personal step shows read-only.
 */
export const LOCKED_ROWS: Partial<Record<TabName, readonly string[]>> = { primary_info: ['Gender', 'Birthdate'] };
export const LOCKED_ROW_NOTE = 'From your quote';

export const GENDER_LABELS: Record<string, string> = { '0': 'Male', '1': 'Female', '2': 'Others' };
export const maritalLabel = (v: unknown) => MARITAL_STATUSES.find((m) => m.code === s(v))?.label ?? s(v);
export const compensationLabel = (v: unknown) => COMPENSATION_TYPES.find((c) => c.value === s(v))?.name ?? s(v);
export const employmentStatusLabel = (v: unknown) => EMPLOYMENT_STATUSES.find((c) => c.value === s(v))?.name ?? s(v);
export const HOLIDAY_LABELS: Record<string, string> = {
  Standard_6: 'Standard 6',
  Presendents_Day: "Presidents' Day",
  Columbus_Day: 'Columbus Day',
  Religious_Days: 'Religious Days',
  Birthday: 'Birthday',
  Floating_Day: 'Floating Day',
};

export function personalRows(p: Obj): Row[] {
  return [
    ['First Name', s(p.first_name)],
    ['Middle Name', s(p.middle_name)],
    ['Last Name', s(p.last_name)],
    ['Gender', GENDER_LABELS[s(p.gender)] ?? s(p.gender)],
    ['Height', p.height_feet ? `${s(p.height_feet)} ft ${s(p.height_inch) || 0} in` : ''],
    ['Weight', p.weight ? `${s(p.weight)} lbs` : ''],
    ['Birthdate', s(p.birthdate)],
    ['SSN', s(p.ssn)],
    ['Marital Status', maritalLabel(p.marital_status)],
    ['Prior Carrier Name', s(p.prior_carrier_name)],
    ['Prior Effective Date', s(p.prior_effective_date)],
    ['Prior Term Date', s(p.prior_term_date)],
  ];
}

export function contactRows(c: Obj): Row[] {
  return [
    ['Email', s(c.email_address)],
    ['Contact Number', s(c.phone_number)],
    ['Street Address 1', s(c.address1)],
    ['Street Address 2', s(c.address2)],
    ['City', s(c.city)],
    ['State', s(c.state)],
    ['Zip', s(c.zip)],
    ['Birth State', s(c.birth_state)],
    ['Birth City', s(c.birth_city)],
  ];
}

export function employerRows(e: Obj): Row[] {
  const flags = (e.holiday_policy ?? {}) as Obj;
  return [
    ['Employer Name', s(e.name)],
    ['Phone', s(e.phone)],
    ['Address', [s(e.address1), s(e.address2)].filter(Boolean).join(', ')],
    ['City', s(e.city)],
    ['State', s(e.state)],
    ['Zip', s(e.zip)],
    ['Average Work Week', s(e.average_work_week)],
    ['Employment Start Date', s(e.employment_start_date)],
    ['Occupation', s(e.occupation)],
    ['Compensation Type', compensationLabel(e.compensation_type)],
    ['Employment Status', employmentStatusLabel(e.employment_status)],
    ['Employer Industry', s(e.emp_industry)],
    ['Number of Employees', s(e.emp_num_employed)],
    ['Vacation Policy', s(e.emp_vac_policy)],
    ['Bargaining Unit', s(e.emp_barg_unit)],
    [
      'Holiday Policy',
      HOLIDAY_FLAGS.filter((f) => Number(flags[f]) === 1)
        .map((f) => HOLIDAY_LABELS[f])
        .join(', '),
    ],
  ];
}

export function beneficiaryRows(b: Obj): Row[] {
  const list = (b.beneficiaries ?? []) as Obj[];
  return list.map((x, i) => [
    `Beneficiary #${i + 1}`,
    `${s(x.first_name)} ${s(x.last_name)}, ${s(x.relationship)}, ${s(x.beneficiary_percentage)}%, SSN ${s(x.ssn)}`,
  ]);
}

export function billingRows(p: Obj): Row[] {
  const method = s(p.payment_method) as PaymentMethod;
  const rows: Row[] = [['Payment Method', PAYMENT_METHOD_LABELS[method] ?? method]];
  if (method === 'cc')
    rows.push(
      ['First Name on Card', s(p.first_name_on_cc)],
      ['Last Name on Card', s(p.last_name_on_cc)],
      ['Card Number', s(p.card_number)],
      ['Expiration', `${s(p.expiration_month)}/${s(p.expiration_year)}`],
      ['Address', [s(p.address1), s(p.address2), s(p.city), s(p.state), s(p.zip)].filter(Boolean).join(', ')],
    );
  if (method === 'eft')
    rows.push(
      ['Account Holder Name', s(p.account_name)],
      ['Account Number', s(p.account_number)],
      ['Routing Number', s(p.routing_number)],
      ['Bank Name', s(p.bank_name)],
      ['Account Type', s(p.account_type)],
      ['Account Holder Type', s(p.account_holder_type)],
    );
  if (p.bill_date) rows.push(['Bill Date', billDateLabel(Number(p.bill_date))]);
  return rows;
}

export function agreementRows(a: Obj): Row[] {
  return [
    ['Date', s(a.date)],
    ['Broker Name', s(a.agent_name)],
    ['Group Name', s(a.group_name)],
    ['Applicant Name', s(a.user_name)],
    ['Signature', a.signed ? 'Signed' : ''],
  ];
}

/** The health questions as answered: each question's text word for word, Yes or No; the notes. */
export interface HealthAnswers {
  codition_questions?: { question_text: unknown; yes_no_flag?: unknown }[];
  medication_question?: { question_text: unknown; yes_no_flag?: unknown } | null;
  notes?: string | null;
}
const yesNo = (flag: unknown) => (Number(flag) === 1 ? 'Yes' : 'No');
export function healthRows(h: HealthAnswers | null | undefined): Row[] {
  return [
    ...(h?.codition_questions ?? []).map((q): Row => [s(q.question_text), yesNo(q.yes_no_flag)]),
    ...(h?.medication_question ? [[s(h.medication_question.question_text), yesNo(h.medication_question.yes_no_flag)] as Row] : []),
    ['Additional Notes', s(h?.notes)],
  ];
}

/** The dependents: Spouse or Child #n, name, birth date, masked SSN. */
export interface DependentAnswers {
  primary_info: { relationship?: unknown; first_name?: unknown; last_name?: unknown; birthdate?: unknown; ssn?: unknown };
}
export function dependentRows(list: readonly DependentAnswers[]): Row[] {
  return list.map((d, i): Row => [
    `${d.primary_info.relationship === 'spouse' ? 'Spouse' : 'Child'} #${i + 1}`,
    `${s(d.primary_info.first_name)} ${s(d.primary_info.last_name)}, ${s(d.primary_info.birthdate)}, SSN ${s(d.primary_info.ssn)}`,
  ]);
}
