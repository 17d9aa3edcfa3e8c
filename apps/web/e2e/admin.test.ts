import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { generate } from 'otplib';
import { sql } from 'kysely';
import { callApi, signIn, startE2E, type E2E } from './harness.ts';
import { DEMO_OPERATOR_TOTP_SECRET } from '../../server/src/db/seed/demo-people.ts';

/** A 2x2 PNG (a real image the server accepts by its bytes). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

async function signInAsOperator(page: Page, e2e: E2E) {
  await signIn(page, e2e, 'admin@example.com', 'Demo-Admin-2026');
  await page.waitForURL(/\/admin/);
  await page.getByRole('link', { name: 'Operator console' }).waitFor();
}

/** Starts a quote through the store's API from a shopper's page; returns the enrollment id. */
async function startQuote(page: Page, zip = '10001'): Promise<string> {
  return page.evaluate(async (zip) => {
    await fetch('/api/v1/site');
    const csrf = /(?:^|;\s*)csrf=([^;]+)/.exec(document.cookie)?.[1] ?? '';
    const r = await fetch('/api/v1/add-filter-for-new-user', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': decodeURIComponent(csrf) },
      body: JSON.stringify({ zip, dob: '01/15/1980', gender: '0', tier: 'IO', eprocess: 'applicant', type: 'new-member', open_type: 'user' }),
    });
    const body = await r.json();
    localStorage.setItem('tempId', body.data.temp_enrollment_id);
    return body.data.temp_enrollment_id as string;
  }, zip);
}

describe('operator console', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('sends anyone but an operator to sign in, and a rep gets nothing from the admin API', async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/admin/enrollments'));
    await page.getByText('Please sign in with an operator account.').waitFor();
    await page.goto(e2e.url('/sign-in'));
    await page.getByLabel('Email').fill('jordan.avery@example.com');
    await page.getByLabel('Password').fill('Demo-Rep-2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/sign-in'));
    const status = await page.evaluate(async () => (await fetch('/api/admin/enrollments')).status);
    expect(status).toBe(401);
    await page.goto(e2e.url('/admin'));
    await page.getByText('Please sign in with an operator account.').waitFor();
  });

  it("changes a site's banner and the landing page shows it", async () => {
    const page = await e2e.newPage();
    await signInAsOperator(page, e2e);
    await page.getByRole('link', { name: 'Sites' }).click();
    await page.getByRole('link', { name: 'localhost', exact: true }).click();
    await page.getByRole('heading', { name: 'Branding settings' }).waitFor();
    await page.getByLabel('Upload image for banner_image').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: PNG });
    const field = page.getByLabel('banner_image', { exact: true });
    await expect.poll(() => field.inputValue(), { timeout: 10_000 }).toMatch(/^\/media\/upload-.*\.png$/);
    const url = await field.inputValue();
    // The preview shows the new banner before saving.
    await expect.poll(() => page.getByTestId('landing-preview').locator('.admin-preview-hero').getAttribute('style')).toContain(url);
    await page.getByRole('button', { name: 'Save branding' }).click();
    await page.getByText('Branding saved.').waitFor();

    const shopper = await e2e.newPage();
    await shopper.goto(e2e.url('/'));
    await shopper.getByRole('heading', { level: 1, name: 'Benefit Store' }).waitFor();
    await expect.poll(() => shopper.locator('section.hero').getAttribute('style')).toContain(url);
    const img = await shopper.request.get(e2e.url(url));
    expect(img.headers()['content-type']).toBe('image/png');

    // A script-carrying SVG is refused with the reason beside the field.
    await page.getByLabel('Upload image for banner_image').setInputFiles({ name: 'evil.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') });
    await page.getByText('This SVG contains scripts or external references and was refused.').waitFor();
  });

  it('changes a rate and the plan page shows the new price', async () => {
    const page = await e2e.newPage();
    await signInAsOperator(page, e2e);
    await page.getByRole('link', { name: 'Plans' }).click();
    await page.getByLabel('Search plans by name or id').fill('Pet Companion');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: 'Pet Companion' }).click();
    await page.getByRole('heading', { name: 'Rate table' }).waitFor();

    // A bad CSV row is refused with its row number.
    await page.getByLabel('CSV (tier,age_min,age_max,state,smoker,price)').fill('tier,age_min,age_max,state,smoker,price\nIO,18,99,,,abc\n');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await page.getByText('Row 1: Enter a price such as 12.50.').first().waitFor();

    await page.getByLabel('CSV (tier,age_min,age_max,state,smoker,price)').fill('tier,age_min,age_max,state,smoker,price\nIO,18,99,,,21.50\nIS,18,99,,,35.00\nIC,18,99,,,40.00\nIF,18,99,,,55.00\n');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await page.getByText('Rates imported.').waitFor();

    // Change the IO price in the grid.
    const tiers = await page.getByLabel(/^Tier, row \d+$/).evaluateAll((els) => els.map((e) => (e as HTMLSelectElement).value));
    const row = tiers.indexOf('IO') + 1;
    await page.getByLabel(`Price, row ${row}`, { exact: true }).fill('27.25');
    await page.getByRole('button', { name: 'Save rates' }).click();
    await page.getByText('Rates saved.').waitFor();

    await page.getByLabel('Zip code').fill('10001');
    await page.getByLabel('Date of birth').fill('01/15/1980');
    await page.getByRole('button', { name: 'Preview price' }).click();
    await page.getByText('Monthly price: $27.25 (age', { exact: false }).waitFor();

    // A shopper's new quote sees the new price on the plan page (no restart).
    const planId = Number(new URL(page.url()).pathname.split('/').pop());
    const shopper = await e2e.newPage();
    await shopper.goto(e2e.url('/'));
    await startQuote(shopper);
    await shopper.goto(e2e.url(`/plan/${planId}/Pet-Companion`));
    await shopper.locator('.price-card .price').first().waitFor();
    await expect.poll(() => shopper.locator('.price-card .price').allTextContents()).toContainEqual(expect.stringContaining('27.25'));
  });

  it('creates a plan from the console and gives it a checkbox question with grouped options', async () => {
    const page = await e2e.newPage();
    await signInAsOperator(page, e2e);
    await page.getByRole('link', { name: 'Plans' }).click();
    await page.getByRole('heading', { name: 'New plan' }).waitFor();
    // An id in use is refused beside its field, and nothing is created.
    await page.getByLabel('Plan id').fill('101');
    await page.getByLabel('Plan name').fill('Console Dental Plus');
    await page.getByRole('button', { name: 'Create plan' }).click();
    await page.getByText('This id is already used.').waitFor();
    await page.getByLabel('Plan id').fill('abc');
    await page.getByRole('button', { name: 'Create plan' }).click();
    await page.getByText('Enter a whole number from 1 up.').waitFor();
    await expect(page.getByLabel('Plan name').inputValue()).resolves.toBe('Console Dental Plus');

    await page.getByLabel('Plan id').fill('9901');
    await page.getByRole('button', { name: 'Create plan' }).click();
    await page.waitForURL(/\/admin\/plans\/9901$/);
    await page.getByRole('heading', { level: 1, name: 'Console Dental Plus' }).waitFor();
    const created = await e2e.store.db.selectFrom('plans').select(['plan_name', 'category', 'active']).where('plan_id', '=', 9901).executeTakeFirstOrThrow();
    expect(created).toEqual({ plan_name: 'Console Dental Plus', category: 'dental', active: false });

    await page.getByLabel('Question').fill('Which of these did you have treated in the last year?');
    await page.getByLabel('Answer type').selectOption('checkbox');
    await page.getByRole('button', { name: 'Add question' }).click();
    await page.getByText('Enter at least one option.').waitFor();
    await page.getByLabel('Options (one per line)').fill('Teeth | Cavity\nTeeth | Root canal\nGums | Gum disease');
    await page.getByRole('button', { name: 'Add question' }).click();
    await page.getByText('Which of these did you have treated in the last year?').waitFor();
    await page.getByText('Gums: Gum disease').waitFor();
    const question = await e2e.store.db.selectFrom('plan_questions').select(['question_sub_type', 'options']).where('plan_id', '=', 9901).executeTakeFirstOrThrow();
    const options = typeof question.options === 'string' ? JSON.parse(question.options) : question.options;
    expect(question.question_sub_type).toBe('checkbox');
    expect(options).toEqual([
      { option_id: 1, option_text: 'Cavity', option_group: 'Teeth' },
      { option_id: 2, option_text: 'Root canal', option_group: 'Teeth' },
      { option_id: 3, option_text: 'Gum disease', option_group: 'Gums' },
    ]);
  });

  it("shows the help chat's conversations and the rep sign-up requests under Leads", async () => {
    const shopper = await e2e.newPage();
    await shopper.goto(e2e.url('/jordan-avery'));
    await shopper.getByRole('heading', { level: 1, name: 'Jordan Avery' }).waitFor();
    await shopper.waitForLoadState('networkidle');
    const device = `e2e-lead-${Date.now()}`;
    let state = (await callApi(shopper, 'GET', `/api/v1/assist/get?device_id=${device}&agent_id=20001`)).body.data;
    for (const answer of ['Marlowe Kestrel', 'marlowe@example.org', '3125550144', 'vision', 'mornings']) {
      expect((await callApi(shopper, 'POST', '/api/v1/assist/add', { question_id: state.question.id, answer, device_id: device, agent_id: '20001' })).status).toBe(200);
      state = (await callApi(shopper, 'GET', `/api/v1/assist/get?device_id=${device}`)).body.data;
    }
    expect((await callApi(shopper, 'POST', '/api/v2/agent-registration-query', { name: 'Tamsin Roe', state: 'IL', phone: '3125550177', email: 'tamsin.roe@example.org' })).status).toBe(200);

    const page = await e2e.newPage();
    await signInAsOperator(page, e2e);
    await page.getByRole('link', { name: 'Leads' }).click();
    await page.getByRole('heading', { level: 1, name: 'Leads' }).waitFor();
    const chat = page.getByRole('region', { name: 'Help chat' });
    await chat.getByLabel('Search the answers').fill('Marlowe');
    await chat.getByRole('button', { name: 'Search' }).click();
    const conversation = chat.getByRole('article');
    await expect.poll(() => conversation.count()).toBe(1);
    await conversation.getByText('Rep: Jordan Avery').waitFor();
    await expect(conversation.locator('dt').allTextContents()).resolves.toEqual([
      'What is your name?',
      'What is your e-mail address?',
      'What is your phone number?',
      'Which kind of plan are you looking for (dental, vision, life or other)?',
      'When is the best time to reach you?',
    ]);
    await expect(conversation.locator('dd').allTextContents()).resolves.toEqual(['Marlowe Kestrel', 'marlowe@example.org', '3125550144', 'vision', 'mornings']);
    const requests = page.getByRole('region', { name: 'Rep sign-up requests' });
    await requests.getByRole('row', { name: /Tamsin Roe/ }).getByRole('link', { name: 'tamsin.roe@example.org' }).waitFor();
  });

  it('finds an enrollment made elsewhere by name and by id, masked, on a phone', async () => {
    const shopper = await e2e.newPage();
    await shopper.goto(e2e.url('/'));
    const id = await startQuote(shopper, '75201');
    // The personal step as another test would have saved it.
    await e2e.store.db
      .updateTable('enrollments')
      .set({ tabs: JSON.stringify({ primary_info: { first_name: 'Marisol', last_name: 'Quintanilla', ssn: '987654321' } }) })
      .where('id', '=', id)
      .execute();

    const page = await e2e.newPage({ mobile: true });
    await signInAsOperator(page, e2e);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Enrollments' }).click();
    await page.getByLabel('Name, confirmation number or enrollment id').fill('quintan');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('1–1 of 1').waitFor();
    await page.getByRole('link', { name: 'Marisol Quintanilla' }).click();
    await page.getByRole('heading', { level: 1, name: 'Marisol Quintanilla' }).waitFor();
    await page.getByText(id).first().waitFor();
    await page.getByText('xxxxx4321').waitFor();
    expect(await page.content()).not.toContain('987654321');
    await page.getByText('75201').first().waitFor();

    await page.goto(e2e.url('/admin/enrollments'));
    await page.getByLabel('Name, confirmation number or enrollment id').fill(id);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('1–1 of 1').waitFor();
    const audit = await e2e.store.db.selectFrom('audit_log').select('action').where('target', '=', `enrollment:${id}`).execute();
    expect(audit.map((a) => a.action)).toContain('view-enrollment');
  });

  it('asks for an authenticator code again before it shows an enrollment, 5 minutes after the last one', async () => {
    const shopper = await e2e.newPage();
    await shopper.goto(e2e.url('/'));
    const id = await startQuote(shopper, '75201');
    await e2e.store.db.updateTable('enrollments').set({ tabs: JSON.stringify({ primary_info: { first_name: 'Ines', last_name: 'Okonkwo' } }) }).where('id', '=', id).execute();
    const page = await e2e.newPage();
    await signInAsOperator(page, e2e);
    // The sign-in's code was given 6 minutes ago.
    await sql`update sessions set data = jsonb_set(data, '{second_factor_at}', to_jsonb(${Date.now() - 6 * 60_000}::bigint)) where account_id is not null`.execute(e2e.store.db);
    await page.goto(e2e.url(`/admin/enrollments/${id}`));
    await page.getByText('Enter a code of your authenticator app to see personal data.').waitFor();
    expect(await page.content()).not.toContain('Okonkwo');
    await page.getByLabel('Authenticator code').fill('000000');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect.poll(() => page.locator('[id="code_message"]').textContent()).toBe('The code is not right.');
    for (let round = 0; !(await page.getByRole('heading', { level: 1, name: 'Ines Okonkwo' }).isVisible()); round++) {
      if (round >= 6) throw new Error('the code was not accepted');
      if (round === 2 || round === 4) await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 200);
      await page.getByLabel('Authenticator code').fill(await generate({ secret: DEMO_OPERATOR_TOTP_SECRET, epoch: Math.floor(Date.now() / 1000) + (round % 2) * 30 }));
      const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/second-factor/check');
      await page.getByRole('button', { name: 'Show' }).click();
      if ((await answer).status() === 200) await page.getByRole('heading', { level: 1, name: 'Ines Okonkwo' }).waitFor();
    }
  }, 120_000);

  it('shows a mail of the outbox in a sandboxed frame and resends it', async () => {
    const id = await e2e.store.app.mailer.enqueue(e2e.store.db, { kind: 'test', to: 'pat@example.com', subject: 'Welcome to the store', html: '<h1>Hello Pat</h1><script>parent.document.title="owned"</script>', text: 'Hello Pat' });
    await e2e.store.app.mailer.flush();
    const page = await e2e.newPage();
    await signInAsOperator(page, e2e);
    await page.getByRole('link', { name: 'Outbox' }).click();
    await page.getByRole('link', { name: 'Welcome to the store' }).click();
    // The mail's page replaces the list (which shows the same status) once it has rendered: wait for the mail first.
    const frame = page.frameLocator('iframe[title="Mail content"]');
    await frame.getByRole('heading', { name: 'Hello Pat' }).waitFor();
    await page.getByText('Kept (no mail server)').waitFor();
    expect(await page.title()).not.toBe('owned');
    await page.getByRole('button', { name: 'Resend' }).click();
    await page.getByText('The mail is queued to be sent again.').waitFor();
    await expect.poll(async () => (await e2e.store.db.selectFrom('outbox').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('kept');
  });
  it('adds a rep: a reserved landing url is refused beside the field, then the landing page opens', async () => {
    const page = await e2e.newPage();
    await signInAsOperator(page, e2e);
    await page.getByRole('link', { name: 'Reps' }).click();
    await page.getByRole('link', { name: 'Add a rep' }).click();
    await page.getByLabel('Rep id').fill('20777');
    await page.getByLabel('First name').fill('Pat');
    await page.getByLabel('Last name').fill('Rivers');
    await page.getByLabel('Agent code').fill('AGENT777');
    await page.getByLabel('Landing url').fill('cart');
    await page.getByLabel('Display name').fill('Pat Rivers');
    await page.getByLabel('About text').fill('Pat Rivers helps small businesses.');
    await page.getByLabel('Direct Enrollment (DIRECT)').check();
    await page.getByRole('button', { name: 'Save rep' }).click();
    await page.getByText('This address is used by the store itself. Please choose another.').waitFor();
    await page.getByLabel('Landing url').fill('pat-rivers');
    await page.getByRole('button', { name: 'Save rep' }).click();
    await page.waitForURL(/\/admin\/agents\/20777$/);
    await page.getByRole('heading', { level: 1, name: 'Pat Rivers' }).waitFor();

    const visitor = await e2e.newPage();
    await visitor.goto(e2e.url('/pat-rivers'));
    await visitor.getByRole('heading', { level: 1, name: 'Pat Rivers' }).waitFor();
  });
});
