import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness.ts';

describe('entry points of the route table', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('shows the static cancer-insurance question mock-up', async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/PlanQuestionView'));
    await page.getByRole('heading', { name: 'Cancer Insurance Medical Questions' }).waitFor();
    await expect.poll(() => page.getByRole('radio', { name: 'Yes' }).first().isDisabled()).toBe(true);
  });

  it('stores an external visitor’s rep from the query and shows the home page', async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/external?agent_id=20001'));
    await page.waitForURL(e2e.url('/'));
    await expect(page.evaluate(() => [localStorage.getItem('agent_id'), localStorage.getItem('open_type')])).resolves.toEqual([
      '20001',
      'agent',
    ]);
  });

  it('sends an unknown rep id to the 404 page', async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/?agent_id=999999'));
    await page.getByRole('heading', { name: 'OOPS! Page not found' }).waitFor();
  });

  it('opens a member tier link only for that member, after sign-in', async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/member-benefit-store/1001/IS'));
    await page.waitForURL(/\/sign-in\?next=/);
    await page.getByLabel('Email').fill('riley.chen@example.com');
    await page.getByLabel('Password').fill('Demo-Member-2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/plans$/);
    const tempId = await page.evaluate(() => localStorage.getItem('tempId'));
    expect(tempId).toMatch(/^[0-9a-f-]{36}$/);
    // Someone else's id opens nothing.
    await page.goto(e2e.url('/member-benefit-store/1002/IO'));
    await page.getByRole('heading', { name: 'OOPS! Page not found' }).waitFor();
  });
});
