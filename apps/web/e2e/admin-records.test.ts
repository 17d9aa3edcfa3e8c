import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { sql } from 'kysely';
import { callApi, startE2E, type E2E } from './harness.ts';
import { signInAsOperator, startQuote } from './admin-harness.ts';
import { followSummaryLink, refusedSummary } from './harness-a11y.ts';
import { DEMO_OPERATOR_TOTP_SECRET } from '../../server/src/db/seed/demo-people.ts';

describe('operator console: leads, enrollments, outbox and reps', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it("shows the help chat's conversations and the rep sign-up requests under Leads", async () => {
    const shopper = await e2e.newPage();
    await shopper.goto(e2e.url('/jordan-avery'));
    await shopper.getByRole('heading', { level: 1, name: 'Jordan Avery' }).waitFor();
    await shopper.waitForLoadState('networkidle');
    const device = `e2e-lead-${Date.now()}`;
    let state = (await callApi(shopper, 'GET', `/api/v1/assist/get?device_id=${device}&agent_id=20001`)).body.data;
    for (const answer of ['Marlowe Kestrel', 'marlowe@example.org', '3125550144', 'vision', 'mornings']) {
      expect(
        (
          await callApi(shopper, 'POST', '/api/v1/assist/add', {
            question_id: state.question.id,
            answer,
            device_id: device,
            agent_id: '20001',
          })
        ).status,
      ).toBe(200);
      state = (await callApi(shopper, 'GET', `/api/v1/assist/get?device_id=${device}`)).body.data;
    }
    expect(
      (
        await callApi(shopper, 'POST', '/api/v2/agent-registration-query', {
          name: 'Tamsin Roe',
          state: 'IL',
          phone: '3125550177',
          email: 'tamsin.roe@example.org',
        })
      ).status,
    ).toBe(200);

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
    await expect(conversation.locator('dd').allTextContents()).resolves.toEqual([
      'Marlowe Kestrel',
      'marlowe@example.org',
      '3125550144',
      'vision',
      'mornings',
    ]);
    const requests = page.getByRole('region', { name: 'Rep sign-up requests' });
    await requests
      .getByRole('row', { name: /Tamsin Roe/ })
      .getByRole('link', { name: 'tamsin.roe@example.org' })
      .waitFor();
  });

  it('finds an enrollment made elsewhere by name and by id, masked, on a phone', async () => {
    const shopper = await e2e.newPage();
    await shopper.goto(e2e.url('/'));
    const id = await startQuote(shopper, '75201');
    // The personal step as another test would have saved it.
    await e2e.store.db
      .updateTable('enrollments')
      .set({
        tabs: JSON.stringify({
          primary_info: { first_name: 'Marisol', last_name: 'Quintanilla', ssn: '587654321', gender: '1', _sealed: 's2.secret' },
          aggrement_info: { user_name: 'Marisol Quintanilla', signed: true },
        }),
      })
      .where('id', '=', id)
      .execute();

    const page = await e2e.newPage({ mobile: true, width: 375 });
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
    expect(await page.content()).not.toContain('587654321');
    await page.getByText('75201').first().waitFor();
    // It reads as the review does (issue 37): the review's titles and labels, codes in words, no stored field names,
    // and it fits a 375 px phone.
    await page.getByRole('heading', { name: 'Personal Info' }).waitFor();
    await page.getByRole('heading', { name: 'Agreement & Signature' }).waitFor();
    await page.getByText('Female', { exact: true }).waitFor();
    const shown = await page.evaluate(() => document.body.innerText);
    for (const raw of ['primary_info', 'aggrement_info', '_sealed', 'first_name', '[encrypted]']) expect(shown).not.toContain(raw);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await page.goto(e2e.url('/admin/enrollments'));
    // A date that is not mm/dd/yyyy is refused beside its field.
    await page.getByLabel('Created from').fill('02/30/2020');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('Enter the date as mm/dd/yyyy.').waitFor();
    expect(await page.getByLabel('Created from').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Created from').fill('01/01/2020');
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
    await e2e.store.db
      .updateTable('enrollments')
      .set({ tabs: JSON.stringify({ primary_info: { first_name: 'Ines', last_name: 'Okonkwo' } }) })
      .where('id', '=', id)
      .execute();
    const page = await e2e.newPage();
    await signInAsOperator(page, e2e);
    // The sign-in's code was given 6 minutes ago.
    await sql`update sessions set data = jsonb_set(data, '{second_factor_at}', to_jsonb(${Date.now() - 6 * 60_000}::bigint)) where account_id is not null`.execute(
      e2e.store.db,
    );
    await page.goto(e2e.url(`/admin/enrollments/${id}`));
    await page.getByText('Enter a code of your authenticator app to see personal data.').waitFor();
    expect(await page.content()).not.toContain('Okonkwo');
    await page.getByLabel('Authenticator code').fill('000000');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect.poll(() => page.locator('[id="code_message"]').textContent()).toBe('The code is not right.');
    // The code form's summary takes the focus and leads back to the code, which keeps what was typed.
    const code = page.getByLabel('Authenticator code');
    await followSummaryLink(await refusedSummary(page), 'Authenticator code: The code is not right.', code);
    expect(await code.inputValue()).toBe('000000');
    for (let round = 0; !(await page.getByRole('heading', { level: 1, name: 'Ines Okonkwo' }).isVisible()); round++) {
      if (round >= 6) throw new Error('the code was not accepted');
      if (round === 2 || round === 4) await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 200);
      await page
        .getByLabel('Authenticator code')
        .fill(await generate({ secret: DEMO_OPERATOR_TOTP_SECRET, epoch: Math.floor(Date.now() / 1000) + (round % 2) * 30 }));
      const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/second-factor/check');
      await page.getByRole('button', { name: 'Show' }).click();
      if ((await answer).status() === 200) await page.getByRole('heading', { level: 1, name: 'Ines Okonkwo' }).waitFor();
    }
  }, 120_000);

  it('shows a mail of the outbox in a sandboxed frame and resends it', async () => {
    const id = await e2e.store.app.mailer.enqueue(e2e.store.db, {
      kind: 'test',
      to: 'pat@example.com',
      subject: 'Welcome to the store',
      html: '<h1>Hello Pat</h1><script>parent.document.title="owned"</script>',
      text: 'Hello Pat',
    });
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
    await expect
      .poll(async () => (await e2e.store.db.selectFrom('outbox').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status)
      .toBe('kept');
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
    // Refused beside the field, and the summary naming the field takes the focus; what was typed stays.
    const reserved = 'This address is used by the store itself. Please choose another.';
    await page.locator('.field-error', { hasText: reserved }).waitFor();
    const summary = page.locator('.error-summary');
    await summary.getByRole('link', { name: `Landing url: ${reserved}` }).waitFor();
    await expect.poll(() => summary.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByLabel('Display name').inputValue()).toBe('Pat Rivers');
    await page.getByLabel('Landing url').fill('pat-rivers');
    await page.getByRole('button', { name: 'Save rep' }).click();
    await page.waitForURL(/\/admin\/agents\/20777$/);
    await page.getByRole('heading', { level: 1, name: 'Pat Rivers' }).waitFor();

    const visitor = await e2e.newPage();
    await visitor.goto(e2e.url('/pat-rivers'));
    await visitor.getByRole('heading', { level: 1, name: 'Pat Rivers' }).waitFor();
  });
});
