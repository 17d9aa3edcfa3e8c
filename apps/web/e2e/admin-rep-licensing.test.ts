import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LICENSE_TEXTS } from '@store/domain/rep-licensing';
import { startE2E, type E2E } from './harness.ts';
import { signInAsOperator } from './admin-harness.ts';
import { axeProblems, refusedSummary } from './harness-a11y.ts';

/** Issue 39: the operator edits a rep's licenses and appointments and loads licenses from a CSV, on a phone. */
describe("a rep's licenses in the console", () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('refuses a bad expiry beside its field, saves a new state, and loads a CSV only without bad lines', async () => {
    const page = await e2e.newPage({ mobile: true, width: 375 });
    await signInAsOperator(page, e2e);
    await page.goto(e2e.url('/admin/agents/20001'));
    const form = page.getByRole('form', { name: 'Licenses and appointments' });
    await form.waitFor();
    await expect.poll(() => form.getByLabel('State').count()).toBe(4);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await axeProblems(page)).toEqual([]);

    await form.getByRole('button', { name: 'Add a license state' }).click();
    await form.getByLabel('State').nth(4).selectOption('CA');
    await form.getByLabel('Expires on (mm/dd/yyyy)').nth(4).fill('02/30/2030');
    await form.getByRole('button', { name: 'Save licenses and appointments' }).click();
    const summary = await refusedSummary(form);
    await summary.getByText(LICENSE_TEXTS.expiresOn).waitFor();
    await form.getByLabel('Expires on (mm/dd/yyyy)').nth(4).fill('06/30/2030');
    await form.getByRole('button', { name: 'Save licenses and appointments' }).click();
    await form.getByText('Licenses and appointments saved.').waitFor();
    const states = await e2e.store.db.selectFrom('rep_licenses').select('state').where('agent_id', '=', 20001).orderBy('state').execute();
    expect(states.map((s) => s.state)).toEqual(['CA', 'CT', 'NJ', 'NY', 'TX']);

    await page.goto(e2e.url('/admin/agents'));
    const csv = page.getByRole('form', { name: 'Load licenses from CSV' });
    await csv.getByLabel('License CSV').fill('agent_id,state,expires_on\n20002,NV,2030-01-01\n20002,XX,2030-01-01\n');
    await csv.getByRole('button', { name: 'Load licenses' }).click();
    const problems = await refusedSummary(csv);
    await problems.getByText("Line 3: 'XX' is not a US state.").waitFor();
    await csv.getByLabel('License CSV').fill('agent_id,state,expires_on\n20002,NV,2030-01-01\n');
    await csv.getByRole('button', { name: 'Load licenses' }).click();
    await csv.getByText('Loaded 1 licenses of 1 reps.').waitFor();
    expect(await axeProblems(page)).toEqual([]);
  }, 120_000);
});
