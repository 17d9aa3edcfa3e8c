import { expect, it } from 'vitest';
import { TEXT, beneficiaryTotalMessage } from '@store/domain/texts';
import { PLAN_IDS } from '../../src/db/seed/demo-catalog.ts';
import { describeEachDb } from '../helpers/store.ts';
import { CONTACT, EMPLOYER, PERSONAL, newEnrollment } from './helpers.ts';
import { inEnrollmentTabs } from '../../src/db/sealed-columns.ts';

const msg = (r: { body: any }, target: string) => r.body.data?.find((e: any) => e.target_element === target)?.error_message;
const rawTabs = async (ctx: any, id: string) =>
  JSON.stringify((await ctx.db.selectFrom('enrollments').select('tabs').where('id', '=', id).executeTakeFirstOrThrow()).tabs);

describeEachDb('enrollment steps, part one (HTTP)', (ctx) => {
  it('personal info: rules and messages, SSN sealed at rest and masked in answers, read-only values from the filter', async () => {
    const c = ctx().client();
    const id = await newEnrollment(ctx(), c, { gender: '1', dob: '04/12/1985' });
    const defs = await c.get('/api/v1/get-form-fields-personal-info', { enrollment_id: id });
    const byName = Object.fromEntries(defs.body.data.result.map((d: any) => [d.field_name, d]));
    expect(byName.gender).toMatchObject({ read_only: true, value: '1' });
    expect(byName.birthdate).toMatchObject({ read_only: true, value: '04/12/1985' });
    expect(byName.first_name).toMatchObject({ required: true, read_only: false });
    expect(byName.enroller_code).toBeUndefined();

    let r = await c.post('/api/v1/save-personal-info', {
      enrollment_id: id,
      ...PERSONAL,
      first_name: 'D4na!',
      weight: '0',
      height_feet: '0',
      height_inch: '13',
      ssn: '12345',
      marital_status: '',
    });
    expect(r.status).toBe(422);
    expect(msg(r, 'first_name')).toBe(TEXT.PLEASE_ENTER_VALID_FIRST_NAME);
    expect(msg(r, 'weight')).toBe(TEXT.WEIGHT_ZERO);
    expect(msg(r, 'height_feet')).toBe(TEXT.HEIGHT_ZERO);
    expect(msg(r, 'height_inch')).toBe(TEXT.INCH_INVALID);
    expect(msg(r, 'ssn')).toBe(TEXT.INVALID_SSN);
    expect(msg(r, 'marital_status')).toBe(TEXT.FIELD_REQUIRED);
    r = await c.post('/api/v1/save-personal-info', {
      enrollment_id: id,
      ...PERSONAL,
      last_name: '',
      ethnic_category: '12',
      prior_coverage_flag: '1',
    });
    expect(msg(r, 'last_name')).toBe(TEXT.FIELD_REQUIRED);
    expect(msg(r, 'ethnic_category_other_type')).toBe(TEXT.FIELD_REQUIRED);
    expect(msg(r, 'prior_carrier_name')).toBe(TEXT.FIELD_REQUIRED);
    expect(msg(r, 'prior_effective_date')).toBe(TEXT.FIELD_REQUIRED);

    r = await c.post('/api/v1/save-personal-info', {
      enrollment_id: id,
      ...PERSONAL,
      gender: '0',
      birthdate: '01/01/1950',
      prior_coverage_flag: '1',
      prior_carrier_name: 'Old Carrier',
      prior_effective_date: '01/01/2020',
      prior_term_date: '12/31/2024',
    });
    expect(r.status).toBe(200);
    expect(r.body.data.result.ssn).toBe('xxxxx6789');
    expect(r.body.data.result.gender).toBe('1');
    expect(r.body.data.result._sealed).toBeUndefined();
    const raw = await rawTabs(ctx(), id);
    expect(raw).not.toContain('123456789');
    expect(raw).toContain('"ssn":"s2.');

    const temp = await c.get('/api/v1/get-enrollment-temp-info', { enrollment_id: id, column: 'primary_info' });
    expect(temp.body.data.result.ssn).toBe('xxxxx6789');
    expect(JSON.stringify(temp.body)).not.toMatch(/s[12]\./);

    // The masked value sent back unchanged keeps the stored SSN; a different mask is refused.
    r = await c.post('/api/v1/save-personal-info', { enrollment_id: id, ...PERSONAL, first_name: 'Danielle', ssn: 'xxxxx6789' });
    expect(r.status).toBe(200);
    const row = await ctx().db.selectFrom('enrollments').select('tabs').where('id', '=', id).executeTakeFirstOrThrow();
    expect(ctx().app.sealer.open((row.tabs as any).primary_info._sealed.ssn, inEnrollmentTabs(id))).toBe('123456789');
    r = await c.post('/api/v1/save-personal-info', { enrollment_id: id, ...PERSONAL, ssn: 'xxxxx1111' });
    expect(msg(r, 'ssn')).toBe(TEXT.INVALID_SSN);

    const other = ctx().client();
    expect((await other.post('/api/v1/save-personal-info', { enrollment_id: id, ...PERSONAL })).status).toBe(404);
  });

  it('enroller code: offered to reps, required for groups 2556 and 2512', async () => {
    const c = ctx().client();
    const id = await newEnrollment(ctx(), c, { group_id: 2556 });
    const defs = await c.get('/api/v1/get-form-fields-personal-info', { enrollment_id: id });
    expect(defs.body.data.result.find((d: any) => d.field_name === 'enroller_code')).toMatchObject({ required: true });
    let r = await c.post('/api/v1/save-personal-info', { enrollment_id: id, ...PERSONAL });
    expect(r.status).toBe(422);
    expect(msg(r, 'enrollerCode')).toBe(TEXT.ENROLLER_CODE_REQUIRED);
    r = await c.post('/api/v1/save-enroller-code', { enrollment_id: id, enrollerCode: '' });
    expect(msg(r, 'enrollerCode')).toBe(TEXT.ENTER_ENROLLER_CODE);
    r = await c.post('/api/v1/save-enroller-code', { enrollment_id: id, enrollerCode: 'ab12' });
    expect(r.body.data.enrollerCode).toBe('AB12');
    expect((await c.post('/api/v1/save-personal-info', { enrollment_id: id, ...PERSONAL })).status).toBe(200);

    const rep = await newEnrollment(ctx(), c, { eprocess: 'rep' });
    const repDefs = await c.get('/api/v1/get-form-fields-personal-info', { enrollment_id: rep });
    expect(repDefs.body.data.result.find((d: any) => d.field_name === 'enroller_code')).toMatchObject({ required: false });
  });

  it('contact info: earlier step first, zip and state, USPS check, duplicates from our members', async () => {
    const c = ctx().client();
    const id = await newEnrollment(ctx(), c);
    let r = await c.post('/api/v1/save-contact-info', { enrollment_id: id, ...CONTACT });
    expect(r.status).toBe(422);
    expect(r.body.message).toBe('Please complete Personal Information first');
    await c.post('/api/v1/save-personal-info', { enrollment_id: id, ...PERSONAL });

    r = await c.post('/api/v1/save-contact-info', { enrollment_id: id, ...CONTACT, email_address: 'nope', phone_number: '12', zip: '123' });
    expect(msg(r, 'email_address')).toBe(TEXT.EMAIL_NOT_CORRECT_FORMAT);
    expect(msg(r, 'phone_number')).toBe(TEXT.INVALID_PHONE);
    expect(msg(r, 'zip')).toBe(TEXT.ENTER_5_DIGIT_ZIP_DOT);
    r = await c.post('/api/v1/save-contact-info', { enrollment_id: id, ...CONTACT, state: 'CA' });
    expect(msg(r, 'state')).toBe('State does not match the zip code');
    r = await c.post('/api/v1/save-contact-info', { enrollment_id: id, ...CONTACT, city: 'Chicago' });
    expect(msg(r, 'city')).toBe('Address could not be validated: check zip, city and state');
    r = await c.post('/api/v1/save-contact-info', {
      enrollment_id: id,
      ...CONTACT,
      email_address: 'Riley.Chen@example.com',
      phone_number: '5550201001',
    });
    expect(msg(r, 'email_address')).toBe(TEXT.EMAIL_ALREADY_EXISTS);
    expect(msg(r, 'phone_number')).toBe(TEXT.PHONE_ALREADY_EXISTS);

    // The owner of the enrollment being filled in hears it; anyone else only about the format (security/enumeration.test.ts).
    const v1 = await c.post('/api/v1/validate-member-email', { email: 'riley.chen@example.com', enrollment_id: id });
    expect(v1.body.data).toEqual({ is_valid: false, message: TEXT.EMAIL_ALREADY_EXISTS });
    const v2 = await c.get('/api/v1/validate-phone-numverify', { phone: '5550201001', enrollment_id: id });
    expect(v2.body.data).toEqual({ is_valid: false, message: TEXT.PHONE_ALREADY_EXISTS });
    const v3 = await c.post('/api/v1/validate-email-neverbounce', { email: 'new.person@example.org' });
    expect(v3.body.data.is_valid).toBe(true);
    const zip = await c.get('/api/v1/get-zip-info', { zip: '75201' });
    expect(zip.body.data.state).toBe('TX');
    expect((await c.get('/api/v1/get-states')).body.data.result).toContainEqual({ name: 'New York', abbrev: 'NY' });

    r = await c.post('/api/v1/save-contact-info', { enrollment_id: id, ...CONTACT, state: 'ny' });
    expect(r.status).toBe(200);
    const defs = await c.get('/api/v1/get-form-fields-contact-info', { enrollment_id: id });
    expect(defs.body.data.result.find((d: any) => d.field_name === 'state').value).toBe('NY');
  });

  it('employer info: group prefill, option lists, holiday policy and retired status', async () => {
    const c = ctx().client();
    const id = await newEnrollment(ctx(), c, { eprocess: 'group', group_id: 3001, plans: [PLAN_IDS.dentalEssentials] });
    await c.post('/api/v1/save-personal-info', { enrollment_id: id, ...PERSONAL });
    await c.post('/api/v1/save-contact-info', { enrollment_id: id, ...CONTACT });
    const g = await c.get('/api/v1/get-group-info', { enrollment_id: id });
    expect(g.body.data).toEqual({
      general_info: { group_name: 'Acme Manufacturing', group_phone: '2125550142' },
      address_information: { address1: '350 Fifth Avenue', city: 'New York', state: 'NY', zip: '10001' },
    });
    expect((await c.get('/api/v1/get-employment-status')).body.data.result).toEqual([
      { name: 'Active', value: 'A' },
      { name: 'COBRA', value: 'C' },
      { name: 'Retired', value: 'R' },
    ]);
    expect((await c.get('/api/v1/get-compensation-types')).body.data.result.map((o: any) => o.value)).toEqual([
      'G10L20',
      'MW',
      'GMWL10',
      'G20',
      'Salary',
    ]);
    let r = await c.post('/api/v1/save-employer-info', { enrollment_id: id, ...EMPLOYER, employment_status: 'R', holiday_policy: {} });
    expect(msg(r, 'employment_status')).toBe(TEXT.RETIRED_EMPLOYER);
    expect(msg(r, 'holiday_policy')).toBe(TEXT.SELECT_HOLIDAY_POLICY);
    r = await c.post('/api/v1/save-employer-info', { enrollment_id: id, ...EMPLOYER, name: '1234' });
    expect(msg(r, 'name')).toBe(TEXT.INVALID_EMPLOYER);
    r = await c.post('/api/v1/save-employer-info', { enrollment_id: id, ...EMPLOYER, employment_start_date: '01/01/2999' });
    expect(msg(r, 'employment_start_date')).toBeTruthy();
    r = await c.post('/api/v1/save-employer-info', { enrollment_id: id, ...EMPLOYER });
    expect(r.status).toBe(200);
    expect(r.body.data.result.holiday_policy).toEqual({ Standard_6: 1, Birthday: 1 });
  });

  it('beneficiaries: up to 3, percentages 1 to 100 totalling 100, SSNs sealed', async () => {
    const c = ctx().client();
    const id = await newEnrollment(ctx(), c, { plans: [PLAN_IDS.termLife100k] });
    await c.post('/api/v1/save-personal-info', { enrollment_id: id, ...PERSONAL });
    await c.post('/api/v1/save-contact-info', { enrollment_id: id, ...CONTACT });
    const b = (pct: string, ssn = '222334444', first = 'Sam') => ({
      first_name: first,
      last_name: 'Whitfield',
      birthdate: '02/03/2010',
      ssn,
      relationship: 'Child',
      beneficiary_percentage: pct,
    });
    let r = await c.post('/api/v1/validate-single-beneficiary', { enrollment_id: id, ...b('0'), ssn: '12a' });
    expect(msg(r, 'beneficiary_percentage')).toBe(TEXT.PERCENT_RANGE);
    expect(msg(r, 'ssn')).toBe(TEXT.INVALID_SSN);
    r = await c.post('/api/v1/validate-single-beneficiary', { enrollment_id: id, ...b('101') });
    expect(msg(r, 'beneficiary_percentage')).toBe(TEXT.PERCENT_RANGE);
    expect((await c.post('/api/v1/validate-single-beneficiary', { enrollment_id: id, ...b('50') })).status).toBe(200);

    r = await c.post('/api/v1/save-beneficiary-info', { enrollment_id: id, beneficiaries: [] });
    expect(msg(r, 'beneficiaries')).toBe(TEXT.ADD_BENEFICIARIES_FIRST);
    r = await c.post('/api/v1/save-beneficiary-info', { enrollment_id: id, beneficiaries: [b('50'), b('40')] });
    expect(msg(r, 'beneficiaries')).toBe(beneficiaryTotalMessage(90));
    expect(beneficiaryTotalMessage(90)).toBe('Your total Beneficiary Percentage is 90 and it Should not be less than 100%');
    r = await c.post('/api/v1/save-beneficiary-info', { enrollment_id: id, beneficiaries: [b('25'), b('25'), b('25'), b('25')] });
    expect(msg(r, 'beneficiaries')).toBe(TEXT.MAX_BENEFICIARIES);
    r = await c.post('/api/v1/save-beneficiary-info', {
      enrollment_id: id,
      beneficiaries: [b('60', '222334444', 'Sam'), b('40', '555667777', 'Alex')],
    });
    expect(r.status).toBe(200);
    expect(r.body.data.result.map((x: any) => x.ssn)).toEqual(['xxxxx4444', 'xxxxx7777']);
    const raw = await rawTabs(ctx(), id);
    expect(raw).not.toContain('222334444');
    expect(raw).not.toContain('555667777');

    const saved = await c.get('/api/v1/get-beneficiaries-existing-user-enrollment', { enrollment_id: id });
    const list = saved.body.data.result;
    expect(list.map((x: any) => `${x.first_name} ${x.beneficiary_percentage}`)).toEqual(['Sam 60', 'Alex 40']);
    // Sent back masked: the stored SSNs stay.
    r = await c.post('/api/v1/save-beneficiary-info', {
      enrollment_id: id,
      beneficiaries: list.map((x: any) => ({ ...x, dob: undefined })),
    });
    expect(r.status).toBe(200);
    const row = await ctx().db.selectFrom('enrollments').select('tabs').where('id', '=', id).executeTakeFirstOrThrow();
    const sealed = (row.tabs as any).benificiary_info._sealed.ssn;
    expect(
      Object.values(sealed)
        .map((s: any) => ctx().app.sealer.open(s, inEnrollmentTabs(id)))
        .sort(),
    ).toEqual(['222334444', '555667777']);
  });
});
