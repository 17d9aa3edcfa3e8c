import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { TEXT } from '@store/domain/texts';
import { effectiveDatesUs } from '@store/domain/cart';
import { todayIso } from '@store/domain/dates';
import { PLAN_IDS } from '../../server/src/db/seed/demo-catalog.ts';
import { putInCart } from '../../server/test/cart/helpers.ts';
import { callApi, startE2E, type E2E } from './harness.ts';
import { newQuote } from './harness-enrollment.ts';
import { followSummaryLink, refusedSummary } from './harness-a11y.ts';
import { openedMail } from '../../server/test/helpers/mail.ts';

describe('cart: from an empty cart to the first enrollment step', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  }, 120_000);
  afterAll(async () => {
    await e2e?.close();
  });

  it('removes a plan, picks an effective date and proceeds to personal info', async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/'));
    const id = await newQuote(page);
    await page.goto(e2e.url('/cart'));
    await page.getByText(TEXT.NO_ITEMS_IN_CART, { exact: true }).waitFor();

    await putInCart(e2e.store, id, PLAN_IDS.dentalEssentials);
    await putInCart(e2e.store, id, PLAN_IDS.visionClear);
    await page.reload();
    await page.getByRole('list', { name: 'Plans in your cart' }).getByText('Dental Essentials', { exact: true }).waitFor();
    await page.getByRole('list', { name: 'Plans in your cart' }).getByText('Vision Clear', { exact: true }).waitFor();
    await page.getByText(TEXT.FIRST_MONTH_TOTAL_COST).waitFor();
    await page.getByText(TEXT.RECURRING_MONTHLY_COST).waitFor();
    // Every line of what will be charged, the $5 membership fee too, and the totals the server computed.
    const cart = (await callApi(page, 'GET', `/api/v1/get-plan-cart?enrollment_id=${id}`)).body.data;
    const order = page.getByRole('list', { name: 'Order Info' });
    await order.getByText('Association membership fee').waitFor();
    expect(await order.getByRole('listitem').allInnerTexts()).toEqual(
      cart.summary.lines.map((l: { label: string; monthly: string }) => expect.stringContaining(`$${l.monthly}/month`)),
    );
    await page.getByText(`$${cart.summary.initial}`, { exact: true }).first().waitFor();
    await page.getByRole('heading', { name: 'Additional Riders' }).waitFor();
    expect(await page.getByText(TEXT.PRUDENTIAL_FEE).count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('cartCount'))).toBe('2');

    await page.getByRole('button', { name: 'Dental Essentials', exact: true }).click();
    const details = page.getByRole('dialog', { name: 'Dental Essentials' });
    await details.getByText(/Dental Essentials: /).waitFor();
    await details.getByRole('button', { name: 'Close' }).last().click();
    await details.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Remove Vision Clear' }).click();
    const confirm = page.getByRole('dialog', { name: TEXT.REALLY_REMOVE });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Vision Clear', exact: true }).waitFor({ state: 'detached' });
    await page.waitForFunction(() => localStorage.getItem('cartCount') === '1');
    // The header's badge follows the cart.
    await page.waitForFunction(() => document.querySelector('[data-testid="cart-count"]')?.textContent?.trim() === '1');
    // ... and so does its amount: the recurring monthly cost of what is left.
    const monthly = (await page
      .locator('dt', { hasText: TEXT.RECURRING_MONTHLY_COST })
      .locator('xpath=following-sibling::dd[1]')
      .textContent())!.trim();
    expect(monthly).toMatch(/^\$\d+\.\d{2}\/month$/);
    const recurring = monthly.replace('/month', '');
    await expect.poll(() => page.getByTestId('cart-amount').textContent()).toBe(recurring);
    await page.getByRole('link', { name: `Cart, 1 items, ${recurring} a month` }).waitFor();

    const offered = effectiveDatesUs(todayIso());
    const select = page.getByLabel('Effective Date');
    expect(await select.inputValue()).toBe(offered[0]);
    await select.selectOption(offered[1]);

    await page.getByRole('button', { name: 'Proceed to Enrollment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirmation' });
    await dialog.getByText(`The plans in your cart will be effective as of ${offered[1]}.`).waitFor();
    await dialog.getByRole('button', { name: 'Back to Cart' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Proceed to Enrollment' }).click();
    await page.getByRole('dialog', { name: 'Confirmation' }).getByRole('button', { name: 'Proceed to Enrollment' }).click();
    await page.waitForURL((u) => u.pathname === '/enrollment/personal-info');

    const row = await e2e.store.db
      .selectFrom('enrollments')
      .select(['status', 'effective_date'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('checked_out');
    const [mm, dd, yyyy] = offered[1].split('/');
    expect(row.effective_date).toBe(`${yyyy}-${mm}-${dd}`);
    const nav = JSON.parse((await page.evaluate(() => localStorage.getItem('nav_array'))) ?? '[]');
    expect(nav[0]).toBe('primary_info');
    const shots = await sql<{
      n: number;
    }>`select count(*)::int as n from screenshots where enrollment_id = ${id} and name = 'cart'`.execute(e2e.store.db);
    expect(shots.rows[0].n).toBe(1);

    // Back in the cart, the select shows the stored effective date, never the default one first, even when the
    // stored date is the last answer to come.
    await page.route('**/api/v1/get-enrollment-temp-info?*', async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    await page.goto(e2e.url('/cart'));
    await page.getByRole('list', { name: 'Plans in your cart' }).getByText('Dental Essentials', { exact: true }).waitFor();
    expect(await page.getByLabel('Effective Date').inputValue()).toBe(offered[1]);
  }, 60_000);

  it('shows a plan added from its page right after the cart was seen, without a reload', async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/'));
    const id = await newQuote(page);
    await putInCart(e2e.store, id, PLAN_IDS.dentalEssentials);
    await page.goto(e2e.url('/cart'));
    const list = page.getByRole('list', { name: 'Plans in your cart' });
    await list.getByText('Dental Essentials', { exact: true }).waitFor();
    // Within the same visit (no reload: the cart seen a moment ago is still in the app's memory), to a plan's page
    // through the menu and the list, and into the cart from there.
    await page.getByRole('button', { name: 'Plans', exact: true }).click();
    await page.getByRole('link', { name: 'Vision', exact: true }).click();
    await page.getByRole('link', { name: `${TEXT.MORE_INFO}: Vision Clear` }).click();
    await page.getByRole('button', { name: 'Add to Cart' }).first().click();
    await page.waitForURL((u) => u.pathname === '/cart');
    // The cart read a moment ago said Dental Essentials alone: it must say what the server holds now.
    await list.getByText('Vision Clear', { exact: true }).waitFor({ timeout: 10_000 });
    await list.getByText('Dental Essentials', { exact: true }).waitFor();
  });

  it('lets a rep send a personalised quote on a phone, with the messages of the specification', async () => {
    const page = await e2e.newPage({ mobile: true });
    await page.goto(e2e.url('/'));
    expect(
      (await callApi(page, 'POST', '/api/auth/sign-in', { email: 'jordan.avery@example.com', password: 'Demo-Rep-2026' })).status,
    ).toBe(200);
    await page.evaluate(() => localStorage.setItem('eprocess', 'rep'));
    const id = await newQuote(page, { eprocess: 'rep', group_id: 3001 });
    await putInCart(e2e.store, id, PLAN_IDS.termLife100k);
    await putInCart(e2e.store, id, PLAN_IDS.associationMembership, { removable: false, parent: PLAN_IDS.termLife100k });
    await page.goto(e2e.url('/cart'));
    await page.getByText(TEXT.PRUDENTIAL_FEE).waitFor();
    await page.getByText(TEXT.PRUDENTIAL_100K).waitFor();
    // The membership is not removable: it is listed in the order info, with no remove icon, and no second membership fee.
    await page.getByRole('list', { name: 'Order Info' }).getByText('Association Membership').waitFor();
    expect(await page.getByText('Association membership fee').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Remove Association Membership' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Send Personalized Quote' }).click();
    const modal = page.getByRole('dialog', { name: 'Send Personalized Quote' });
    await modal.getByRole('button', { name: 'Send' }).click();
    // Refused: the summary in the dialog takes the focus and names each field; the messages stay beside the fields.
    const empty = await refusedSummary(modal);
    expect(await empty.getByRole('link').allTextContents()).toEqual([`Name: ${TEXT.FIELD_REQUIRED}`, `Email: ${TEXT.FIELD_REQUIRED}`]);
    await expect.poll(() => modal.locator('.field-error').getByText(TEXT.FIELD_REQUIRED).count()).toBe(2);
    await modal.getByLabel('Name').fill('R2 D2');
    await modal.getByLabel('Email').fill('not-an-email');
    await modal.getByRole('button', { name: 'Send' }).click();
    const summary = await refusedSummary(modal);
    await followSummaryLink(summary, TEXT.PLEASE_ENTER_VALID_NAME, modal.getByLabel('Name'));
    await followSummaryLink(summary, TEXT.PLEASE_ENTER_VALID_EMAIL, modal.getByLabel('Email'));
    await modal.locator('#email_message').getByText(TEXT.PLEASE_ENTER_VALID_EMAIL).waitFor();
    expect(await modal.getByLabel('Name').inputValue()).toBe('R2 D2');
    expect(await modal.getByLabel('Email').inputValue()).toBe('not-an-email');
    await modal.getByLabel('Name').fill('Sam Rivera');
    await modal.getByLabel('Email').fill('sam.rivera@example.com');
    await modal.getByLabel('Message').fill('Here is <b>your</b> quote.');

    await modal.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('dialog', { name: 'Preview' });
    await preview.getByText('Dear Sam Rivera,').waitFor();
    await preview.getByText('Here is <b>your</b> quote.').waitFor();
    const box = await preview.getByTestId('quote-preview').evaluate((el) => getComputedStyle(el).maxHeight);
    expect(box).toBe('500px');
    await preview.getByRole('button', { name: 'Close' }).last().click();

    await modal.getByRole('button', { name: 'Send' }).click();
    const sent = page.getByRole('dialog', { name: 'Quote Sent' });
    await sent.getByText('Your quote has been sent.').waitFor();
    const mail = openedMail(
      e2e.store,
      await e2e.store.db
        .selectFrom('outbox')
        .select(['id', 'to_address', 'kind', 'html', 'text'])
        .where('enrollment_id', '=', id)
        .executeTakeFirstOrThrow(),
    );
    expect(mail).toMatchObject({ to_address: 'sam.rivera@example.com', kind: 'quote' });
    expect(mail.html).toContain('Here is &lt;b&gt;your&lt;/b&gt; quote.');
    await sent.getByRole('button', { name: 'OK' }).click();
  }, 60_000);

  it('hides Send Personalized Quote for visitors and on the dental host', async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/'));
    const id = await newQuote(page);
    await putInCart(e2e.store, id, PLAN_IDS.dentalEssentials);
    await page.goto(e2e.url('/cart'));
    await page.getByRole('list', { name: 'Plans in your cart' }).getByText('Dental Essentials', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Send Personalized Quote' }).count()).toBe(0);

    const dental = await e2e.newPage();
    await dental.goto(e2e.url('/', 'dental.localhost'));
    await dental.evaluate(() => localStorage.setItem('eprocess', 'rep'));
    const did = await newQuote(dental);
    await putInCart(e2e.store, did, PLAN_IDS.dentalEssentials);
    await dental.goto(e2e.url('/cart', 'dental.localhost'));
    await dental.getByRole('list', { name: 'Plans in your cart' }).getByText('Dental Essentials', { exact: true }).waitFor();
    await dental.getByRole('button', { name: 'Proceed to Enrollment' }).waitFor();
    expect(await dental.getByRole('button', { name: 'Send Personalized Quote' }).count()).toBe(0);
  }, 60_000);
});
