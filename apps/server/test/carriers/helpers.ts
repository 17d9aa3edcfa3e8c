import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import x12 from 'node-x12';
import type { TestStore } from '../helpers/store.ts';
import type { TestClient } from '../helpers/client.ts';
import { CARD, CONTACT, PERSONAL, PLAN_IDS, agree, dependent, enrollmentAtStepFive, enrollWith } from '../enrollment/finish/helpers.ts';
import { X12_OPTIONS } from '../../src/modules/carriers/x12/envelope.ts';
import { DAILY_KIND } from '../../src/modules/carriers/service.ts';
import { carrierArchiveContext } from '../../src/db/sealed-columns.ts';

export const tempDropDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'carrier-drop-'));

/** Runs the carriers' daily jobs now (the day's batch and changes), whatever the clock says. */
export async function runDailyCarrierJobs(ts: TestStore) {
  await ts.db
    .updateTable('scheduled_jobs')
    .set({ due_at: new Date(0) })
    .where('kind', '=', DAILY_KIND)
    .where('status', '=', 'pending')
    .execute();
  await ts.app.jobs.runDue();
}

/** A file of the drop folder (sealed at rest, issue 34) opened with the store's key. */
export const openDropped = (ts: TestStore, root: string, relative: string) =>
  ts.app.sealer.openBytes(fs.readFileSync(path.join(root, relative)), carrierArchiveContext(path.basename(relative))).toString('utf8');

/** Every file under the drop folder (relative paths), temporary files included. */
export function droppedFiles(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(root, f)).isFile()).sort();
}

/** A Member + Spouse + Children enrollment completed through the wizard's API: Dana, Sam (spouse), Ava and Ben. */
export async function completeFamily(ts: TestStore, c: TestClient, opts: Parameters<typeof enrollmentAtStepFive>[2] = {}) {
  const id = await enrollmentAtStepFive(ts, c, { tier: 'IF', ...opts });
  await finishFamily(c, id);
  return id;
}

/**
 * The same family through HTTP alone (a store in another process): the quote, the dental plan put in the cart at its
 * Member + Family price, the personal and contact steps, then the rest as completeFamily.
 */
export async function completeFamilyOverHttp(c: TestClient, n: number) {
  const q = await c.post('/api/v1/add-filter-for-new-user', { zip: '10001', dob: '04/12/1985', gender: '1', tier: 'IF' });
  expect(q.status, JSON.stringify(q.body)).toBe(200);
  const id = q.body.data.temp_enrollment_id as string;
  const cards = (await c.get('/api/v1/get-plan-pricing-detail', { pid: PLAN_IDS.dentalEssentials, enrollment_id: id })).body.data.plans;
  const card = cards.find((x: { tier: string }) => x.tier === 'IF') ?? cards[0];
  const add = await c.post('/api/v1/add-plan-to-cart', {
    enrollment_id: id,
    plan_id: PLAN_IDS.dentalEssentials,
    plan_pricing_id: card.plan_pricing_id,
  });
  expect(add.status, JSON.stringify(add.body)).toBe(200);
  expect((await c.post('/api/v1/save-personal-info', { enrollment_id: id, ...PERSONAL })).status).toBe(200);
  const contact = {
    ...CONTACT,
    email_address: `family${n}.${Date.now()}@example.org`,
    phone_number: `212${String((Date.now() + n) % 10_000_000).padStart(7, '0')}`,
  };
  const k = await c.post('/api/v1/save-contact-info', { enrollment_id: id, ...contact });
  expect(k.status, JSON.stringify(k.body)).toBe(200);
  await finishFamily(c, id);
  return id;
}

/** The dependents (Sam, Ava, Ben) and every later required step of an enrollment at step five. */
export async function finishFamily(c: TestClient, id: string) {
  const deps = [
    dependent('Sam', { birthdate: '02/02/1984', gender: '0', ssn: '587654321' }),
    dependent('Ava', { ssn: '587654322' }),
    dependent('Ben', { ssn: '587654323', gender: '0', birthdate: '07/08/2015' }),
  ];
  const d = await c.post('/api/v1/save-dependent-info', { enrollment_id: id, dependents: deps });
  expect(d.status, JSON.stringify(d.body)).toBe(200);
  const tabs: string[] = (await c.get('/get-dynamic-tabs', { enrollment_id: id })).body.data
    .filter((t: any) => t.required)
    .map((t: any) => t.tab_name);
  for (const tab of tabs.slice(tabs.indexOf('dependent_info') + 1)) {
    let r: { status: number; body: any } | undefined;
    if (tab === 'billing_info') r = await enrollWith(c, id, CARD);
    if (tab === 'agreement_info') r = await agree(c, id, { user_name: 'Dana Whitfield' });
    if (tab === 'review_info') r = await c.post('/api/v1/save-review-info', { enrollment_id: id, additional_notes: '' });
    expect(r?.status, `${tab}: ${JSON.stringify(r?.body)}`).toBe(200);
  }
}

const isa = (control: number) => [
  '00',
  ' '.repeat(10),
  '00',
  ' '.repeat(10),
  'ZZ',
  'CARRIER01'.padEnd(15),
  'ZZ',
  'BENEFITSTORE'.padEnd(15),
  '261125',
  '0800',
  '^',
  '00501',
  String(control).padStart(9, '0'),
  '0',
  'T',
  ':',
];

/** A carrier's 999 for our group control number: AK9 status, and per transaction set (ST02) IK5 and its errors. */
export function ack999(
  groupControl: number,
  status: 'A' | 'E' | 'R',
  sets: { st: string; ik5: string[]; ik3?: string[]; ik4?: string[] }[],
): string {
  const j = new x12.JSEDINotation(isa(900_000 + groupControl), X12_OPTIONS);
  const g = j.addFunctionalGroup(['FA', 'CARRIER01', 'BENEFITSTORE', '20261125', '0800', String(700 + groupControl), 'X', '005010X231A1']);
  const t = g.addTransaction(['999', '0001', '005010X231A1']);
  t.addSegment('AK1', ['BE', String(groupControl), '005010X220A1']);
  for (const s of sets) {
    t.addSegment('AK2', ['834', s.st, '005010X220A1']);
    if (s.ik3) t.addSegment('IK3', s.ik3);
    if (s.ik4) t.addSegment('IK4', s.ik4);
    t.addSegment('IK5', s.ik5);
  }
  const accepted = sets.filter((s) => s.ik5[0] !== 'R').length;
  t.addSegment('AK9', [status, String(sets.length), String(sets.length), String(accepted)]);
  return new x12.X12Generator(j, X12_OPTIONS).toString();
}

/** A carrier's TA1 for our interchange control number. */
export function ta1(interchangeControl: number, status: 'A' | 'E' | 'R', note: string) {
  const header = `ISA*${isa(800_000 + interchangeControl).join('*')}~`;
  return `${header}\nTA1*${String(interchangeControl).padStart(9, '0')}*261125*0800*${status}*${note}~\nIEA*0*${String(800_000 + interchangeControl).padStart(9, '0')}~`;
}
