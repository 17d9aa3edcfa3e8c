import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { TEXT } from '@store/domain/texts';
import { PLAN_IDS } from '../../server/src/db/seed/demo-catalog.ts';
import { putInCart } from '../../server/test/cart/helpers.ts';
import { callApi, signIn, startE2E, type E2E } from './harness.ts';
import { enrollmentAtBilling, newQuote, payAndEnroll } from './harness-enrollment.ts';

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const box = async (l: Locator) => (await l.boundingBox())!;

/** Issue 19, what a shopper can trust: the smaller defects found on the money path. */
describe('a shopper can trust what the store shows', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  }, 120_000);
  afterAll(async () => {
    await e2e?.close();
  });

  it("puts each plan's Add to Cart and Remove under that plan on /compare", async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/'));
    const id = await newQuote(page);
    expect((await callApi(page, 'POST', '/api/v1/save-compare-plans', { enrollment_id: id, plan_ids: [101, 102] })).status).toBe(200);
    await page.goto(e2e.url('/compare'));
    const table = page.getByRole('table', { name: '2 plans side by side, priced for your quote' });
    for (const name of ['Dental Essentials', 'Dental Preferred Plus']) {
      const column = await box(table.getByRole('columnheader', { name }));
      for (const button of [
        page.getByRole('button', { name: `Add to Cart: ${name}` }),
        page.getByRole('button', { name: `Remove ${name} from the comparison` }),
      ]) {
        const b = await box(button);
        expect(b.x, `${name}: ${await button.textContent()}`).toBeGreaterThanOrEqual(column.x - 1);
        expect(b.x + b.width).toBeLessThanOrEqual(column.x + column.width + 1);
      }
    }
  });

  it("reads 'Member + 1 Child' as soon as a premier plan is added, without a reload", async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/'));
    await newQuote(page, { tier: 'IC' });
    await page.goto(e2e.url('/plan/105/Premier-Dental-L713'));
    const bar = page.getByRole('region', { name: 'Your basic details' });
    await bar.getByText('Member + Children').waitFor();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    const dialog = page.getByRole('dialog', { name: TEXT.PROVIDE_FOLLOWING_INFO });
    await dialog.getByLabel('Number of Children').selectOption('1');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/cart$/);
    await bar.getByText(TEXT.MEMBER_PLUS_ONE_CHILD).waitFor({ timeout: 5_000 });
  });

  it('shows the decline message of a questionnaire once', async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/'));
    await newQuote(page);
    await page.goto(e2e.url('/plan/1001/Critical-Illness-Guard'));
    await page.getByRole('button', { name: 'Enroll Now' }).click();
    const dialog = page.getByRole('dialog');
    const groups = dialog.locator('.question');
    await groups.nth(0).getByLabel('Yes').check();
    for (const i of [1, 2]) await groups.nth(i).getByLabel('No').check();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    const decline = page.getByText('We are unable to offer Critical Illness Guard to applicants treated for cancer.');
    await decline.first().waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Add to Cart' }).first().isDisabled()).toBe(true);
    expect(await decline.count()).toBe(1);
  });

  it("remembers Don't Allow on the location banner in a new tab", async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/'));
    const banner = page.getByRole('region', { name: 'Location' });
    await banner.getByRole('button', { name: "Don't Allow" }).click();
    await banner.waitFor({ state: 'detached' });
    const again = await page.context().newPage();
    const checked = again.waitForResponse((r) => r.url().includes('/api/v1/get-session')).catch(() => null);
    await again.goto(e2e.url('/'));
    await again.getByRole('heading', { name: 'Featured Plans' }).waitFor();
    await Promise.race([checked, again.waitForTimeout(2_000)]);
    await again.waitForTimeout(300);
    expect(await again.getByRole('region', { name: 'Location' }).count()).toBe(0);
  });

  it('returns a signed-in rep to /agent-home after the receipt; the review of an IO enrollment asks nothing that fails', async () => {
    const page = await e2e.newPage();
    await signIn(page, e2e, 'jordan.avery@example.com', 'Demo-Rep-2026');
    const id = await enrollmentAtBilling(page, e2e, { eprocess: 'rep', type: 'new-member', agent_id: 20001 });
    const failed: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/') && r.status() >= 400) failed.push(`${r.status()} ${new URL(r.url()).pathname}`);
    });
    await page.goto(e2e.url('/enrollment/review-confirm'));
    await page.getByRole('heading', { name: TEXT.REVIEW_AND_CONFIRMATION }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    // Review, then sign (saved already), then pay: the billing step's button enrolls (decision 2530).
    await page.waitForURL((u) => u.pathname === '/enrollment/agreement-signature');
    await page.goto(e2e.url('/enrollment/billing-information'));
    await payAndEnroll(page);
    const home = page.getByRole('link', { name: TEXT.RETURN_TO_HOMEPAGE });
    await home.waitFor();
    expect(await home.getAttribute('href')).toBe('/agent-home');
    expect(failed).toEqual([]);
    const e = await e2e.store.db.selectFrom('enrollments').select(['status', 'tabs']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(e.status).toBe('completed');
    await home.click();
    await page.waitForURL((u) => u.pathname === '/agent-home');
  }, 120_000);

  it('keeps the floating Help button off Save & Continue Later, the cart total and the tier select on a 375 px phone', async () => {
    const page = await e2e.newPage({ mobile: true, width: 375 });
    await page.goto(e2e.url('/'));
    const help = page.getByRole('button', { name: 'Help', exact: true });
    const clear = async (control: Locator, what: string) => {
      await control.waitFor();
      // the control at the bottom of the screen, where a floating button sits, then at the top
      for (const block of ['end', 'start'] as const) {
        await control.evaluate((el, block) => el.scrollIntoView({ block }), block);
        await page.waitForTimeout(100);
        const [c, h] = [await box(control), await box(help)];
        expect(overlaps(c, h), `${what} (${block}): control ${JSON.stringify(c)}, Help ${JSON.stringify(h)}`).toBe(false);
      }
    };
    await clear(page.locator('.hero').getByLabel('Tier'), 'the tier select');
    const id = await newQuote(page);
    await putInCart(e2e.store, id, PLAN_IDS.dentalEssentials);
    await page.goto(e2e.url('/cart'));
    await clear(page.locator('.cart-total'), 'the cart total');
    await e2e.store.db.updateTable('enrollments').set({ status: 'checked_out' }).where('id', '=', id).execute();
    await page.goto(e2e.url('/enrollment/personal-info'));
    await clear(page.getByRole('button', { name: 'Save & Continue Later' }), 'Save & Continue Later');
  }, 120_000);
});
