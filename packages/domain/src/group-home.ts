import { z } from 'zod';
import { PATTERNS } from './validation.ts';
import { ageOn, todayIso, usToIso } from './dates.ts';
import { WINDOW_TEXT } from './group-window.ts';

export * from './group-window.ts';

/**
 * The group administrator's home (issue 24): the employees of the group with their enrollment status, the
 * group's open-enrollment window, the census upload and the reminders. Pure rules and schemas; the contract is
 * contract/group-home.ts. See docs/decisions/1860-group-home.md.
 */

/* ---------- the employees' status ---------- */

/**
 * How an employee's status is derived, first match wins:
 * - enrolled: a completed enrollment of the group carries the employee's e-mail;
 * - waived: the group administrator marked the employee as declining coverage;
 * - in progress: an enrollment of the group that is not completed carries the employee's e-mail;
 * - invited: an invitation or a reminder has been queued for the employee (and none of the above);
 * - not started: on the census, nothing mailed yet and no enrollment.
 */
export const EMPLOYEE_STATUSES = ['invited', 'not_started', 'in_progress', 'enrolled', 'waived'] as const;
export type TEmployeeStatus = (typeof EMPLOYEE_STATUSES)[number];
export const EMPLOYEE_STATUS_LABELS: Record<TEmployeeStatus, string> = {
  invited: 'Invited',
  not_started: 'Not started',
  in_progress: 'In progress',
  enrolled: 'Enrolled',
  waived: 'Waived',
};

export function employeeStatus(e: { enrollment: 'completed' | 'open' | null; waived: boolean; invited: boolean }): TEmployeeStatus {
  if (e.enrollment === 'completed') return 'enrolled';
  if (e.waived) return 'waived';
  if (e.enrollment === 'open') return 'in_progress';
  return e.invited ? 'invited' : 'not_started';
}
/** Who a reminder goes to: everyone not finished (not enrolled, not waived). */
export const needsReminder = (s: TEmployeeStatus) => s === 'invited' || s === 'not_started' || s === 'in_progress';

/* ---------- the open-enrollment window ---------- */

const zIsoDateOrNull = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: WINDOW_TEXT.INVALID_DATE })
    .refine((s) => usToIso(`${s.slice(5, 7)}/${s.slice(8, 10)}/${s.slice(0, 4)}`) !== null, { error: WINDOW_TEXT.INVALID_DATE })
    .nullable(),
);
export const zWindowDate = zIsoDateOrNull;

export const ZEnrollmentWindowForm = z
  .object({ opens_on: zIsoDateOrNull, closes_on: zIsoDateOrNull })
  .refine((w) => !w.opens_on || !w.closes_on || w.closes_on >= w.opens_on, {
    path: ['closes_on'],
    error: WINDOW_TEXT.END_BEFORE_START,
  });
export type TEnrollmentWindowForm = z.infer<typeof ZEnrollmentWindowForm>;

export const ZWindowInfo = z.object({
  group_id: z.number(),
  gname: z.string(),
  opens_on: z.string().nullable(),
  closes_on: z.string().nullable(),
  state: z.enum(['open', 'not_yet_open', 'ended']),
});
export type TWindowInfo = z.infer<typeof ZWindowInfo>;

/* ---------- the census ---------- */

export const CENSUS_LIMITS = { maxRows: 1000, maxBytes: 200_000 } as const;
export const CENSUS_TEXT = {
  FILE_REQUIRED: 'Choose a CSV file',
  NOT_CSV: 'The file must be a CSV file (.csv)',
  TOO_LARGE: 'The file is too large (at most 200 kB)',
  TOO_MANY_ROWS: 'The file has too many rows (at most 1,000 employees)',
  NO_ROWS: 'The file has no employees',
  BAD_HEADER: 'The first line must name the columns: name, email, date of birth',
  NAME_REQUIRED: 'The name is missing',
  NAME_TOO_LONG: 'The name is too long (at most 120 characters)',
  NAME_NOT_A_NAME: "The name may hold only letters, spaces, commas, apostrophes ('), hyphens (-) and periods (.)",
  EMAIL_INVALID: 'The e-mail address is not valid',
  EMAIL_TWICE: 'The e-mail address appears twice in the file',
  DOB_INVALID: 'The date of birth is not a valid date (mm/dd/yyyy)',
  DOB_FUTURE: 'The date of birth is in the future',
  DOB_TOO_OLD: 'The date of birth is more than 120 years ago',
  COLUMNS: 'The line does not have 3 columns',
  NOTHING_IMPORTED: 'Nothing was imported: correct these lines and upload the file again.',
  TOO_MANY_INVITATIONS: 'This group has sent as many invitations as it may today. Please upload the file again tomorrow.',
} as const;

export interface TCensusRow {
  line: number;
  name: string;
  email: string;
  dob: string;
}
export interface TCensusProblem {
  line: number;
  message: string;
}

/** RFC 4180 lines of a CSV text: quoted fields (with "" and line breaks inside), CRLF or LF. Each record with its first line number. */
export function parseCsv(text: string): { line: number; cells: string[] }[] {
  const out: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  const src = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < src.length; i++) {
    const ch = src[i];
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n') line++;
        cell += ch;
      }
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === ',') {
      cells.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      cells.push(cell);
      out.push({ line: start, cells });
      cells = [];
      cell = '';
      line++;
      start = line;
    } else cell += ch;
  }
  if (cell !== '' || cells.length) {
    cells.push(cell);
    out.push({ line: start, cells });
  }
  return out.filter((r) => r.cells.some((c) => c.trim() !== ''));
}

const HEADER = {
  name: ['name', 'full name'],
  email: ['email', 'e-mail', 'email address', 'e-mail address'],
  dob: ['date of birth', 'dob', 'birth date'],
};
const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

/** A date of birth as written in a census: mm/dd/yyyy (m/d/yyyy too) or yyyy-mm-dd; the ISO date or null. */
export function censusDate(text: string): string | null {
  const t = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  if (iso) return usToIso(`${iso[2]}/${iso[3]}/${iso[1]}`);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  return us ? usToIso(`${us[1].padStart(2, '0')}/${us[2].padStart(2, '0')}/${us[3]}`) : null;
}

/**
 * A census name is a person's name (it goes into the invitation mailed to the address beside it): letters of any
 * alphabet, spaces, commas ("Lee, Bo"), apostrophes, hyphens and periods, and nothing that reads as a link (http, www., a dot followed by
 * two letters or more as in "example.com"; "J.R." and "Jr." are names). Decision 2330.
 */
export function isPersonName(name: string): boolean {
  if (!/^[\p{L}\p{M}'’ .,-]+$/u.test(name)) return false;
  return !/http|www\.|\.\p{L}{2,}/iu.test(name);
}

/** Every row checked before anything is imported: the rows, or every problem with its line number. */
export function validateCensus(text: string, today: string = todayIso()): { rows: TCensusRow[]; problems: TCensusProblem[] } {
  if (text.length > CENSUS_LIMITS.maxBytes) return { rows: [], problems: [{ line: 0, message: CENSUS_TEXT.TOO_LARGE }] };
  const records = parseCsv(text);
  if (!records.length) return { rows: [], problems: [{ line: 0, message: CENSUS_TEXT.NO_ROWS }] };
  const head = records[0].cells.map(norm);
  const col = (names: string[]) => head.findIndex((h) => names.includes(h));
  const at = { name: col(HEADER.name), email: col(HEADER.email), dob: col(HEADER.dob) };
  if (at.name < 0 || at.email < 0 || at.dob < 0)
    return { rows: [], problems: [{ line: records[0].line, message: CENSUS_TEXT.BAD_HEADER }] };
  const body = records.slice(1);
  if (!body.length) return { rows: [], problems: [{ line: 0, message: CENSUS_TEXT.NO_ROWS }] };
  if (body.length > CENSUS_LIMITS.maxRows) return { rows: [], problems: [{ line: 0, message: CENSUS_TEXT.TOO_MANY_ROWS }] };
  const rows: TCensusRow[] = [];
  const problems: TCensusProblem[] = [];
  const seen = new Set<string>();
  for (const r of body) {
    const add = (message: string) => problems.push({ line: r.line, message });
    if (r.cells.length < head.length) {
      add(CENSUS_TEXT.COLUMNS);
      continue;
    }
    const name = r.cells[at.name].trim().replace(/\s+/g, ' ');
    const email = r.cells[at.email].trim().toLowerCase();
    const dob = censusDate(r.cells[at.dob]);
    if (!name) add(CENSUS_TEXT.NAME_REQUIRED);
    else if (name.length > 120) add(CENSUS_TEXT.NAME_TOO_LONG);
    else if (!isPersonName(name)) add(CENSUS_TEXT.NAME_NOT_A_NAME);
    if (!PATTERNS.email.test(email) || email.length > 254) add(CENSUS_TEXT.EMAIL_INVALID);
    else if (seen.has(email)) add(CENSUS_TEXT.EMAIL_TWICE);
    seen.add(email);
    if (!dob) add(CENSUS_TEXT.DOB_INVALID);
    else if (dob > today) add(CENSUS_TEXT.DOB_FUTURE);
    else if (ageOn(dob, today) > 120) add(CENSUS_TEXT.DOB_TOO_OLD);
    if (dob && name && email) rows.push({ line: r.line, name, email, dob });
  }
  return { rows: problems.length ? [] : rows, problems };
}

/** The census upload: the file's text (read in the browser) and its name. */
export const ZCensusUpload = z.object({
  file_name: z
    .string()
    .trim()
    .max(255)
    .regex(/\.csv$/i, { error: CENSUS_TEXT.NOT_CSV }),
  csv: z.string().min(1, { error: CENSUS_TEXT.FILE_REQUIRED }).max(CENSUS_LIMITS.maxBytes, { error: CENSUS_TEXT.TOO_LARGE }),
  /** Invite the new employees by mail now (otherwise they are "not started" until a reminder goes out). */
  invite: z.boolean().default(true),
});
export type TCensusUpload = z.infer<typeof ZCensusUpload>;
/** A census line's problem as a field error of the wire: target_element `line:<n>`. */
export const censusTarget = (line: number) => `line:${line}`;
export const lineOfTarget = (target: string) => (target.startsWith('line:') ? Number(target.slice(5)) : null);

export const ZCensusResult = z.object({ added: z.number(), updated: z.number(), invited: z.number() });

/* ---------- the home ---------- */

export const ZGroupEmployee = z.object({
  /** The census row's id; null for a member of the group who is not on the census. */
  id: z.number().nullable(),
  /** Whether the person is on the census the administrator uploaded (issue 37: members who enrolled otherwise are listed too). */
  on_census: z.boolean(),
  /** The plans the person holds now (the member's active policies), by name. */
  plans: z.array(z.string()),
  /** Of those, the plans pending evidence of insurability (issue 38): shown with the expected decision time. */
  pending_evidence: z.array(z.string()),
  name: z.string(),
  email: z.string(),
  status: z.enum(EMPLOYEE_STATUSES),
  invited_at: z.string().nullable(),
  last_activity_at: z.string().nullable(),
});
export type TGroupEmployee = z.infer<typeof ZGroupEmployee>;

/**
 * An active open enrollment's progress (issue 38, decision 2660): the census employees who chose within it (an
 * enrollment completed between its dates) and those who have not; null when the group's open enrollment is passive or
 * has no dates.
 */
export const ZOpenEnrollmentProgress = z.object({
  opens_on: z.string(),
  closes_on: z.string(),
  chosen: z.array(z.string()),
  not_chosen: z.array(z.string()),
});
export type TOpenEnrollmentProgress = z.infer<typeof ZOpenEnrollmentProgress>;
export const OPEN_ENROLLMENT_TEXT = {
  TITLE: 'Open enrollment: who has chosen',
  INTRO:
    'Everyone must choose their benefits again between {{opens}} and {{closes}}. Coverage of those who do not choose ends at the end of the plan year.',
  CHOSEN: 'Chosen ({{count}})',
  NOT_CHOSEN: 'Not chosen yet ({{count}})',
  NOBODY: 'Nobody',
} as const;

export const ZGroupHome = z.object({
  window: ZWindowInfo,
  open_enrollment: ZOpenEnrollmentProgress.nullable(),
  enrollment_link: z.string(),
  counts: z.record(z.enum(EMPLOYEE_STATUSES), z.number()),
  employees: z.array(ZGroupEmployee),
});
export type TGroupHome = z.infer<typeof ZGroupHome>;

export const REMINDER_TEXT = {
  NOBODY: 'Everyone has finished: no reminder to send.',
  TOO_SOON: 'Reminders were sent recently. Please try again later.',
} as const;
export const ZRemindResult = z.object({ queued: z.number() });
export const ZWaiveRequest = z.object({ waived: z.boolean() });

/** An e-mail address the way census rows and enrollments are matched. */
export const matchEmail = (s: string) => s.trim().toLowerCase();
