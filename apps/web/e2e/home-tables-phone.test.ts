import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { signIn, startE2E, type E2E } from './harness.ts';
import { axeProblems } from './harness-a11y.ts';

/**
 * The homes' tables on a phone (decision 2891): at 375 px each row is a card whose cells show their column's name, and
 * neither the page nor a table's region scrolls sideways; at 1280 px the same list is a table with its column headers.
 * One shared component (components/ui/stack-table.tsx) for the group's employees and the rep's lists.
 */
const EMPLOYEE_COLUMNS = ['Name', 'E-mail', 'Status', 'Plans', 'On the census', 'Invited', 'Last activity', 'Action'];
const ENROLLED = ['Riley Chen', 'Morgan Patel', 'Drew Williams'];

/** [scrollWidth, clientWidth] of the page and of each table region. */
const widths = (page: Page) =>
  page.evaluate(() => ({
    page: [document.documentElement.scrollWidth, document.documentElement.clientWidth],
    regions: [...document.querySelectorAll('.stack-table-region')].map((r) => [r.scrollWidth, r.clientWidth]),
  }));

const employees = (page: Page) => page.getByRole('region', { name: 'List of employees', exact: true });
const rowOf = (list: Locator, page: Page, name: string) => list.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });

describe("the homes' tables on a phone and on a desk", () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it("the group home's employees are cards at 375 px, nothing scrolling sideways, and a table at 1280 px", async () => {
    const phone = await e2e.newPage({ mobile: true, width: 375 });
    await signIn(phone, e2e, 'hr@acme.example.com', 'Demo-Group-2026');
    await phone.goto(e2e.url('/group-home'));
    const list = employees(phone);
    for (const name of ENROLLED) {
      const row = rowOf(list, phone, name);
      await row.getByRole('rowheader', { name }).waitFor();
      expect(await row.getByRole('rowheader', { name }).isVisible()).toBe(true);
      expect(await row.getByText('Enrolled', { exact: true }).isVisible()).toBe(true);
    }
    const phoneWidths = await widths(phone);
    expect(phoneWidths.page[0]).toBe(phoneWidths.page[1]);
    expect(phoneWidths.regions.length).toBeGreaterThan(0);
    for (const [scroll, client] of phoneWidths.regions) expect(scroll).toBe(client);
    // Each cell shows its column's name beside the value.
    const status = rowOf(list, phone, 'Riley Chen').locator('td').nth(1);
    expect(await status.evaluate((td) => getComputedStyle(td, '::before').content)).toContain('Status');
    // ... seen, not heard a second time: the cell's name is its value (its column header names the column).
    expect(await rowOf(list, phone, 'Morgan Patel').getByRole('cell', { name: 'Enrolled', exact: true }).count()).toBe(1);
    expect(await axeProblems(phone)).toEqual([]);

    const desk = await e2e.newPage({ storageState: await phone.context().storageState() });
    await desk.goto(e2e.url('/group-home'));
    const table = employees(desk).getByRole('table');
    await table.getByRole('rowheader', { name: 'Riley Chen' }).waitFor();
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(EMPLOYEE_COLUMNS);
    expect(await rowOf(table, desk, 'Morgan Patel').getByRole('cell', { name: 'Enrolled', exact: true }).count()).toBe(1);
    // A table row, not a card: the cells sit side by side and show no column name of their own.
    expect(
      await table
        .locator('tbody tr')
        .first()
        .evaluate((tr) => getComputedStyle(tr).display),
    ).toBe('table-row');
    expect(await desk.evaluate(() => getComputedStyle(document.querySelector('.stack-table tbody td')!, '::before').content)).toBe('none');
    expect(await axeProblems(desk)).toEqual([]);
  });

  it("the rep home's lists are cards at 375 px with their column names, nothing scrolling sideways", async () => {
    const phone = await e2e.newPage({ mobile: true, width: 375 });
    await signIn(phone, e2e, 'jordan.avery@example.com', 'Demo-Rep-2026');
    await phone.goto(e2e.url('/agent-home'));
    const members = phone.getByRole('region', { name: 'My members, by last name', exact: true });
    await members.getByRole('rowheader', { name: 'Riley Chen' }).waitFor();
    await phone.waitForLoadState('networkidle');
    const phoneWidths = await widths(phone);
    expect(phoneWidths.page[0]).toBe(phoneWidths.page[1]);
    expect(phoneWidths.regions.length).toBeGreaterThan(0);
    for (const [scroll, client] of phoneWidths.regions) expect(scroll).toBe(client);
    // Every cell of every list says its column (the payment standing and renewal lists had none).
    const unlabelled = await phone.evaluate(
      () =>
        [...document.querySelectorAll('.stack-table tbody tr')].filter((tr) => [...tr.children].some((c) => !c.getAttribute('data-label')))
          .length,
    );
    expect(unlabelled).toBe(0);
    expect(await axeProblems(phone)).toEqual([]);
  });
});
