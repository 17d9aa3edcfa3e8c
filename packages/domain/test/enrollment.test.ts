import { describe, expect, it } from 'vitest';
import { TEXT, beneficiaryTotalMessage } from '../src/texts.ts';
import { toFieldErrors } from '../src/validation.ts';
import { ZContinueForm, ZSaveLaterForm } from '../src/enrollment.ts';
import { isMaskedSsn } from '../src/enrollment-fields.ts';
import { ZEnrollerCodeForm, ZPersonalInfoForm } from '../src/enrollment-personal.ts';
import { ZContactInfoForm } from '../src/enrollment-contact.ts';
import { ZEmployerInfoForm } from '../src/enrollment-employer.ts';
import { ZBeneficiary, beneficiaryListProblem } from '../src/enrollment-beneficiaries.ts';

const errorsOf = (schema: { safeParse(v: unknown): { success: boolean; error?: { issues: any[] } } }, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? {} : Object.fromEntries(toFieldErrors(r.error!.issues).map((e) => [e.target_element, e.error_message]));
};

const personal = {
  first_name: 'Dana',
  last_name: 'Whitfield',
  weight: '150',
  height_feet: '5',
  height_inch: '7',
  marital_status: '1',
  ssn: '123456789',
};

describe('personal info rules', () => {
  it('accepts a complete form', () => {
    expect(errorsOf(ZPersonalInfoForm, personal)).toEqual({});
  });
  it.each([
    [{ first_name: '' }, 'first_name', TEXT.FIELD_REQUIRED],
    [{ first_name: 'D4n@' }, 'first_name', TEXT.PLEASE_ENTER_VALID_FIRST_NAME],
    [{ last_name: '!!' }, 'last_name', TEXT.PLEASE_ENTER_VALID_LAST_NAME],
    [{ weight: '0' }, 'weight', TEXT.WEIGHT_ZERO],
    [{ weight: '1000' }, 'weight', TEXT.WEIGHT_ZERO],
    [{ weight: '-5' }, 'weight', TEXT.WEIGHT_ZERO],
    [{ height_feet: '0' }, 'height_feet', TEXT.HEIGHT_ZERO],
    [{ height_feet: '10' }, 'height_feet', TEXT.HEIGHT_ZERO],
    [{ height_inch: '12' }, 'height_inch', TEXT.INCH_INVALID],
    [{ height_inch: '123' }, 'height_inch', TEXT.INCH_INVALID],
    [{ marital_status: '4' }, 'marital_status', TEXT.FIELD_REQUIRED],
    [{ ssn: '' }, 'ssn', TEXT.FIELD_REQUIRED],
    [{ ssn: '12345678' }, 'ssn', TEXT.INVALID_SSN],
    [{ ssn: '1234567890' }, 'ssn', TEXT.INVALID_SSN],
    [{ ssn: '12345678a' }, 'ssn', TEXT.INVALID_SSN],
    [{ ethnic_category: '12' }, 'ethnic_category_other_type', TEXT.FIELD_REQUIRED],
    [{ prior_coverage_flag: '1' }, 'prior_carrier_name', TEXT.FIELD_REQUIRED],
    [
      { prior_coverage_flag: '1', prior_carrier_name: 'X', prior_effective_date: '02/30/2020', prior_term_date: '01/01/2021' },
      'prior_effective_date',
      'Enter a valid date (mm/dd/yyyy)',
    ],
    [
      { prior_coverage_flag: '1', prior_carrier_name: 'X', prior_effective_date: '01/01/2022', prior_term_date: '01/01/2021' },
      'prior_term_date',
      'Termination date must be after the effective date',
    ],
  ])('%j gives %s: %s', (patch, field, message) => {
    expect(errorsOf(ZPersonalInfoForm, { ...personal, ...patch })[field]).toBe(message);
  });
  it('takes a zero inch height and the masked SSN read back', () => {
    expect(errorsOf(ZPersonalInfoForm, { ...personal, height_inch: '0', ssn: 'xxxxx6789' })).toEqual({});
    expect(isMaskedSsn('xxxxx6789')).toBe(true);
    expect(isMaskedSsn('xxxx56789')).toBe(false);
  });
  it('needs a non-empty enroller code', () => {
    expect(errorsOf(ZEnrollerCodeForm, { enrollerCode: '' }).enrollerCode).toBe(TEXT.ENTER_ENROLLER_CODE);
    expect(errorsOf(ZEnrollerCodeForm, { enrollerCode: 'AB12' })).toEqual({});
  });
});

const contact = {
  email_address: 'a@b.co',
  phone_number: '2125550199',
  address1: '1 Main',
  city: 'New York',
  zip: '10001',
  state: 'ny',
  birth_state: 'NY',
  birth_city: 'Albany',
};
describe('contact info rules', () => {
  it('uppercases the state', () => {
    const r = ZContactInfoForm.parse(contact);
    expect(r.state).toBe('NY');
    expect(r.with_validation).toBe(0);
  });
  it.each([
    [{ email_address: '' }, 'email_address', TEXT.FIELD_REQUIRED],
    [{ email_address: 'a@b' }, 'email_address', TEXT.EMAIL_NOT_CORRECT_FORMAT],
    [{ phone_number: '' }, 'phone_number', TEXT.FIELD_REQUIRED],
    [{ phone_number: '21255501999' }, 'phone_number', TEXT.INVALID_PHONE],
    [{ zip: '1234' }, 'zip', TEXT.ENTER_5_DIGIT_ZIP_DOT],
    [{ state: 'N1' }, 'state', 'Enter a 2 letter state'],
    [{ address1: ' ' }, 'address1', TEXT.FIELD_REQUIRED],
    [{ city: '' }, 'city', TEXT.FIELD_REQUIRED],
  ])('%j gives %s: %s', (patch, field, message) => {
    expect(errorsOf(ZContactInfoForm, { ...contact, ...patch })[field]).toBe(message);
  });
});

const employer = {
  name: 'Acme',
  phone: '2125550142',
  address1: '1 Main',
  city: 'New York',
  zip: '10001',
  state: 'NY',
  average_work_week: '40+',
  employment_start_date: '01/15/2020',
  occupation: 'Engineer',
  compensation_type: 'Salary',
  employment_status: 'A',
  emp_industry: 'Manufacturing',
  emp_num_employed: '1',
  emp_vac_policy: '2w',
  emp_barg_unit: 'no',
  holiday_policy: { Standard_6: 1 },
};
describe('employer info rules', () => {
  it('accepts a complete form', () => expect(errorsOf(ZEmployerInfoForm, employer)).toEqual({}));
  it.each([
    [{ employment_status: 'R' }, 'employment_status', TEXT.RETIRED_EMPLOYER],
    [{ holiday_policy: { Standard_6: 0 } }, 'holiday_policy', TEXT.SELECT_HOLIDAY_POLICY],
    [{ name: '' }, 'name', TEXT.FIELD_REQUIRED],
    [{ name: '!!!' }, 'name', TEXT.INVALID_EMPLOYER],
    [{ phone: '123' }, 'phone', TEXT.INVALID_PHONE],
    [{ employment_start_date: '01/01/2999' }, 'employment_start_date', 'Date cannot be in the future'],
    [{ compensation_type: 'XX' }, 'compensation_type', TEXT.FIELD_REQUIRED],
    [{ emp_num_employed: '0' }, 'emp_num_employed', 'Enter the number of employees (count yourself as 1)'],
  ])('%j gives %s: %s', (patch, field, message) => {
    expect(errorsOf(ZEmployerInfoForm, { ...employer, ...patch })[field]).toBe(message);
  });
});

const beneficiary = {
  first_name: 'Sam',
  last_name: 'Lee',
  birthdate: '02/03/2010',
  ssn: '222334444',
  relationship: 'Child',
  beneficiary_percentage: '50',
};
describe('beneficiary rules', () => {
  it.each([
    [{ beneficiary_percentage: '0' }, 'beneficiary_percentage', TEXT.PERCENT_RANGE],
    [{ beneficiary_percentage: '101' }, 'beneficiary_percentage', TEXT.PERCENT_RANGE],
    [{ beneficiary_percentage: '1000' }, 'beneficiary_percentage', TEXT.PERCENT_RANGE],
    [{ beneficiary_percentage: '' }, 'beneficiary_percentage', TEXT.FIELD_REQUIRED],
    [{ ssn: 'abc' }, 'ssn', TEXT.INVALID_SSN],
    [{ first_name: '1' }, 'first_name', TEXT.PLEASE_ENTER_VALID_FIRST_NAME],
    [{ last_name: '' }, 'last_name', TEXT.FIELD_REQUIRED],
    [{ birthdate: '12/31/2999' }, 'birthdate', 'Date cannot be in the future'],
    [{ relationship: '' }, 'relationship', TEXT.FIELD_REQUIRED],
  ])('%j gives %s: %s', (patch, field, message) => {
    expect(errorsOf(ZBeneficiary, { ...beneficiary, ...patch })[field]).toBe(message);
  });
  it('needs 1 to 3 beneficiaries totalling exactly 100', () => {
    const b = (p: number) => ({ beneficiary_percentage: p });
    expect(beneficiaryListProblem([])).toBe(TEXT.ADD_BENEFICIARIES_FIRST);
    expect(beneficiaryListProblem([b(25), b(25), b(25), b(25)])).toBe(TEXT.MAX_BENEFICIARIES);
    expect(beneficiaryListProblem([b(60), b(30)])).toBe('Your total Beneficiary Percentage is 90 and it Should not be less than 100%');
    expect(beneficiaryListProblem([b(60), b(50)])).toBe('Your total Beneficiary Percentage is 110 and it Should not be more than 100%');
    expect(beneficiaryListProblem([b(60), b(40)])).toBeNull();
    expect(beneficiaryTotalMessage(100 - 1)).toContain('less');
  });
});

describe('save for later and continue', () => {
  it('needs a valid e-mail in the code-send modal', () => {
    expect(errorsOf(ZSaveLaterForm, { email: 'nope' }).email).toBe(TEXT.ENTER_VALID_EMAIL);
  });
  it('needs both code and e-mail to continue', () => {
    expect(errorsOf(ZContinueForm, { code: '', email: '' })).toEqual({ code: TEXT.FIELD_REQUIRED, email: TEXT.FIELD_REQUIRED });
  });
});
