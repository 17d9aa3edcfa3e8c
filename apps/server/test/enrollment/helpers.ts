import { PLAN_IDS } from '../../src/db/seed/demo-catalog.ts';
import type { TestStore } from '../helpers/store.ts';
import type { TestClient } from '../helpers/client.ts';

/** A quote-filter enrollment of this client (through the quote filter API) with plans in the cart. */
export async function newEnrollment(
  ts: TestStore,
  client: TestClient,
  opts: { tier?: string; plans?: number[]; eprocess?: string; group_id?: number; type?: string; gender?: '0' | '1'; dob?: string } = {},
): Promise<string> {
  const r = await client.post('/api/v1/add-filter-for-new-user', {
    zip: '10001',
    dob: opts.dob ?? '04/12/1985',
    gender: opts.gender ?? '1',
    tier: opts.tier ?? 'IO',
    eprocess: opts.eprocess ?? 'applicant',
    agent_id: 20001,
    group_id: opts.group_id ?? 77,
    platform_group_id: 501,
    type: opts.type ?? 'new-member',
    open_type: 'user',
  });
  if (r.status !== 200) throw new Error(`add-filter-for-new-user: ${r.status} ${JSON.stringify(r.body)}`);
  const id = r.body.data.temp_enrollment_id as string;
  for (const plan_id of opts.plans ?? [PLAN_IDS.dentalEssentials]) {
    const rate = await ts.db
      .selectFrom('plan_rates')
      .select(['plan_pricing_id', 'price_cents'])
      .where('plan_id', '=', plan_id)
      .executeTakeFirstOrThrow();
    await ts.db
      .insertInto('cart_items')
      .values({ enrollment_id: id, plan_id, plan_pricing_id: rate.plan_pricing_id, price_cents: rate.price_cents, parent_plan_id: null })
      .execute();
  }
  if (opts.eprocess || opts.group_id || opts.type) {
    await ts.db
      .updateTable('enrollments')
      .set({
        ...(opts.eprocess ? { eprocess: opts.eprocess } : {}),
        ...(opts.group_id ? { group_id: opts.group_id } : {}),
        ...(opts.type ? { type: opts.type } : {}),
      })
      .where('id', '=', id)
      .execute();
  }
  return id;
}

export const PERSONAL = {
  first_name: 'Dana',
  middle_name: '',
  last_name: 'Whitfield',
  weight: '150',
  height_feet: '5',
  height_inch: '7',
  marital_status: '1',
  ssn: '123456789',
  ethnic_category: '3',
  ethnic_category_other_type: '',
  prior_coverage_flag: '0',
};

export const CONTACT = {
  email_address: 'dana.whitfield@example.org',
  phone_number: '2125550199',
  address1: '1 Main Street',
  address2: '',
  city: 'New York',
  zip: '10001',
  state: 'NY',
  birth_state: 'NY',
  birth_city: 'Albany',
  with_validation: 1,
};

export const EMPLOYER = {
  name: 'Acme Manufacturing',
  phone: '2125550142',
  address1: '350 Fifth Avenue',
  address2: '',
  city: 'New York',
  zip: '10001',
  state: 'NY',
  with_validation: 0,
  average_work_week: '40+',
  employment_start_date: '01/15/2020',
  occupation: 'Engineer',
  compensation_type: 'Salary',
  employment_status: 'A',
  emp_industry: 'Manufacturing',
  emp_num_employed: '120',
  emp_vac_policy: '2w',
  emp_barg_unit: 'no',
  holiday_policy: { Standard_6: 1, Birthday: 1 },
};
